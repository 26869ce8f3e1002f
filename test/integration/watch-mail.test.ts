import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { devOutbox, watchDigests, watches, watchMatches, watchSeenAds, watchTargets } from "#drizzle/schema";
import { type MarketplaceCar, MarketplaceQuerySchema } from "#app/lib/marketplace";
import { watchAdviceOf, watchQueryOf } from "#app/lib/watch-match";
import { loader as exportLoader } from "#app/routes/recommendations-export";
import { action as linkAction, loader as linkLoader } from "#app/routes/watch-link";
import { deleteRowsWithTombstone } from "#app/server/db/deleted-users.server";
import { servicesFor } from "#app/server/services.server";
import { checkWatchQuery } from "#app/server/watches/watch-checks.server";
import { DIGEST_SUBJECT } from "#app/server/watches/watch-digest.server";
import { runWatchCron } from "#app/server/watches/watch-jobs.server";
import { handleOneClick } from "#app/server/watches/watch-link-actions.server";
import { createWatchForUser } from "#app/server/watches/watch-store.server";
import type { Marketplace } from "#app/server/marketplace/marketplace.server";
import { ORIGIN, run, signIn } from "#test/setup/route-harness";

/** The digest in the development outbox, its signed links (confirm page, one-click), the export and the account deletion. */

const services = servicesFor(env);
const { db } = services;
const NOW = new Date("2026-12-02T08:23:00Z");
const ADVISED = MarketplaceQuerySchema.parse({ make: "Volvo", model: "V60", minPrice: 150_000, maxPrice: 200_000, minYear: 2018, maxMileage: 15_000 });
const queue = { sendBatch: async () => undefined };

function ad(id: string, price: number): MarketplaceCar {
  return {
    link: `https://www.blocket.se/mobility/item/${id}`,
    heading: `Volvo V60 ${id}`,
    price: { amount: String(price) },
    car: { location: { city: "Luleå" }, fuel: "Diesel", gearbox: "Automat", regDate: 2019, mileage: 8_000 },
    stated: { towbar: true },
  };
}

function listing(cars: MarketplaceCar[]): Marketplace {
  const marketplace: Marketplace = {
    source: "blocket",
    search: async () => ({ cars, adsUrl: "https://www.blocket.se/", totalCount: cars.length, countIsEstimate: false, source: "blocket", marketWindow: null }),
    forRequest: () => marketplace,
  };
  return marketplace;
}

async function watchWithMatch(userId: string, email: string, adIds = ["1"]) {
  const queryKey = `mail-${userId}`;
  const target = {
    carKey: "volvo v60",
    carName: "Volvo V60",
    queryKey,
    query: watchQueryOf(ADVISED),
    advice: watchAdviceOf(ADVISED, { towbar: true, awd: false, fuels: [] }),
  };
  const created = await createWatchForUser(
    userId,
    {
      searchId: `s-${userId}`,
      recommendationId: `r-${userId}`,
      carKey: "volvo v60",
      label: "Volvo V60",
      targets: [target],
      baseline: new Map([[queryKey, []]]),
      localMailTo: email,
    },
    db,
    NOW,
  );
  await checkWatchQuery(queryKey, { db, marketplace: listing(adIds.map((id) => ad(`${userId}-${id}`, 185_000))), dailyFetchCap: 100 }, NOW);
  return created;
}

const outboxOf = (userId: string) => db.select().from(devOutbox).where(eq(devOutbox.userId, userId)).all();

describe("watch digest", () => {
  it("one digest a day, in the outbox, Swedish, without price or wish in the subject, with one-click unsubscribe headers", async () => {
    await watchWithMatch("digest-user", "kopare@example.se");
    await runWatchCron(services, { WATCH_CHECKS: queue }, NOW);
    // A second fitting ad the same day waits for tomorrow's digest.
    await watchWithMatch("digest-user", "kopare@example.se", ["1", "2"]);
    await runWatchCron(services, { WATCH_CHECKS: queue }, new Date(NOW.getTime() + 4 * 3600 * 1000));
    const mails = await outboxOf("digest-user");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.message;
    expect(mail.to).toBe("kopare@example.se");
    expect(mail.subject).toBe(DIGEST_SUBJECT);
    expect(mail.subject).not.toMatch(/\d|kr/);
    expect(mail.text).toContain("✓ Dragkrok");
    expect(mail.text).toMatch(/185\s000\skr/u);
    expect(mail.html).toContain('<html lang="sv">');
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:5173\/bevakning\/avregistrera\?t=[\w-]+\.[\w-]+>$/);
    const matches = await db.select().from(watchMatches).where(eq(watchMatches.userId, "digest-user")).all();
    expect(matches.map((match) => [match.adKey, match.mailedAt !== null]).sort()).toEqual([
      ["digest-user-1", true],
      ["digest-user-2", false],
    ]);
  });

  it("the unsubscribe link shows a confirm page on GET and stops the watches on its button; a forged link is a 400", async () => {
    await watchWithMatch("unsub-user", "unsub@example.se");
    await runWatchCron(services, { WATCH_CHECKS: queue }, NOW);
    const [mail] = await outboxOf("unsub-user");
    const link = new URL(/http:\/\/\S+\/bevakning\/avsluta\?t=\S+/.exec(mail!.message.text)![0]);
    const token = link.searchParams.get("t")!;
    const page = await run(linkLoader, `${link.pathname}${link.search}`, { params: { atgard: "avsluta" } });
    expect(page.status).toBe(200);
    expect(await db.select().from(watches).where(eq(watches.userId, "unsub-user")).all()).toSatisfy((rows: { stoppedAt: Date | null }[]) =>
      rows.every((row) => row.stoppedAt === null),
    );
    const acted = await run(linkAction, link.pathname, { method: "POST", fields: { t: token }, params: { atgard: "avsluta" } });
    expect(acted.status).toBe(200);
    const rows = await db.select().from(watches).where(eq(watches.userId, "unsub-user")).all();
    expect(rows.every((row) => row.stoppedAt !== null)).toBe(true);
    const forged = await run(linkLoader, `/bevakning/avsluta?t=${token.slice(0, -2)}xx`, { params: { atgard: "avsluta" } });
    expect(forged.status).toBe(400);
  });

  it("a mail client's one-click POST stops the watches without a session or Origin", async () => {
    await watchWithMatch("oneclick-user", "oneclick@example.se");
    await runWatchCron(services, { WATCH_CHECKS: queue }, NOW);
    const [mail] = await outboxOf("oneclick-user");
    const url = mail!.message.headers["List-Unsubscribe"]!.slice(1, -1);
    const response = await handleOneClick(new Request(url, { method: "POST", body: "List-Unsubscribe=One-Click" }), services);
    expect(response.status).toBe(200);
    const rows = await db.select().from(watches).where(eq(watches.userId, "oneclick-user")).all();
    expect(rows.every((row) => row.stoppedAt !== null)).toBe(true);
    expect((await handleOneClick(new Request(`${ORIGIN}/bevakning/avregistrera?t=nope.nope`, { method: "POST" }), services)).status).toBe(400);
  });

  it("the export holds the watches, their matches and the digests; deleting the account removes every watch row", async () => {
    const session = await signIn("bevaka-radera@example.se");
    await watchWithMatch(session.userId, "bevaka-radera@example.se");
    await runWatchCron(services, { WATCH_CHECKS: queue }, NOW);
    const exported = (await (await run(exportLoader, "/recommendations/export", { cookie: session.cookie })).json()) as {
      watches: { watches: unknown[]; matches: unknown[]; digests: unknown[] };
    };
    expect(exported.watches.watches).toHaveLength(1);
    expect(exported.watches.matches).toHaveLength(1);
    expect(exported.watches.digests).toHaveLength(1);
    const [watch] = await db.select().from(watches).where(eq(watches.userId, session.userId)).all();
    await deleteRowsWithTombstone(session.userId, db);
    expect(await db.select().from(watches).where(eq(watches.userId, session.userId)).all()).toHaveLength(0);
    expect(await db.select().from(watchTargets).where(eq(watchTargets.watchId, watch!.id)).all()).toHaveLength(0);
    expect(await db.select().from(watchSeenAds).where(eq(watchSeenAds.watchId, watch!.id)).all()).toHaveLength(0);
    expect(await db.select().from(watchMatches).where(eq(watchMatches.userId, session.userId)).all()).toHaveLength(0);
    expect(await db.select().from(watchDigests).where(eq(watchDigests.userId, session.userId)).all()).toHaveLength(0);
    expect(await outboxOf(session.userId)).toHaveLength(0);
  });
});

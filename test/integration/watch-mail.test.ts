import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it, vi } from "vitest";
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
import type { ClerkAuthConfig } from "#app/server/auth/auth-config.server";
import { ORIGIN, run, signIn } from "#test/setup/route-harness";
import { FAPI_HOST, PUBLISHABLE_KEY, SECRET_KEY, SITE_ORIGIN } from "#test/security/clerk-harness";

/**
 * The digest in the development outbox, its signed links (confirm page, one-click, renew), the
 * reminder before a watch ends, the address from Clerk, the export and the account deletion.
 */

const DAY_MS = 24 * 3600 * 1000;

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

async function watchWithMatch(userId: string, email: string | null, adIds = ["1"]) {
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

  it("with Clerk the digest goes to the account's primary address, read from Clerk's Backend API at send time; a user Clerk no longer knows gets none", async () => {
    const clerkApi = inject("fakeClerkUrl");
    await fetch(`${clerkApi}/__fake/users`, {
      method: "POST",
      body: JSON.stringify({ id: "user_watch_clerk", emails: ["gammal@example.se", "primar@example.se"], primary: 1 }),
    });
    const auth: ClerkAuthConfig = {
      provider: "clerk",
      publishableKey: PUBLISHABLE_KEY,
      secretKey: SECRET_KEY,
      jwtKey: undefined,
      frontendApiOrigin: `https://${FAPI_HOST}`,
      authorizedParties: [SITE_ORIGIN],
      apiUrl: clerkApi,
      webhookSigningSecret: undefined,
    };
    // A Clerk account's watch keeps no address of its own.
    await watchWithMatch("user_watch_clerk", null);
    await watchWithMatch("user_watch_gone", null);
    // Under NODE_ENV "test" (test/setup/clerk-live-fetch.ts) Clerk's SDK calls the global fetch as a method of its own
    // object, which workerd refuses ("Illegal invocation"); outside tests it binds fetch at import. A plain function
    // around the real fetch stands in, so the request really goes over HTTP to the fake.
    const realFetch = globalThis.fetch.bind(globalThis);
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => realFetch(input, init));
    try {
      await runWatchCron({ ...services, auth }, { WATCH_CHECKS: queue }, NOW);
    } finally {
      vi.unstubAllGlobals();
    }
    expect((await outboxOf("user_watch_clerk")).map((mail) => mail.message.to)).toEqual(["primar@example.se"]);
    expect(await outboxOf("user_watch_gone")).toHaveLength(0);
    const requests = await (await fetch(`${clerkApi}/__fake/requests`)).json();
    expect(requests).toEqual(
      expect.arrayContaining([
        { method: "GET", path: "/v1/users/user_watch_clerk", authorization: `Bearer ${SECRET_KEY}` },
        { method: "GET", path: "/v1/users/user_watch_gone", authorization: `Bearer ${SECRET_KEY}` },
      ]),
    );
  });

  // Last in the file: its runs, days from the others' NOW, also mail the earlier tests' buyers.
  it("7 days before a watch ends the digest reminds with a signed renew link, whose button renews it for 60 days", async () => {
    // Made 53 days ago, so the renewal (which counts from the real clock) is seen to move its end.
    const start = new Date(Date.now() - 53 * DAY_MS);
    const target = {
      carKey: "volvo v60",
      carName: "Volvo V60",
      queryKey: "mail-remind",
      query: watchQueryOf(ADVISED),
      advice: watchAdviceOf(ADVISED, undefined),
    };
    const newWatch = { searchId: "s-remind", recommendationId: "r-remind", carKey: "volvo v60", label: "Volvo V60", targets: [target] };
    await createWatchForUser("remind-user", { ...newWatch, baseline: new Map([["mail-remind", []]]), localMailTo: "paminn@example.se" }, db, start);
    // Eight days before: nothing to tell.
    await runWatchCron(services, { WATCH_CHECKS: queue }, new Date(start.getTime() + 52 * DAY_MS));
    expect(await outboxOf("remind-user")).toHaveLength(0);
    await runWatchCron(services, { WATCH_CHECKS: queue }, new Date(start.getTime() + 53 * DAY_MS));
    const mails = await outboxOf("remind-user");
    expect(mails).toHaveLength(1);
    const { text } = mails[0]!.message;
    expect(text).toContain("Din bevakning av Volvo V60 slutar om 7 dagar.");
    expect(text).not.toContain("Vi har hittat");
    const link = new URL(/http:\/\/\S+\/bevakning\/fornya\?t=\S+/.exec(text)![0]);
    const acted = await run(linkAction, link.pathname, { method: "POST", fields: { t: link.searchParams.get("t")! }, params: { atgard: "fornya" } });
    expect(acted.status).toBe(200);
    const [renewed] = await db.select().from(watches).where(eq(watches.userId, "remind-user")).all();
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(start.getTime() + 60 * DAY_MS);
  });
});

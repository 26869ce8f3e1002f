import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { watches, watchMatches, watchSeenAds, watchTargets } from "#drizzle/schema";
import { type MarketplaceCar, type MarketplaceQuery, MarketplaceQuerySchema, type MarketplaceResult } from "#app/lib/marketplace";
import { watchAdviceOf, watchQueryOf } from "#app/lib/watch-match";
import { createDatabase } from "#app/server/db/client.server";
import { createRecommendationForUser, getRecommendationForUser } from "#app/server/db/recommendations.server";
import { createMarketplace, type Marketplace } from "#app/server/marketplace/marketplace.server";
import { checkWatchQuery, enqueueWatchChecks, type WatchCheckMessage } from "#app/server/watches/watch-checks.server";
import { handleWatchBatch } from "#app/server/watches/watch-jobs.server";
import { createWatchForUser, listMatchesForUser, type WatchTarget } from "#app/server/watches/watch-store.server";
import { servicesFor } from "#app/server/services.server";
import { watchTargetsOf } from "#app/server/watches/watch-targets.server";
import { buildCar, buildInput, buildResult } from "#test/fixtures/recommendations";

/**
 * The watch checks against D1 (docs/decisions/021): a message handled twice records each ad once,
 * one fetch per query however many watch it, ads listed at watch time are never new, a price that
 * drops into the window is, a watch past its 60 days is not checked, the daily cap holds, and a
 * watch follows its search's newest version.
 */

declare module "vitest" {
  export interface ProvidedContext {
    fakeBlocketUrl: string;
  }
}

const db = createDatabase(env.DB);
const NOW = new Date("2026-12-01T08:23:00Z");
const LATER = new Date("2026-12-01T12:23:00Z");

const ADVISED = MarketplaceQuerySchema.parse({
  make: "Volvo",
  model: "V60",
  minPrice: 150_000,
  maxPrice: 200_000,
  minYear: 2018,
  maxYear: 2021,
  maxMileage: 15_000,
  fuel: "diesel",
});

function ad(id: string, price: number, overrides: Partial<MarketplaceCar["car"]> = {}, stated: MarketplaceCar["stated"] = { fuel: "diesel" }): MarketplaceCar {
  return {
    link: `https://www.blocket.se/mobility/item/${id}`,
    heading: `Volvo V60 D4 ${id}`,
    price: { amount: String(price) },
    car: { location: { city: "Umeå" }, fuel: "Diesel", gearbox: "Automat", regDate: 2019, mileage: 9_000, ...overrides },
    stated,
  };
}

/** A marketplace whose listing the test sets; counts its searches. */
function fakeMarketplace(listing: { cars: MarketplaceCar[] }) {
  const calls: MarketplaceQuery[] = [];
  const marketplace: Marketplace = {
    source: "blocket",
    async search(query) {
      calls.push(MarketplaceQuerySchema.parse(query));
      const result: MarketplaceResult = {
        cars: listing.cars,
        adsUrl: "https://www.blocket.se/mobility/search/car",
        totalCount: listing.cars.length,
        countIsEstimate: false,
        source: "blocket",
        marketWindow: null,
      };
      return result;
    },
    forRequest: () => marketplace,
  };
  return { marketplace, calls };
}

async function target(query: MarketplaceQuery = ADVISED, carKey = "volvo v60"): Promise<WatchTarget> {
  const watched = watchQueryOf(query);
  return {
    carKey,
    carName: "Volvo V60",
    queryKey: `q-${carKey}-${query.maxPrice}`,
    query: watched,
    advice: watchAdviceOf(query, { towbar: false, awd: false, fuels: ["diesel"] }),
  };
}

/** Each test its own query, so one test's check never reaches another's watches. */
async function watch(userId: string, baseline: MarketplaceCar[] | null, t?: WatchTarget, now = NOW) {
  const chosen = t ?? (await target(ADVISED, `car-of-${userId}`));
  const created = await createWatchForUser(
    userId,
    {
      searchId: `s-${userId}`,
      recommendationId: `r-${userId}`,
      carKey: chosen.carKey,
      label: chosen.carName,
      targets: [chosen],
      baseline: baseline ? new Map([[chosen.queryKey, baseline]]) : null,
      localMailTo: null,
    },
    db,
    now,
  );
  if (created.status !== "created") throw new Error(`watch not created: ${created.status}`);
  return { id: created.id, target: chosen };
}

describe("watch checks", () => {
  it("ads listed at watch time are never new; a fitting new ad is, a non-fitting one is not", async () => {
    const listing = { cars: [ad("100", 180_000), ad("101", 190_000)] };
    const { target: t } = await watch("baseline-user", listing.cars);
    const { marketplace } = fakeMarketplace(listing);
    listing.cars = [...listing.cars, ad("102", 175_000), ad("103", 185_000, {}, { fuel: "bensin" })];
    const run = await checkWatchQuery(t.queryKey, { db, marketplace, dailyFetchCap: 5_000 }, LATER);
    expect(run).toEqual({ outcome: "checked", matches: 1 });
    const matches = await listMatchesForUser("baseline-user", db, LATER);
    expect(matches.map((match) => [match.adKey, match.kind])).toEqual([["102", "new"]]);
  });

  it("a message handled twice records each ad once", async () => {
    const listing = { cars: [ad("200", 180_000)] };
    const { target: t } = await watch("twice-user", listing.cars);
    listing.cars = [...listing.cars, ad("201", 170_000)];
    const { marketplace } = fakeMarketplace(listing);
    const messages = () => [0, 1].map(() => ({ body: { queryKey: t.queryKey } satisfies WatchCheckMessage, ack() {}, retry() {} }));
    const services = { ...servicesFor(env), marketplace };
    await handleWatchBatch(messages(), services, LATER);
    await handleWatchBatch(messages(), services, LATER);
    const rows = await db.select().from(watchMatches).where(eq(watchMatches.userId, "twice-user")).all();
    expect(rows.map((row) => row.adKey)).toEqual(["201"]);
    const seen = await db.select().from(watchSeenAds).where(eq(watchSeenAds.adKey, "201")).all();
    expect(seen).toHaveLength(1);
  });

  it("a price that drops into the window counts as 'Sänkt pris'; a drop that stays above it does not", async () => {
    const listing = { cars: [ad("300", 215_000), ad("301", 228_000)] };
    const { target: t } = await watch("drop-user", listing.cars);
    const { marketplace } = fakeMarketplace(listing);
    listing.cars = [ad("300", 195_000), ad("301", 221_000)];
    const run = await checkWatchQuery(t.queryKey, { db, marketplace, dailyFetchCap: 5_000 }, LATER);
    expect(run.matches).toBe(1);
    const matches = await listMatchesForUser("drop-user", db, LATER);
    expect(matches.map((match) => [match.adKey, match.kind])).toEqual([["300", "price-drop"]]);
  });

  it("an ad no longer listed leaves the list", async () => {
    const listing = { cars: [ad("400", 180_000)] };
    const { target: t } = await watch("gone-user", []);
    const { marketplace } = fakeMarketplace(listing);
    await checkWatchQuery(t.queryKey, { db, marketplace, dailyFetchCap: 5_000 }, LATER);
    expect(await listMatchesForUser("gone-user", db, LATER)).toHaveLength(1);
    listing.cars = [];
    await checkWatchQuery(t.queryKey, { db, marketplace, dailyFetchCap: 5_000 }, LATER);
    expect(await listMatchesForUser("gone-user", db, LATER)).toHaveLength(0);
  });

  it("a watch over its 60 days is not checked: its query is not enqueued and a stray message fetches nothing", async () => {
    const old = new Date(NOW.getTime() - 61 * 24 * 3600 * 1000);
    const t = { ...(await target(ADVISED, "expired-car")), queryKey: "q-expired-only" };
    await watch("expired-user", [], t, old);
    const sent: WatchCheckMessage[] = [];
    await enqueueWatchChecks(
      { db, results: servicesFor(env).results, queue: { sendBatch: async (batch) => void sent.push(...[...batch].map((m) => m.body)) } },
      NOW,
    );
    expect(sent.map((message) => message.queryKey)).not.toContain("q-expired-only");
    const { marketplace, calls } = fakeMarketplace({ cars: [ad("500", 180_000)] });
    expect(await checkWatchQuery("q-expired-only", { db, marketplace, dailyFetchCap: 5_000 }, NOW)).toEqual({ outcome: "no-watchers", matches: 0 });
    expect(calls).toHaveLength(0);
  });

  it("past the daily cap the checks wait and the operator log says so", async () => {
    const t = { ...(await target(ADVISED, "cap-car")), queryKey: "q-cap" };
    await watch("cap-user", [], t);
    const { marketplace, calls } = fakeMarketplace({ cars: [] });
    const logs: string[] = [];
    const deps = { db, marketplace, dailyFetchCap: 1, log: (line: string) => logs.push(line) };
    const day = new Date("2026-12-03T08:00:00Z");
    expect((await checkWatchQuery("q-cap", deps, day)).outcome).toBe("checked");
    expect((await checkWatchQuery("q-cap", deps, day)).outcome).toBe("capped");
    expect(calls).toHaveLength(1);
    expect(logs.join("\n")).toMatch(/cap of 1 Blocket fetches is reached/);
  });

  it("many watchers of one query make one Blocket fetch per run with the cache empty", async () => {
    const key = `watch-many-${crypto.randomUUID()}`;
    const fakeUrl = inject("fakeBlocketUrl");
    const blocket = createMarketplace({ source: "blocket", baseUrl: `${fakeUrl}/__mode/ok/${key}`, allowLoopbackBaseUrl: true }, { kv: env.CARS_CACHE });
    // Searches counted before the cache as well as at Blocket: the cache alone would hide a search per watcher.
    let searches = 0;
    const marketplace: Marketplace = {
      source: blocket.source,
      search: (query, options) => (searches++, blocket.search(query, options)),
      forRequest: () => marketplace,
    };
    const shared = { ...(await target(ADVISED, "shared-car")), queryKey: `q-shared-${key}` };
    for (let i = 0; i < 12; i++) await watch(`many-user-${i}`, [], shared);
    const sent: WatchCheckMessage[] = [];
    await enqueueWatchChecks(
      { db, results: servicesFor(env).results, queue: { sendBatch: async (batch) => void sent.push(...[...batch].map((m) => m.body)) } },
      NOW,
    );
    const mine = sent.filter((message) => message.queryKey === shared.queryKey);
    expect(mine).toHaveLength(1);
    await handleWatchBatch(
      mine.map((body) => ({ body, ack() {}, retry() {} })),
      { ...servicesFor(env), marketplace },
      NOW,
    );
    const requests = (await (await fetch(`${fakeUrl}/__fake/requests?key=${key}`)).json()) as unknown[];
    expect(searches).toBe(1);
    expect(requests.length).toBe(1);
  });

  it("a watch follows its search's newest version: the cron moves it to that version's query, whose ads then are its new baseline", async () => {
    const { results } = servicesFor(env);
    const user = "follow-user";
    const first = await createRecommendationForUser(user, { input: buildInput(), recommendation: buildResult(1) }, db, results);
    const [old] = await watchTargetsOf((await getRecommendationForUser(user, first.id, db, results))!, "volvo v60");
    await createWatchForUser(
      user,
      {
        searchId: first.id,
        recommendationId: first.id,
        carKey: old!.carKey,
        label: old!.carName,
        targets: [old!],
        baseline: new Map([[old!.queryKey, []]]),
        localMailTo: null,
      },
      db,
      NOW,
    );
    // The buyer corrects the reading: version 2 advises the car at a higher price.
    const newer = { source: "local" as const, cars: [buildCar(1, { recommendedPrice: { from: 160_000, to: 210_000 } })] };
    const second = await createRecommendationForUser(user, { input: buildInput(), recommendation: newer, search: { id: first.id, version: 2 } }, db, results);
    const sent: WatchCheckMessage[] = [];
    const run = await enqueueWatchChecks({ db, results, queue: { sendBatch: async (batch) => void sent.push(...[...batch].map((m) => m.body)) } }, NOW);
    expect(run.followed).toBe(1);
    const [moved] = await db.select().from(watches).where(eq(watches.userId, user)).all();
    expect(moved).toMatchObject({ recommendationId: second.id, baselinePending: true });
    const [now] = await db.select().from(watchTargets).where(eq(watchTargets.watchId, moved!.id)).all();
    expect(now!.advice.maxPrice).toBe(210_000);
    expect(sent.map((message) => message.queryKey)).toContain(now!.queryKey);
    expect(sent.map((message) => message.queryKey)).not.toContain(old!.queryKey);
    // What the new query lists at its first check is its baseline, never "Nytt"; an ad after that is.
    const listing = { cars: [ad("700", 205_000)] };
    const { marketplace } = fakeMarketplace(listing);
    expect(await checkWatchQuery(now!.queryKey, { db, marketplace, dailyFetchCap: 5_000 }, NOW)).toEqual({ outcome: "checked", matches: 0 });
    listing.cars = [...listing.cars, ad("701", 208_000)];
    expect(await checkWatchQuery(now!.queryKey, { db, marketplace, dailyFetchCap: 5_000 }, LATER)).toEqual({ outcome: "checked", matches: 1 });
  });
});

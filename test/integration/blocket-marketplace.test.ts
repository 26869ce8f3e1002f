import { env } from "cloudflare:workers";
import { unknownAvailabilityText } from "#app/lib/availability-text";
import { afterEach, describe, expect, inject, it } from "vitest";
import { MarketplaceResultSchema, type MarketplaceQueryInput } from "#app/lib/marketplace";
import {
  BLOCKET_USER_AGENT,
  BlocketConfigSchema,
  type BlocketConfig,
  type BlocketDeps,
  createBlocketMarketplace,
  variantTreeKey,
} from "#app/server/marketplace/blocket.server";
import type { KvLike } from "#app/server/marketplace/marketplace-cache.server";
import { createMarketplace, lookupAvailability, lookupMany } from "#app/server/marketplace/marketplace.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import { createOutboundGuard } from "#test/setup/outbound-guard";

declare module "vitest" {
  export interface ProvidedContext {
    fakeBlocketUrl: string;
  }
}

const fakeUrl = inject("fakeBlocketUrl");

/** The part of test/fakes/blocket.ts's RecordedBlocketRequest we read (that file is Node-only). */
type Recorded = { at: number; path: string; search: string; params: Record<string, string[]>; userAgent?: string; accept?: string; status: number };

/** Every outbound call goes through here; anything but the fakes fails the test. */
const outbound = createOutboundGuard([`${fakeUrl}/__mode/`]);
const guardedFetch = outbound.fetch;

afterEach(async () => {
  expect(outbound.takeUnexpected()).toEqual([]);
  const unexpected = (await (await fetch(`${fakeUrl}/__fake/unexpected`)).json()) as unknown[];
  expect(unexpected).toEqual([]);
});

/** A base URL that selects the fake's mode, with a key no other test shares. */
function scenario(mode: string) {
  const key = `${mode}-${crypto.randomUUID()}`;
  return { key, baseUrl: `${fakeUrl}/__mode/${mode}/${key}` };
}

function memoryKv(): KvLike & { store: Map<string, string> } {
  const store = new Map<string, string>();
  return {
    store,
    get: async (key) => store.get(key) ?? null,
    put: async (key, value) => {
      store.set(key, value);
    },
  };
}

function blocket(baseUrl: string, overrides: Partial<BlocketConfig> = {}, deps: BlocketDeps = {}) {
  return createBlocketMarketplace(
    { baseUrl, allowLoopbackBaseUrl: true, timeoutMs: 500, totalBudgetMs: 3_000, backoffMs: 20, ...overrides },
    { fetch: guardedFetch, kv: memoryKv(), log: () => {}, ...deps },
  );
}

async function recorded(key: string): Promise<Recorded[]> {
  return (await (await fetch(`${fakeUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as Recorded[];
}

const xc60: MarketplaceQueryInput = {
  make: "Volvo",
  model: "XC60",
  maxPrice: 300_000,
  maxMileage: 10_000,
  minYear: 2018,
  limit: 3,
  sellerType: "privat",
};

describe("Blocket adapter against the fake Blocket", () => {
  it("asks for the model's variant code, price, model year, mileage in mil, used cars and private sellers only", async () => {
    const { key, baseUrl } = scenario("ok");
    const result = await blocket(baseUrl).search(xc60);

    const calls = await recorded(key);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe("/mobility/search/api/search/SEARCH_ID_CAR_USED");
    expect(calls[0]?.params).toEqual({
      variant: ["1.818.2000093"],
      price_to: ["300000"],
      year_from: ["2018"],
      mileage_to: ["10000"],
      sales_form: ["1"],
      dealer_segment: ["3"],
    });

    expect(MarketplaceResultSchema.parse(result)).toEqual(result);
    expect(result.source).toBe("blocket");
    expect(result.totalCount).toBe(3);
    expect(result.countIsEstimate).toBe(false);
    expect(result.adsUrl).toBe(`https://www.blocket.se/mobility/search/car${calls[0]?.search}`);
    expect(result.cars).toHaveLength(3);
    for (const car of result.cars) {
      expect(Number(car.price.amount)).toBeLessThanOrEqual(300_000);
      expect(car.car.regDate).toBeGreaterThanOrEqual(2018);
      expect(car.car.mileage).toBeLessThanOrEqual(10_000);
      expect(car.link).toMatch(/^https:\/\/www\.blocket\.se\/mobility\/item\/\d+$/);
      expect(car.thumbnail).toMatch(/^https:\/\/images\.blocketcdn\.se\//);
      expect(car.car.location.city).toBeTruthy();
    }
    expect(result.cars[0]).toMatchObject({
      heading: "Volvo XC60 Plus",
      price: { amount: "137900" },
      car: { regDate: 2018, mileage: 9737, gearbox: "Automatisk", fuel: "Hybrid bensin" },
    });
    expect(result.marketWindow).toEqual({ medianPrice: 181_900, lowPrice: 137_900, highPrice: 240_900, sampleSize: 3 });
  });

  it("introduces itself like a browser, with our name and contact URL, and asks for JSON", async () => {
    const { key, baseUrl } = scenario("ok");
    await blocket(baseUrl).search(xc60);
    const [call] = await recorded(key);
    expect(call?.userAgent).toBe(BLOCKET_USER_AGENT);
    expect(call?.userAgent).toMatch(/^Mozilla\/5\.0 \(.+\) AppleWebKit\/[\d.]+ \(KHTML, like Gecko\) Chrome\/[\d.]+ Safari\/[\d.]+ /);
    expect(call?.userAgent).toContain("Drombil/1.0 (+https://drombil.se)");
    expect(call?.accept).toBe("application/json");
    // The production config (no override) sends the same.
    expect(BlocketConfigSchema.parse({}).userAgent).toBe(BLOCKET_USER_AGENT);
  });

  it("sends dealer_segment 2 for dealers and no seller filter for everyone", async () => {
    const dealers = scenario("ok");
    const dealerResult = await blocket(dealers.baseUrl).search({ make: "Volvo", model: "XC60", sellerType: "handlare" });
    expect((await recorded(dealers.key))[0]?.params).toEqual({ variant: ["1.818.2000093"], sales_form: ["1"], dealer_segment: ["2"] });
    expect(dealerResult.totalCount).toBe(4);

    const everyone = scenario("ok");
    const everyoneResult = await blocket(everyone.baseUrl).search({ make: "Volvo", model: "XC60" });
    expect((await recorded(everyone.key))[0]?.params).toEqual({ variant: ["1.818.2000093"], sales_form: ["1"] });
    expect(everyoneResult.totalCount).toBe(8);
    // limit defaults to 3, while the market window covers every ad of the page
    expect(everyoneResult.cars).toHaveLength(3);
    expect(everyoneResult.marketWindow?.sampleSize).toBe(8);
  });

  it("reports zero hits as a known count of 0 with no market window", async () => {
    const { baseUrl } = scenario("zero");
    const result = await blocket(baseUrl).search(xc60);
    expect(result).toMatchObject({ cars: [], totalCount: 0, countIsEstimate: false, marketWindow: null, source: "blocket" });
  });

  it("waits out a short Retry-After after a 429 and then succeeds", async () => {
    const { key, baseUrl } = scenario("429");
    const result = await blocket(baseUrl, { maxRetryAfterMs: 2_000 }).search(xc60);
    expect(result.totalCount).toBe(3);
    const calls = await recorded(key);
    expect(calls.map((call) => call.status)).toEqual([429, 200]);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it("gives up at once on a Retry-After longer than it may wait, passing the wait on", async () => {
    const { key, baseUrl } = scenario("429-long");
    const error = await blocket(baseUrl)
      .search(xc60)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "rate-limited", retryAfterSeconds: 30, status: 429 });
    expect(await recorded(key)).toHaveLength(1);
  });

  it("retries a 500 with backoff and succeeds when Blocket recovers", async () => {
    const { key, baseUrl } = scenario("500-once");
    const result = await blocket(baseUrl).search(xc60);
    expect(result.totalCount).toBe(3);
    expect((await recorded(key)).map((call) => call.status)).toEqual([500, 200]);
  });

  it("fails as server-error after the bounded retries when Blocket keeps answering 500", async () => {
    const { key, baseUrl } = scenario("500");
    const error = await blocket(baseUrl, { retries: 2 })
      .search(xc60)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "server-error", status: 500 });
    expect(await recorded(key)).toHaveLength(3);
  });

  it("times out a slow Blocket after one attempt instead of holding the flow", async () => {
    const { key, baseUrl } = scenario("slow");
    const started = Date.now();
    const error = await blocket(baseUrl, { timeoutMs: 300 })
      .search(xc60)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await recorded(key)).toHaveLength(1);
  });

  it("never spends more than the total budget, however many retries are configured", async () => {
    const { baseUrl } = scenario("500");
    const started = Date.now();
    await expect(blocket(baseUrl, { retries: 3, backoffMs: 400, totalBudgetMs: 600 }).search(xc60)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("rejects an HTML body and a JSON body that is not the search envelope as invalid responses", async () => {
    for (const mode of ["malformed", "wrong-shape"]) {
      const { key, baseUrl } = scenario(mode);
      await expect(blocket(baseUrl).search(xc60)).rejects.toBeInstanceOf(UpstreamResponseError);
      // Not retried: the same request would get the same answer.
      expect(await recorded(key)).toHaveLength(1);
    }
  });

  it("reads what it can from a partial answer: skips junk and unpriced ads, parses string prices and km", async () => {
    const { baseUrl } = scenario("partial");
    const result = await blocket(baseUrl).search({ make: "Tesla", model: "Model 3" });
    expect(result.cars).toEqual([
      {
        link: "https://www.blocket.se/mobility/item/30000011",
        heading: "Tesla Model 3 Long Range",
        price: { amount: "289900" },
        car: { location: {}, fuel: "", gearbox: "", regDate: 2022, mileage: 4_200 },
        // The ad states neither fuel, gearbox, drive nor equipment.
        stated: {},
      },
    ]);
    // No result_size: the count is our tally of the readable ads (the Saab counts, the junk not).
    expect(result.totalCount).toBe(2);
    expect(result.countIsEstimate).toBe(true);
  });
});

describe("Blocket make/model codes", () => {
  it("looks up a model the bundled table lacks in Blocket's variant tree and caches the tree in KV", async () => {
    await env.CARS_CACHE.delete(variantTreeKey("0.818"));
    const first = scenario("ok");
    const result = await blocket(first.baseUrl, {}, { kv: env.CARS_CACHE }).search({ make: "Volvo", model: "ES90" });

    const calls = await recorded(first.key);
    expect(calls.map((call) => call.params.variant)).toEqual([["0.818"], ["1.818.1375"]]);
    expect(result.totalCount).toBe(2);
    const stored = JSON.parse((await env.CARS_CACHE.get(variantTreeKey("0.818"))) ?? "{}") as { models?: { name: string; code: string }[] };
    expect(stored.models?.map((model) => model.name)).toContain("ES90");

    // A fresh adapter (another isolate) reads the tree from KV instead of asking Blocket again.
    const second = scenario("ok");
    await blocket(second.baseUrl, {}, { kv: env.CARS_CACHE }).search({ make: "Volvo", model: "ES90" });
    expect((await recorded(second.key)).map((call) => call.params.variant)).toEqual([["1.818.1375"]]);
  });

  it("searches a bundled model at once and refreshes the tree after the response", async () => {
    const { key, baseUrl } = scenario("ok");
    const kv = memoryKv();
    const background: Promise<unknown>[] = [];
    const result = await blocket(baseUrl, {}, { kv, waitUntil: (promise) => background.push(promise) }).search({ make: "Toyota", model: "RAV4" });
    expect(result.totalCount).toBe(6);
    await Promise.all(background);
    const variants = (await recorded(key)).map((call) => call.params.variant?.[0]).sort();
    expect(variants).toEqual(["0.813", "1.813.3074"]);
    expect(kv.store.has(variantTreeKey("0.813"))).toBe(true);
  });

  it("prefers the code from a fresh tree over the bundled one (codes drift)", async () => {
    const { key, baseUrl } = scenario("ok");
    const kv = memoryKv();
    // Blocket moved XC60 to the code the bundled table has for XC40: the tree must win.
    const tree = [{ name: "XC60", code: "1.818.2000437", children: [] }];
    kv.store.set(variantTreeKey("0.818"), JSON.stringify({ fetchedAt: Date.now(), models: tree }));
    await blocket(baseUrl, {}, { kv }).search({ make: "Volvo", model: "XC60" });
    expect((await recorded(key))[0]?.params.variant).toEqual(["1.818.2000437"]);
  });

  it("falls back to a make search, filtered by us, for a model neither the table nor the tree knows", async () => {
    const { key, baseUrl } = scenario("ok");
    const result = await blocket(baseUrl).search({ make: "Volvo", model: "P1800", limit: 6 });
    const calls = await recorded(key);
    expect(calls.map((call) => call.params)).toEqual([
      { variant: ["0.818"], sales_form: ["1"] },
      { variant: ["0.818"], q: ["P1800"], sales_form: ["1"] },
    ]);
    // Blocket's q is fuzzy and returned every Volvo; only the P1800s are kept and counted.
    expect(result.cars.map((car) => car.heading.startsWith("Volvo P1800"))).toEqual([true, true]);
    expect(result.totalCount).toBe(2);
    expect(result.countIsEstimate).toBe(false);
    expect(result.adsUrl).toBe("https://www.blocket.se/mobility/search/car?variant=0.818&q=P1800&sales_form=1");
  });

  it("notices a bundled code Blocket no longer knows (echoed raw) and falls back to the make search", async () => {
    const { key, baseUrl } = scenario("ok");
    const result = await blocket(baseUrl).search({ make: "Volvo", model: "V70", limit: 6 });
    expect((await recorded(key)).map((call) => call.params.variant?.[0])).toEqual(["1.818.3077", "0.818"]);
    // Not Blocket's unfiltered 144 000: the three V70s on the make's page.
    expect(result.totalCount).toBe(3);
    expect(result.cars.every((car) => car.heading.startsWith("Volvo V70"))).toBe(true);
  });

  it('finds the ads of a car named with its generation (issue 11: "V60 II" found none)', async () => {
    const { key, baseUrl } = scenario("ok");
    const result = await blocket(baseUrl).search({ make: "Volvo", model: "V60 II", limit: 6 });
    expect((await recorded(key)).map((call) => call.params.variant)).toEqual([["2.818.2843.2000172"]]);
    // Seven V60s; the two V60 Cross Country in the same series are another car.
    expect(result).toMatchObject({ totalCount: 7, countIsEstimate: false });
  });

  it("asks for every generation of a base name and counts only those ads", async () => {
    const { key, baseUrl } = scenario("ok");
    const result = await blocket(baseUrl).search({ make: "Volkswagen", model: "Golf" });
    const variants = (await recorded(key))[0]?.params.variant ?? [];
    expect(variants).toHaveLength(8);
    expect(variants).toContain("2.817.1433.2003579"); // Golf VII
    expect(variants).not.toContain("2.817.1433.2000297"); // Golf Sportsvan
    // Golf VI (2), VII (3) and VIII (4); not the Sportsvan, Plus or Alltrack in the same series.
    expect(result.totalCount).toBe(9);
  });

  it("keeps a generation-named car's ads in the make-level fallback instead of rejecting them by name", async () => {
    const { key, baseUrl } = scenario("ok");
    const result = await blocket(baseUrl).search({ make: "Volvo", model: "P1800 (1961–1973)", limit: 6 });
    expect((await recorded(key)).at(-1)?.params).toEqual({ variant: ["0.818"], q: ["P1800"], sales_form: ["1"] });
    expect(result.totalCount).toBe(2);
  });

  it("searches an unknown make by free text and keeps only ads of that make and model", async () => {
    const { key, baseUrl } = scenario("ok");
    const result = await blocket(baseUrl).search({ make: "Trabant", model: "601" });
    expect((await recorded(key)).map((call) => call.params)).toEqual([{ q: ["Trabant 601"], sales_form: ["1"] }]);
    expect(result).toMatchObject({ totalCount: 0, cars: [] });
  });
});

describe("Blocket base URL guard", () => {
  it("accepts only https://www.blocket.se unless loopback is explicitly allowed", () => {
    expect(BlocketConfigSchema.parse({}).baseUrl).toBe("https://www.blocket.se");
    expect(BlocketConfigSchema.parse({ baseUrl: "https://www.blocket.se/" }).baseUrl).toBe("https://www.blocket.se");
    for (const baseUrl of [
      "https://evil.example",
      "http://www.blocket.se",
      "https://www.blocket.se.evil.example",
      "https://api.blocket.se",
      "https://user:pw@www.blocket.se",
      "https://www.blocket.se/other",
      "http://127.0.0.1:8787",
    ]) {
      expect(BlocketConfigSchema.safeParse({ baseUrl }).success, baseUrl).toBe(false);
    }
    expect(BlocketConfigSchema.safeParse({ baseUrl: "http://127.0.0.1:8787/__mode/ok/x", allowLoopbackBaseUrl: true }).success).toBe(true);
    expect(BlocketConfigSchema.safeParse({ baseUrl: "http://localhost:9", allowLoopbackBaseUrl: true }).success).toBe(true);
    expect(BlocketConfigSchema.safeParse({ baseUrl: "http://10.0.0.1:80", allowLoopbackBaseUrl: true }).success).toBe(false);
    expect(BlocketConfigSchema.safeParse({ baseUrl: "https://evil.example", allowLoopbackBaseUrl: true }).success).toBe(false);
  });
});

describe("marketplace lookups against the fake Blocket", () => {
  it("turns a failing Blocket into availability unknown with a reason code (Swedish at render time), never a throw", async () => {
    const { baseUrl } = scenario("500");
    const marketplace = createMarketplace(
      { source: "blocket", baseUrl, allowLoopbackBaseUrl: true, timeoutMs: 500, retries: 1 },
      { fetch: guardedFetch, kv: memoryKv(), log: () => {} },
    );
    const lookup = await lookupAvailability(xc60, { marketplace, log: () => {} });
    expect(lookup.result).toBeNull();
    expect(lookup.availability).toEqual({
      status: "unknown",
      reason: "server-error",
      adsUrl: expect.stringMatching(/^https:\/\/www\.blocket\.se\/mobility\/search\/car\?variant=1\.818\.2000093&/),
    });
    if (lookup.availability.status === "unknown") expect(unknownAvailabilityText(lookup.availability)).toMatch(/^Blocket går inte att nå/);
  });

  it("looks up several cars at once, in the order asked, sharing one request for identical queries", async () => {
    const { key, baseUrl } = scenario("ok");
    const marketplace = createMarketplace({ source: "blocket", baseUrl, allowLoopbackBaseUrl: true }, { fetch: guardedFetch, kv: memoryKv(), log: () => {} });
    const lookups = await lookupMany(
      [
        { make: "Tesla", model: "Model 3" },
        { make: "Tesla", model: "Model Y" },
        { make: "Tesla", model: "Model 3" },
        { make: "Volvo", model: "XC90" },
      ],
      { marketplace },
    );
    expect(lookups.map((lookup) => lookup.availability.status === "known" && lookup.availability.adCount)).toEqual([12, 0, 12, 2]);
    expect(await recorded(key)).toHaveLength(3);
  });
});

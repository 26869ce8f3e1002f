import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { type MarketplaceQuery, MarketplaceQuerySchema, type MarketplaceResult } from "#app/lib/marketplace";
import { canonicalQuery, createMarketplaceCache, type KvLike, marketplaceCacheKey } from "#app/server/marketplace/marketplace-cache.server";
import { createMarketplace } from "#app/server/marketplace/marketplace.server";

/** A query no other test in this file uses (KV is shared within a file). */
let distinct = 0;
const query = (overrides: Partial<MarketplaceQuery> = {}): MarketplaceQuery =>
  MarketplaceQuerySchema.parse({ make: "Volvo", model: "XC60", maxPrice: 300_000 + ++distinct, minYear: 2018, ...overrides });

const result: MarketplaceResult = {
  cars: [
    {
      link: "https://www.blocket.se/mobility/item/30000001",
      heading: "Volvo XC60 B4",
      price: { amount: "289900" },
      car: { location: { city: "Linköping" }, fuel: "Hybrid bensin", gearbox: "Automatisk", regDate: 2021, mileage: 6120 },
    },
  ],
  adsUrl: "https://www.blocket.se/mobility/search/car?variant=1.818.2000093&sales_form=1",
  totalCount: 7,
  countIsEstimate: false,
  source: "blocket",
  marketWindow: { medianPrice: 289_900, lowPrice: 289_900, highPrice: 289_900, sampleSize: 1 },
};

const throwingKv: KvLike = {
  get: () => Promise.reject(new Error("KV get failed")),
  put: () => {
    throw new Error("KV put failed");
  },
};

describe("marketplace cache in CARS_CACHE", () => {
  it("misses first, then returns the stored result under cars:<canonical query>", async () => {
    const cache = createMarketplaceCache({ kv: env.CARS_CACHE });
    const q = query();
    expect(await cache.get(q)).toBeNull();
    await cache.set(q, result);
    expect(await cache.get(q)).toEqual(result);
    expect(marketplaceCacheKey(q).startsWith("cars:{")).toBe(true);
    expect(await env.CARS_CACHE.get(marketplaceCacheKey(q))).not.toBeNull();
  });

  it("uses one key for queries that differ only in case, spacing or key order", () => {
    const a = MarketplaceQuerySchema.parse({ make: " volvo ", model: "XC60  Recharge", limit: 6, sellerType: "privat" });
    const b = MarketplaceQuerySchema.parse({ sellerType: "privat", limit: 6, model: "xc60 recharge", make: "VOLVO" });
    expect(canonicalQuery(a)).toBe(canonicalQuery(b));
    expect(canonicalQuery(a)).not.toBe(canonicalQuery({ ...a, maxPrice: 1 }));
  });

  it("stores entries with the configured expirationTtl, never below KV's 60 s minimum", async () => {
    const q = query();
    const started = Math.floor(Date.now() / 1000);
    await createMarketplaceCache({ kv: env.CARS_CACHE, ttlSeconds: 300 }).set(q, result);
    const { keys } = await env.CARS_CACHE.list({ prefix: marketplaceCacheKey(q) });
    // KV itself will delete the key at `expiration` (proven by KV's metadata, not by waiting).
    expect(keys[0]?.expiration).toBeGreaterThanOrEqual(started + 299);
    expect(keys[0]?.expiration).toBeLessThanOrEqual(started + 302);

    const put = vi.fn(async () => {});
    await createMarketplaceCache({ kv: { get: async () => null, put }, ttlSeconds: 5 }).set(q, result);
    expect(put).toHaveBeenCalledWith(marketplaceCacheKey(q), expect.any(String), { expirationTtl: 60 });
  });

  it("treats an entry older than the TTL as a miss even while KV still returns it", async () => {
    // Our own clock check, proven with an injected clock: KV (and its edge cache) may serve a
    // value somewhat past expirationTtl, so expiry does not depend on KV alone.
    let now = 1_000_000;
    const cache = createMarketplaceCache({ kv: env.CARS_CACHE, ttlSeconds: 300, now: () => now });
    const q = query();
    await cache.set(q, result);
    now += 299_000;
    expect(await cache.get(q)).toEqual(result);
    now += 1_000;
    expect(await cache.get(q)).toBeNull();
    expect(await env.CARS_CACHE.get(marketplaceCacheKey(q))).not.toBeNull();
  });

  it("ignores an entry that no longer matches the result schema", async () => {
    const q = query();
    await env.CARS_CACHE.put(marketplaceCacheKey(q), JSON.stringify({ storedAt: Date.now(), result: { cars: "old shape" } }));
    expect(await createMarketplaceCache({ kv: env.CARS_CACHE }).get(q)).toBeNull();
  });

  it("bypasses a failing KV: reads miss, writes are skipped, and the failure is logged once", async () => {
    const log = vi.fn();
    const cache = createMarketplaceCache({ kv: throwingKv, log });
    const q = query();
    expect(await cache.get(q)).toBeNull();
    await expect(cache.set(q, result)).resolves.toBeUndefined();
    expect(await cache.get(q)).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe("marketplace with the cache in front of Blocket", () => {
  /**
   * A fetch that answers like Blocket (one XC60 inside the queries' window, one hit) and counts
   * calls; never the network.
   */
  function countingFetch(status = 200) {
    const calls: string[] = [];
    const fetcher: typeof fetch = async (input) => {
      calls.push(String(input));
      if (status !== 200) return new Response("", { status });
      return Response.json({
        docs: [
          {
            id: "30000001",
            heading: "Volvo XC60",
            year: 2021,
            mileage: 6120,
            price: { amount: 289_900 },
            canonical_url: "https://www.blocket.se/mobility/item/30000001",
          },
        ],
        metadata: { result_size: { match_count: 1 } },
      });
    };
    return { calls, fetcher };
  }

  const config = { source: "blocket", baseUrl: "http://127.0.0.1:9/never", allowLoopbackBaseUrl: true, retries: 0 } as const;

  it("answers a repeated query from KV without asking Blocket again", async () => {
    const { calls, fetcher } = countingFetch();
    const marketplace = createMarketplace(config, { fetch: fetcher, kv: env.CARS_CACHE, log: () => {} });
    const q = query();
    const first = await marketplace.search(q);
    const second = await marketplace.search(q);
    expect(second).toEqual(first);
    expect(calls).toHaveLength(1);
  });

  it("does not cache failures", async () => {
    const failing = countingFetch(500);
    const q = query();
    const marketplace = createMarketplace(config, { fetch: failing.fetcher, kv: env.CARS_CACHE, log: () => {} });
    await expect(marketplace.search(q)).rejects.toThrow();
    expect(await env.CARS_CACHE.get(marketplaceCacheKey(q))).toBeNull();
  });

  it("still answers when KV throws on every call", async () => {
    const { calls, fetcher } = countingFetch();
    const marketplace = createMarketplace(config, { fetch: fetcher, kv: throwingKv, log: () => {} });
    const q = query();
    expect((await marketplace.search(q)).totalCount).toBe(1);
    expect((await marketplace.search(q)).totalCount).toBe(1);
    expect(calls).toHaveLength(2);
  });
});

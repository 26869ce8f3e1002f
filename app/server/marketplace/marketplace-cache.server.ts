import { type MarketplaceQuery, type MarketplaceResult, MarketplaceResultSchema } from "#app/lib/marketplace";
import type { Slots } from "#app/server/http/connection-slots.server";

export type KvLike = {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
};

/** KV counts toward the same six connections as fetch, so a lookup's KV reads must queue with its Blocket requests. */
export function kvThroughSlots(kv: KvLike, slots: Slots, signal?: AbortSignal): KvLike {
  return {
    get: (key) => slots.run(() => kv.get(key), signal),
    put: (key, value, options) => slots.run(() => kv.put(key, value, options), signal),
  };
}

export const KV_MIN_TTL_SECONDS = 60;
export const DEFAULT_CACHE_TTL_SECONDS = 300;

export function canonicalQuery(query: MarketplaceQuery): string {
  const text = (value: string) => value.trim().replace(/\s+/g, " ").toLowerCase();
  return JSON.stringify({
    make: text(query.make),
    model: text(query.model),
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    maxMileage: query.maxMileage,
    minYear: query.minYear,
    maxYear: query.maxYear,
    sellerType: query.sellerType,
    limit: query.limit,
    fuel: query.fuel,
    combustionFuel: query.combustionFuel,
    drivetrain: query.drivetrain,
    gearbox: query.gearbox,
    towbar: query.towbar,
    bodies: [...query.bodies].sort(),
  });
}

export function marketplaceCacheKey(query: MarketplaceQuery): string {
  return `cars:${canonicalQuery(query)}`;
}

type Entry = { storedAt: number; result: MarketplaceResult };

export type MarketplaceCacheOptions = {
  kv: KvLike | undefined;
  ttlSeconds?: number;
  now?: () => number;
  waitUntil?: (promise: Promise<unknown>) => void;
  log?: (message: string, error: unknown) => void;
};

export type MarketplaceCache = {
  get(query: MarketplaceQuery, slots?: Slots, signal?: AbortSignal): Promise<MarketplaceResult | null>;
  set(query: MarketplaceQuery, result: MarketplaceResult, slots?: Slots): Promise<void>;
};

/** Expiry twice: KV's expirationTtl, and storedAt because KV's edge cache may still serve a value. KV failures are misses. */
export function createMarketplaceCache(options: MarketplaceCacheOptions): MarketplaceCache {
  const ttlSeconds = Math.max(KV_MIN_TTL_SECONDS, Math.floor(options.ttlSeconds ?? DEFAULT_CACHE_TTL_SECONDS));
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message, error) => console.warn(message, error));
  let warned = false;
  const warnOnce = (message: string, error: unknown) => {
    if (warned) return;
    warned = true;
    log(message, error);
  };

  return {
    async get(query, slots, signal) {
      if (!options.kv) return null;
      const kv = slots ? kvThroughSlots(options.kv, slots, signal) : options.kv;
      let raw: string | null;
      try {
        raw = await kv.get(marketplaceCacheKey(query));
      } catch (error) {
        // Out of time while queued for a connection: a miss, and not KV's fault.
        if (signal?.aborted) return null;
        warnOnce("Marketplace cache read failed; bypassing the cache", error);
        return null;
      }
      if (raw === null) return null;
      try {
        const entry = JSON.parse(raw) as Partial<Entry>;
        if (typeof entry.storedAt !== "number" || now() - entry.storedAt >= ttlSeconds * 1000) return null;
        const parsed = MarketplaceResultSchema.safeParse(entry.result);
        // An entry written by an older shape is a miss, not an error.
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },

    async set(query, result, slots) {
      if (!options.kv) return;
      const kv = slots ? kvThroughSlots(options.kv, slots) : options.kv;
      const entry: Entry = { storedAt: now(), result };
      const write = (async () => {
        try {
          await kv.put(marketplaceCacheKey(query), JSON.stringify(entry), { expirationTtl: ttlSeconds });
        } catch (error) {
          warnOnce("Marketplace cache write failed; result not cached", error);
        }
      })();
      if (options.waitUntil) options.waitUntil(write);
      else await write;
    },
  };
}

import { type MarketplaceQuery, type MarketplaceResult, MarketplaceResultSchema } from "#app/lib/marketplace";
import type { Slots } from "#app/server/http/connection-slots.server";

/**
 * The slice of Workers KV we use. KVNamespace satisfies it; so does the in-memory stub of the
 * benchmark. Values are JSON text.
 */
export type KvLike = {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
};

/**
 * KV through a request's connection slots. Cloudflare counts KV operations toward the same six
 * simultaneous connections per request as fetch(), so a lookup's KV read must queue with its
 * Blocket requests; otherwise ten parallel reads could hold the six while a sent fetch's timeout
 * runs in the runtime's own queue. `signal` ends a wait for a slot (the lookup's budget is spent).
 */
export function kvThroughSlots(kv: KvLike, slots: Slots, signal?: AbortSignal): KvLike {
  return {
    get: (key) => slots.run(() => kv.get(key), signal),
    put: (key, value, options) => slots.run(() => kv.put(key, value, options), signal),
  };
}

/** Workers KV refuses an expirationTtl below 60 seconds. */
export const KV_MIN_TTL_SECONDS = 60;
export const DEFAULT_CACHE_TTL_SECONDS = 300;

/**
 * The canonical form of a query: fixed key order, make/model trimmed, lower-cased and with
 * collapsed spaces, absent filters left out. Two queries that ask Blocket the same thing share it.
 */
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
  /** Runs the write after the response (ctx.waitUntil); without it writes are awaited. */
  waitUntil?: (promise: Promise<unknown>) => void;
  log?: (message: string, error: unknown) => void;
};

export type MarketplaceCache = {
  /**
   * `slots`: the buyer's request's connection slots, which KV operations count toward; `signal`
   * gives up waiting for one (then it is a miss).
   */
  get(query: MarketplaceQuery, slots?: Slots, signal?: AbortSignal): Promise<MarketplaceResult | null>;
  set(query: MarketplaceQuery, result: MarketplaceResult, slots?: Slots): Promise<void>;
};

/**
 * Results cached in CARS_CACHE under `cars:<canonical query>`. Expiry is enforced twice: KV's
 * expirationTtl deletes the key (at least 60 s, KV's minimum), and the stored `storedAt` makes a
 * read past the TTL a miss even where KV's edge cache still holds the value. Any KV failure
 * is logged once per cache and treated as a miss / skipped write: the cache never fails a lookup.
 */
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

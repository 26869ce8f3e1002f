import { z } from "zod";
import {
  type Availability,
  type AvailabilityUnknownReason,
  BLOCKET_ORIGIN,
  type MarketplaceQuery,
  type MarketplaceQueryInput,
  MarketplaceQuerySchema,
  type MarketplaceResult,
  type MarketplaceSource,
} from "#app/lib/marketplace";
import { createSlots, type Slots } from "#app/server/http/connection-slots.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import { BlocketConfigSchema, ConnectionWaitTimeout, createBlocketMarketplace, DEFAULT_CONCURRENCY } from "./blocket.server";
import { bundledAdsUrl } from "./blocket-variant-codes.server";
import { createLocalMarketplace } from "./local-marketplace.server";
import { canonicalQuery, createMarketplaceCache, DEFAULT_CACHE_TTL_SECONDS, type KvLike, KV_MIN_TTL_SECONDS } from "./marketplace-cache.server";

// Built once per isolate, but Workers' six connections are per request: forRequest() binds lookups to one set of slots.

const flag = z.preprocess((value) => (typeof value === "string" ? ["1", "true", "yes"].includes(value.toLowerCase()) : value), z.boolean());

const MarketplaceConfigSchema = z
  .object({
    source: z.enum(["blocket", "local", "off"]).default("local"),
    baseUrl: z.string().default(BLOCKET_ORIGIN),
    allowLoopbackBaseUrl: flag.default(false),
    timeoutMs: z.coerce.number().int().positive().max(10_000).default(2_500),
    retries: z.coerce.number().int().min(0).max(3).default(2),
    totalBudgetMs: z.coerce.number().int().positive().max(15_000).default(4_000),
    concurrency: z.coerce.number().int().min(1).max(6).default(DEFAULT_CONCURRENCY),
    cacheTtlSeconds: z.coerce.number().int().min(KV_MIN_TTL_SECONDS).default(DEFAULT_CACHE_TTL_SECONDS),
  })
  .superRefine((config, ctx) => {
    const blocket = BlocketConfigSchema.safeParse({ baseUrl: config.baseUrl, allowLoopbackBaseUrl: config.allowLoopbackBaseUrl });
    for (const issue of blocket.success ? [] : blocket.error.issues) {
      ctx.addIssue({ code: "custom", path: ["baseUrl"], message: issue.message });
    }
  });
export type MarketplaceConfig = z.input<typeof MarketplaceConfigSchema>;

export type Marketplace = {
  /** "off": switched off by configuration; its search refuses without a request. */
  source: MarketplaceSource | "off";
  search(query: MarketplaceQueryInput, options?: { slots?: Slots }): Promise<MarketplaceResult>;
  /** A bound view returns itself unless given other slots, so helpers cannot split a request's connections. */
  forRequest(slots?: Slots): Marketplace;
};

export type MarketplaceDeps = {
  kv?: KvLike;
  fetch?: typeof fetch;
  waitUntil?: (promise: Promise<unknown>) => void;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
};

/** Demo results are not cached: switching the source must never serve demo ads as Blocket's for a TTL. */
export function createMarketplace(configInput: MarketplaceConfig, deps: MarketplaceDeps = {}): Marketplace {
  const config = MarketplaceConfigSchema.parse(configInput);
  if (config.source === "off") {
    const off: Marketplace = { source: "off", search: () => Promise.reject(new MarketplaceOffError()), forRequest: () => off };
    return off;
  }
  if (config.source === "local") {
    const local = createLocalMarketplace();
    const demo: Marketplace = { source: local.source, search: (query) => local.search(query), forRequest: () => demo };
    return demo;
  }

  const blocket = createBlocketMarketplace(
    {
      baseUrl: config.baseUrl,
      allowLoopbackBaseUrl: config.allowLoopbackBaseUrl,
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      totalBudgetMs: config.totalBudgetMs,
      concurrency: config.concurrency,
    },
    deps,
  );
  const cache = createMarketplaceCache({
    kv: deps.kv,
    ttlSeconds: config.cacheTtlSeconds,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.waitUntil ? { waitUntil: deps.waitUntil } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });

  const now = deps.now ?? Date.now;
  async function search(queryInput: MarketplaceQueryInput, slots: Slots): Promise<MarketplaceResult> {
    const query = MarketplaceQuerySchema.parse(queryInput);
    // The budget covers the whole lookup, the wait for a connection to read the cache included.
    const deadline = now() + config.totalBudgetMs;
    const cached = await cache.get(query, slots, AbortSignal.timeout(config.totalBudgetMs));
    if (cached) return cached;
    // Only successes get here: a throw skips the write, so failures are never cached.
    const result = await blocket.search(query, { slots, deadline });
    await cache.set(query, result, slots);
    return result;
  }

  const view = (bound: Slots | undefined): Marketplace => {
    const self: Marketplace = {
      source: "blocket",
      search: (query, options = {}) => search(query, options.slots ?? bound ?? createSlots(config.concurrency)),
      forRequest: (slots) => (slots ? view(slots) : bound ? self : view(createSlots(config.concurrency))),
    };
    return self;
  };
  return view(undefined);
}

/** Callers check `source` first; reaching this is a bug, not Blocket being down. */
class MarketplaceOffError extends Error {
  override readonly name = "MarketplaceOffError";
  constructor() {
    super("The marketplace is switched off (MARKETPLACE_SOURCE=off)");
  }
}

export type AvailabilityLookup = {
  query: MarketplaceQuery;
  result: MarketplaceResult | null;
  availability: Availability;
};

function unknownReason(error: unknown): AvailabilityUnknownReason {
  // Blocket has no quota of ours to exhaust; a "quota" answer can only mean it is refusing us.
  if (error instanceof UpstreamUnavailableError) return error.reason === "quota" ? "rate-limited" : error.reason;
  if (error instanceof UpstreamResponseError) return "invalid-response";
  return "error";
}

export async function lookupAvailability(
  queryInput: MarketplaceQueryInput,
  deps: { marketplace: Marketplace; log?: (message: string, detail?: unknown) => void },
): Promise<AvailabilityLookup> {
  const query = MarketplaceQuerySchema.parse(queryInput);
  if (deps.marketplace.source === "off") return { query, result: null, availability: { status: "unchecked", adsUrl: bundledAdsUrl(query) } };
  try {
    const result = await deps.marketplace.search(query);
    // Past Blocket's price filter "none on our page" is not "none on Blocket": never a 0.
    if (result.priceCapped && result.totalCount === 0) {
      return { query, result, availability: { status: "unknown", reason: "price-cap", adsUrl: result.adsUrl } };
    }
    return {
      query,
      result,
      availability: {
        status: "known",
        adCount: result.totalCount,
        countIsEstimate: result.countIsEstimate,
        ...(result.priceCapped ? { priceCapped: true as const } : {}),
        source: result.source,
        adsUrl: result.adsUrl,
        marketWindow: result.marketWindow,
        ...(result.searched ? { searched: result.searched } : {}),
      },
    };
  } catch (error) {
    const reason = unknownReason(error);
    (deps.log ?? ((message: string, detail?: unknown) => (reason === "error" ? console.error : console.warn)(message, detail)))(
      `Marketplace lookup failed (${reason}) for ${query.make} ${query.model}`,
      error,
    );
    return {
      query,
      result: null,
      availability: {
        status: "unknown",
        reason,
        adsUrl: bundledAdsUrl(query),
        // A code, not words: the card turns it into Swedish (app/lib/availability-text.ts).
        ...(error instanceof UpstreamUnavailableError && error.cause instanceof ConnectionWaitTimeout ? { detail: "queued" as const } : {}),
      },
    };
  }
}

export async function lookupMany(
  queries: readonly MarketplaceQueryInput[],
  deps: { marketplace: Marketplace; log?: (message: string, detail?: unknown) => void },
): Promise<AvailabilityLookup[]> {
  const marketplace = deps.marketplace.forRequest();
  const inFlight = new Map<string, Promise<AvailabilityLookup>>();
  return Promise.all(
    queries.map((input) => {
      const query = MarketplaceQuerySchema.parse(input);
      const key = canonicalQuery(query);
      let lookup = inFlight.get(key);
      if (!lookup) {
        lookup = lookupAvailability(query, { ...deps, marketplace });
        inFlight.set(key, lookup);
      }
      return lookup;
    }),
  );
}

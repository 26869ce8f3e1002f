import { z } from "zod";
import {
  BLOCKET_ORIGIN,
  blocketAdsUrl,
  blocketFilterParams,
  type MarketplaceCar,
  type MarketplaceQuery,
  type MarketplaceQueryInput,
  MarketplaceQuerySchema,
  type MarketplaceResult,
  marketWindowOf,
} from "#app/lib/marketplace";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import {
  BUNDLED_MODEL_CODES,
  bundledMakeCode,
  findModelCode,
  normaliseVariantName,
  type VariantNode,
} from "./blocket-variant-codes.server";
import type { KvLike } from "./marketplace-cache.server";

/**
 * The Blocket adapter: the current car search (reference /work/shared/reference/blocket-api.md),
 * `GET /mobility/search/api/search/SEARCH_ID_CAR_USED`, no auth. Traps handled here: unknown
 * parameters are silently ignored (we send only documented ones and check `selected_filters` for
 * the variant), mileage is in mil, make/model are `variant` codes looked up in Blocket's own tree,
 * `sales_form=1` keeps leasing (monthly prices) and new cars out, and seller type is
 * `dealer_segment` (sales_form is NOT the seller type, whatever some scrapers say).
 */

export const BLOCKET_SEARCH_PATH = "/mobility/search/api/search/SEARCH_ID_CAR_USED";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Only `https://www.blocket.se` may be contacted. A loopback http URL (any port and path, for the
 * fake server) is accepted only with `allowLoopbackBaseUrl`, which tests and local development set
 * explicitly; production config must never set it.
 */
export const BlocketConfigSchema = z
  .object({
    baseUrl: z.string().default(BLOCKET_ORIGIN),
    allowLoopbackBaseUrl: z.boolean().default(false),
    /** Budget for one HTTP attempt. */
    timeoutMs: z.number().int().positive().max(10_000).default(2_500),
    /** Extra attempts after a 429, 5xx or network error (never after a timeout). */
    retries: z.number().int().min(0).max(3).default(2),
    /** Everything one lookup may take, tree refresh and retries included. */
    totalBudgetMs: z.number().int().positive().max(15_000).default(4_000),
    /** First backoff; doubles per attempt, plus up to 50 % jitter. */
    backoffMs: z.number().int().nonnegative().default(250),
    /** Longest Retry-After we wait out inside a lookup; a longer one fails it ("rate-limited"). */
    maxRetryAfterMs: z.number().int().nonnegative().default(2_000),
    /** Age after which the KV copy of a make's variant tree is refreshed. */
    variantTreeTtlSeconds: z.number().int().min(60).default(86_400),
    userAgent: z.string().min(1).default("Drombil/1.0 (+https://drombil.se)"),
  })
  .superRefine((config, ctx) => {
    const problem = baseUrlProblem(config.baseUrl, config.allowLoopbackBaseUrl);
    if (problem) ctx.addIssue({ code: "custom", path: ["baseUrl"], message: problem });
  })
  .transform((config) => ({ ...config, baseUrl: config.baseUrl.replace(/\/+$/, "") }));
export type BlocketConfig = z.input<typeof BlocketConfigSchema>;

function baseUrlProblem(value: string, allowLoopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be a URL";
  }
  if (url.username || url.password || url.search || url.hash) return "must not carry credentials, a query or a fragment";
  if (url.origin === BLOCKET_ORIGIN && (url.pathname === "/" || url.pathname === "")) return undefined;
  if (allowLoopback && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return allowLoopback
    ? `must be ${BLOCKET_ORIGIN} or a loopback http URL`
    : `must be ${BLOCKET_ORIGIN} (loopback URLs need the explicit test/dev flag)`;
}

export type BlocketDeps = {
  fetch?: typeof fetch;
  /** Holds the variant tree per make (`blocket:variant-tree:<makeCode>`). Optional. */
  kv?: KvLike;
  /** Lets a tree refresh for a model we already have a bundled code for run after the response. */
  waitUntil?: (promise: Promise<unknown>) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  log?: (message: string, detail?: unknown) => void;
};

// ---------------------------------------------------------------------------------------------
// Wire format (lenient where the reference marks fields as optional or drifting)

type FilterItem = { display_name: string; value: string; hits?: number | undefined; filter_items?: FilterItem[] | undefined };
const FilterItemSchema: z.ZodType<FilterItem> = z.lazy(() =>
  z.object({
    display_name: z.string(),
    value: z.string(),
    hits: z.number().optional(),
    filter_items: z.array(FilterItemSchema).optional(),
  }),
);

const SelectedFilterSchema = z.object({
  filter_name: z.string(),
  display_name: z.string().optional(),
  parameters: z.array(z.object({ parameter_name: z.string(), parameter_value: z.string() })).default([]),
});

export const SearchResponseSchema = z.object({
  docs: z.array(z.unknown()),
  filters: z.array(z.unknown()).optional(),
  metadata: z
    .object({
      result_size: z.object({ match_count: z.number().int().nonnegative() }).optional(),
      selected_filters: z.array(SelectedFilterSchema).optional(),
    })
    .optional(),
});
type SearchResponse = z.infer<typeof SearchResponseSchema>;

const AdSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  heading: z.string().optional(),
  make: z.string().optional(),
  model: z.string().optional(),
  model_specification: z.string().optional(),
  year: z.number().int().nullish(),
  mileage: z.number().nonnegative().nullish(),
  mileage_unit: z.string().optional(),
  price: z.object({ amount: z.union([z.number(), z.string()]).nullish() }).nullish(),
  fuel: z.string().nullish(),
  transmission: z.string().nullish(),
  dealer_segment: z.string().nullish(),
  location: z.string().nullish(),
  canonical_url: z.string().nullish(),
  image: z.object({ url: z.string() }).nullish(),
  image_urls: z.array(z.string()).nullish(),
  sales_form: z.number().nullish(),
});
type Ad = z.infer<typeof AdSchema>;

/** Below this an asking price is a monthly leasing fee that slipped through, not a car price. */
const LEASING_PRICE_FLOOR = 10_000;
const IMAGE_HOSTS = new Set(["images.blocketcdn.se", "i.blocketcdn.se"]);
const SELLER_LABELS = { privat: "Privat", handlare: "Företag" } as const;

function priceOf(ad: Ad): number | undefined {
  const digits = String(ad.price?.amount ?? "").replace(/\D/g, "");
  return digits === "" ? undefined : Number(digits);
}

/** Mileage in mil; KILOMETER is handled defensively (reference §2.2). */
function mileageOf(ad: Ad): number | null {
  if (ad.mileage === null || ad.mileage === undefined) return null;
  return Math.round(ad.mileage_unit === "KILOMETER" ? ad.mileage / 10 : ad.mileage);
}

function isLeasing(ad: Ad): boolean {
  return ad.sales_form === 5 || /leasing/i.test(ad.heading ?? "");
}

function httpsUrlOn(value: string | null | undefined, allowed: (host: string) => boolean): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && allowed(url.hostname) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function toCar(ad: Ad): MarketplaceCar | null {
  const price = priceOf(ad);
  if (price === undefined || ad.year === null || ad.year === undefined) return null;
  const title = ad.heading ?? [ad.make, ad.model].filter(Boolean).join(" ");
  const spec = ad.model_specification;
  const heading = spec && !title.includes(spec) ? `${title} ${spec}` : title;
  if (heading.trim() === "") return null;
  const thumbnail = httpsUrlOn(ad.image?.url ?? ad.image_urls?.[0], (host) => IMAGE_HOSTS.has(host));
  return {
    link:
      httpsUrlOn(ad.canonical_url, (host) => host === "www.blocket.se") ??
      `${BLOCKET_ORIGIN}/mobility/item/${encodeURIComponent(ad.id)}`,
    heading: heading.trim(),
    price: { amount: String(price) },
    ...(thumbnail ? { thumbnail } : {}),
    car: {
      // The new API has one locality string and nothing structured (reference §5).
      location: ad.location ? { city: ad.location } : {},
      fuel: ad.fuel ?? "",
      gearbox: ad.transmission ?? "",
      regDate: ad.year,
      mileage: mileageOf(ad),
    },
  };
}

/** Our own filters again, because Blocket silently ignores what it does not understand. */
function withinQuery(ad: Ad, query: MarketplaceQuery): boolean {
  const price = priceOf(ad);
  const mileage = mileageOf(ad);
  if (query.maxPrice !== undefined && price !== undefined && price > query.maxPrice) return false;
  if (query.minYear !== undefined && ad.year != null && ad.year < query.minYear) return false;
  if (query.maxMileage !== undefined && mileage !== null && mileage > query.maxMileage) return false;
  if (query.sellerType !== "alla" && ad.dealer_segment && ad.dealer_segment !== SELLER_LABELS[query.sellerType]) return false;
  return true;
}

function matchesModel(ad: Ad, query: MarketplaceQuery, checkMake: boolean): boolean {
  const model = normaliseVariantName(query.model);
  if (checkMake && ad.make && normaliseVariantName(ad.make) !== normaliseVariantName(query.make)) return false;
  if (ad.model) return normaliseVariantName(ad.model).startsWith(model);
  return normaliseVariantName(ad.heading ?? "").includes(model);
}

/**
 * False when Blocket echoed a variant we sent as its raw code (it does not know it, and the
 * count is unfiltered) or dropped it; undefined when the response has no `selected_filters`.
 */
function variantApplied(response: SearchResponse, sent: string): boolean | undefined {
  const selected = response.metadata?.selected_filters;
  if (!selected) return undefined;
  const echo = selected.find(
    (filter) =>
      filter.filter_name === "variant" &&
      filter.parameters.some((parameter) => parameter.parameter_name === "variant" && parameter.parameter_value === sent),
  );
  return echo !== undefined && echo.display_name !== sent;
}

function toNodes(items: readonly FilterItem[] | undefined): VariantNode[] {
  return (items ?? []).map((item) => ({ name: item.display_name, code: item.value, children: toNodes(item.filter_items) }));
}

/** The models and series under one make in `filters[name=variant]`, or null if absent. */
export function readVariantTree(response: SearchResponse, makeCode: string): VariantNode[] | null {
  for (const filter of response.filters ?? []) {
    const parsed = z.object({ name: z.literal("variant"), filter_items: z.array(FilterItemSchema) }).safeParse(filter);
    if (!parsed.success) continue;
    const make = parsed.data.filter_items.find((item) => item.value === makeCode);
    const models = toNodes(make?.filter_items);
    return models.length > 0 ? models : null;
  }
  return null;
}

const StoredTreeSchema = z.object({
  fetchedAt: z.number(),
  models: z.array(z.custom<VariantNode>((value) => typeof value === "object" && value !== null)),
});

export const variantTreeKey = (makeCode: string) => `blocket:variant-tree:${makeCode}`;

/** Milliseconds from `Retry-After` (seconds or an HTTP date). */
function retryAfterMs(headers: Headers, now: number): number | undefined {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// ---------------------------------------------------------------------------------------------

export type BlocketMarketplace = {
  source: "blocket";
  /** Throws UpstreamUnavailableError / UpstreamResponseError; never takes longer than the budget. */
  search(query: MarketplaceQueryInput, options?: { signal?: AbortSignal }): Promise<MarketplaceResult>;
};

export function createBlocketMarketplace(configInput: BlocketConfig, deps: BlocketDeps = {}): BlocketMarketplace {
  const config = BlocketConfigSchema.parse(configInput);
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = deps.random ?? Math.random;
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail ?? ""));
  const searchUrl = `${config.baseUrl}${BLOCKET_SEARCH_PATH}`;
  const refreshing = new Map<string, Promise<VariantNode[] | null>>();

  const unavailable = (reason: "timeout" | "rate-limited" | "server-error" | "network", message: string, extra: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {}) =>
    new UpstreamUnavailableError({ upstream: "blocket", reason, message, ...extra });

  /** One GET with bounded retries inside `deadline`. */
  async function getSearch(params: URLSearchParams, deadline: number, maxAttempts: number, signal?: AbortSignal): Promise<SearchResponse> {
    const url = `${searchUrl}?${params.toString()}`;
    // Defence in depth: the config already refuses other hosts.
    if (!url.startsWith(`${config.baseUrl}/`)) throw new Error(`Refusing to contact ${url}`);
    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - now();
      if (remaining <= 0) throw unavailable("timeout", "Blocket lookup budget exhausted");
      const timeout = AbortSignal.timeout(Math.min(config.timeoutMs, remaining));
      let failure: UpstreamUnavailableError;
      let waitMs: number | undefined;
      try {
        const response = await doFetch(url, {
          headers: { accept: "application/json", "user-agent": config.userAgent },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        if (response.ok) {
          const text = await response.text();
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch (cause) {
            throw new UpstreamResponseError({ upstream: "blocket", message: "Blocket answered with something that is not JSON", detail: text.slice(0, 200), cause });
          }
          const parsed = SearchResponseSchema.safeParse(json);
          if (!parsed.success) {
            throw new UpstreamResponseError({ upstream: "blocket", message: "Blocket's answer does not match the search envelope", detail: z.prettifyError(parsed.error) });
          }
          return parsed.data;
        }
        await response.body?.cancel();
        if (response.status !== 429 && response.status < 500) {
          throw new UpstreamResponseError({ upstream: "blocket", message: `Blocket answered HTTP ${response.status}`, detail: `HTTP ${response.status} for ${url}` });
        }
        waitMs = retryAfterMs(response.headers, now());
        failure =
          response.status === 429
            ? unavailable("rate-limited", "Blocket rate-limited us", {
                status: 429,
                ...(waitMs === undefined ? {} : { retryAfterSeconds: Math.ceil(waitMs / 1000) }),
              })
            : unavailable("server-error", `Blocket answered HTTP ${response.status}`, { status: response.status });
      } catch (error) {
        if (error instanceof UpstreamResponseError) throw error;
        if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
          // A slow Blocket rarely recovers within our budget; retrying would only hold the flow.
          throw unavailable("timeout", "Blocket did not answer in time", { cause: error });
        }
        failure = unavailable("network", "Blocket could not be reached", { cause: error });
      }
      if (attempt >= maxAttempts) throw failure;
      if (waitMs !== undefined && waitMs > config.maxRetryAfterMs) throw failure;
      const wait = waitMs ?? config.backoffMs * 2 ** (attempt - 1) * (1 + random() / 2);
      if (now() + wait >= deadline) throw failure;
      await sleep(wait);
    }
  }

  async function readStoredTree(makeCode: string): Promise<{ models: VariantNode[]; fresh: boolean } | null> {
    if (!deps.kv) return null;
    try {
      const raw = await deps.kv.get(variantTreeKey(makeCode));
      if (raw === null) return null;
      const stored = StoredTreeSchema.safeParse(JSON.parse(raw));
      if (!stored.success) return null;
      return { models: stored.data.models, fresh: now() - stored.data.fetchedAt < config.variantTreeTtlSeconds * 1000 };
    } catch (error) {
      log("Blocket variant tree: KV read failed; using the bundled codes", error);
      return null;
    }
  }

  /** Reads the make's tree from a make-level search (one attempt) and stores it; null on failure. */
  function refreshTree(makeCode: string, deadline: number): Promise<VariantNode[] | null> {
    const pending = refreshing.get(makeCode);
    if (pending) return pending;
    const task = (async () => {
      try {
        const params = new URLSearchParams({ variant: makeCode, sales_form: "1" });
        const response = await getSearch(params, Math.min(deadline, now() + config.timeoutMs), 1);
        const models = readVariantTree(response, makeCode);
        if (models && deps.kv) {
          const value = JSON.stringify({ fetchedAt: now(), models });
          // Kept a week so a failed daily refresh still has yesterday's tree to fall back on.
          await deps.kv.put(variantTreeKey(makeCode), value, { expirationTtl: config.variantTreeTtlSeconds * 7 }).catch((error: unknown) => {
            log("Blocket variant tree: KV write failed", error);
          });
        }
        return models;
      } catch (error) {
        log("Blocket variant tree: refresh failed; using the cached or bundled codes", error);
        return null;
      } finally {
        refreshing.delete(makeCode);
      }
    })();
    refreshing.set(makeCode, task);
    return task;
  }

  /** Tree (KV, fresh) → bundled table (refreshing the tree after the response) → tree fetched now. */
  async function resolveModelCode(makeCode: string, model: string, deadline: number): Promise<string | undefined> {
    const stored = await readStoredTree(makeCode);
    if (stored?.fresh) return findModelCode(stored.models, model);
    const bundled = findModelCode(BUNDLED_MODEL_CODES[makeCode] ?? [], model);
    if (bundled) {
      if (deps.waitUntil) deps.waitUntil(refreshTree(makeCode, now() + config.totalBudgetMs));
      return stored ? (findModelCode(stored.models, model) ?? bundled) : bundled;
    }
    const fresh = await refreshTree(makeCode, deadline);
    return findModelCode(fresh ?? stored?.models ?? [], model);
  }

  function normalise(
    response: SearchResponse,
    query: MarketplaceQuery,
    params: URLSearchParams,
    modelFilter: { checkMake: boolean } | undefined,
  ): MarketplaceResult {
    const ads: Ad[] = [];
    let skipped = 0;
    for (const doc of response.docs) {
      const parsed = AdSchema.safeParse(doc);
      if (parsed.success) ads.push(parsed.data);
      else skipped++;
    }
    if (skipped > 0) log(`Blocket: skipped ${skipped} unreadable ad(s)`);
    const matchCount = response.metadata?.result_size?.match_count;
    let totalCount: number;
    let countIsEstimate: boolean;
    let relevant = ads.filter((ad) => !isLeasing(ad));
    if (modelFilter) {
      relevant = relevant.filter((ad) => matchesModel(ad, query, modelFilter.checkMake));
      totalCount = relevant.length;
      // Exact only if the page held every ad Blocket matched.
      countIsEstimate = matchCount === undefined || matchCount > response.docs.length;
    } else {
      totalCount = matchCount ?? relevant.length;
      countIsEstimate = matchCount === undefined;
    }
    const cars = relevant
      .filter((ad) => withinQuery(ad, query))
      .map(toCar)
      .filter((car): car is MarketplaceCar => car !== null)
      .filter((car) => Number(car.price.amount) >= LEASING_PRICE_FLOOR);
    return {
      cars: cars.slice(0, query.limit),
      adsUrl: blocketAdsUrl(params),
      totalCount,
      countIsEstimate,
      source: "blocket",
      marketWindow: marketWindowOf(cars.map((car) => Number(car.price.amount))),
    };
  }

  return {
    source: "blocket",
    async search(queryInput, options = {}) {
      const query = MarketplaceQuerySchema.parse(queryInput);
      const deadline = now() + config.totalBudgetMs;
      const attempts = 1 + config.retries;
      const makeCode = bundledMakeCode(query.make);
      if (!makeCode) {
        // Unknown make: free text is fuzzy (reference §1.2), so we filter make and model ourselves.
        const params = blocketFilterParams(query, { text: `${query.make} ${query.model}` });
        return normalise(await getSearch(params, deadline, attempts, options.signal), query, params, { checkMake: true });
      }
      const modelCode = await resolveModelCode(makeCode, query.model, deadline);
      if (modelCode) {
        const params = blocketFilterParams(query, { variants: [modelCode] });
        const response = await getSearch(params, deadline, attempts, options.signal);
        if (variantApplied(response, modelCode) !== false) return normalise(response, query, params, undefined);
        log(`Blocket ignored variant ${modelCode} (${query.make} ${query.model}); falling back to a make search`);
      }
      // Unknown or stale model code: search the make (narrowed by free text) and filter ourselves.
      const params = blocketFilterParams(query, { variants: [makeCode], text: query.model });
      return normalise(await getSearch(params, deadline, attempts, options.signal), query, params, { checkMake: false });
    },
  };
}

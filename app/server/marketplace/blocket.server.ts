import { z } from "zod";
import {
  BLOCKET_ORIGIN,
  blocketFilterParams,
  type MarketplaceQuery,
  type MarketplaceQueryInput,
  MarketplaceQuerySchema,
  type MarketplaceResult,
} from "#app/lib/marketplace";
import { createSlots, type Slots } from "#app/server/http/connection-slots.server";
import { parseRetryAfter } from "#app/server/http/retry-after.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import { baseModelName, findModelCodes } from "./blocket-model-names.server";
import { BUNDLED_MODEL_CODES, bundledMakeCode, modelOptions, type VariantNode } from "./blocket-variant-codes.server";
import { readVariantTree, type SearchResponse, SearchResponseSchema, toResult, variantsApplied } from "./blocket-wire.server";
import { type KvLike, kvThroughSlots } from "./marketplace-cache.server";

// Blocket's wire quirks and how lookups share Workers' six connections: docs/decisions/014-server-design-notes.md.

export const DEFAULT_CONCURRENCY = 5;

const BLOCKET_SEARCH_PATH = "/mobility/search/api/search/SEARCH_ID_CAR_USED";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A browser UA (the API answers browsers; bare client names from Cloudflare risk a bot refusal) that still says who we are. */
export const BLOCKET_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Drombil/1.0 (+https://drombil.se)";

export const BlocketConfigSchema = z
  .object({
    baseUrl: z.string().default(BLOCKET_ORIGIN),
    allowLoopbackBaseUrl: z.boolean().default(false),
    timeoutMs: z.number().int().positive().max(10_000).default(2_500),
    retries: z.number().int().min(0).max(3).default(2),
    totalBudgetMs: z.number().int().positive().max(15_000).default(4_000),
    backoffMs: z.number().int().nonnegative().default(250),
    maxRetryAfterMs: z.number().int().nonnegative().default(2_000),
    variantTreeTtlSeconds: z.number().int().min(60).default(86_400),
    userAgent: z.string().min(1).default(BLOCKET_USER_AGENT),
    concurrency: z.number().int().min(1).max(6).default(DEFAULT_CONCURRENCY),
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
  return allowLoopback ? `must be ${BLOCKET_ORIGIN} or a loopback http URL` : `must be ${BLOCKET_ORIGIN} (loopback URLs need the explicit test/dev flag)`;
}

export type BlocketDeps = {
  fetch?: typeof fetch;
  kv?: KvLike;
  waitUntil?: (promise: Promise<unknown>) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  log?: (message: string, detail?: unknown) => void;
};

export class ConnectionWaitTimeout extends Error {
  override readonly name = "ConnectionWaitTimeout";
}

const StoredTreeSchema = z.object({
  fetchedAt: z.number(),
  models: z.array(z.custom<VariantNode>((value) => typeof value === "object" && value !== null)),
});

export const variantTreeKey = (makeCode: string) => `blocket:variant-tree:${makeCode}`;

type BlocketSearchOptions = {
  signal?: AbortSignal;
  slots?: Slots;
  /** Set when the lookup's budget started before this call (the cache read). */
  deadline?: number;
};

export type BlocketMarketplace = {
  source: "blocket";
  search(query: MarketplaceQueryInput, options?: BlocketSearchOptions): Promise<MarketplaceResult>;
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

  const unavailable = (
    reason: "timeout" | "rate-limited" | "server-error" | "network",
    message: string,
    extra: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) => new UpstreamUnavailableError({ upstream: "blocket", reason, message, ...extra });

  async function send(url: string, deadline: number, slots: Slots, signal: AbortSignal | undefined): Promise<{ response: Response; text: string }> {
    const queueLimit = AbortSignal.timeout(Math.max(1, deadline - now()));
    let sent = false;
    try {
      return await slots.run(
        async (release) => {
          const remaining = deadline - now();
          if (remaining <= 0) throw new ConnectionWaitTimeout("No connection slot before the lookup's budget ran out");
          sent = true;
          const timeout = AbortSignal.timeout(Math.min(config.timeoutMs, remaining));
          const response = await doFetch(url, {
            headers: { accept: "application/json", "accept-language": "sv-SE,sv;q=0.9", "user-agent": config.userAgent },
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
          // Headers are in: Workers no longer count this connection toward the six.
          release();
          if (!response.ok) {
            await response.body?.cancel();
            return { response, text: "" };
          }
          return { response, text: await response.text() };
        },
        signal ? AbortSignal.any([signal, queueLimit]) : queueLimit,
      );
    } catch (error) {
      if (error instanceof ConnectionWaitTimeout || (!sent && queueLimit.aborted && !signal?.aborted)) {
        throw unavailable("timeout", "Blocket lookup waited for a free connection until its budget ran out", {
          cause: error instanceof ConnectionWaitTimeout ? error : new ConnectionWaitTimeout("Still queued at the deadline", { cause: error }),
        });
      }
      throw error;
    }
  }

  async function getSearch(params: URLSearchParams, deadline: number, maxAttempts: number, slots: Slots, signal?: AbortSignal): Promise<SearchResponse> {
    const url = `${searchUrl}?${params.toString()}`;
    if (!url.startsWith(`${config.baseUrl}/`)) throw new Error(`Refusing to contact ${url}`);
    for (let attempt = 1; ; attempt++) {
      if (deadline - now() <= 0) {
        throw unavailable(
          "timeout",
          "Blocket lookup budget exhausted",
          attempt === 1 ? { cause: new ConnectionWaitTimeout("Budget spent before the search was sent") } : {},
        );
      }
      let failure: UpstreamUnavailableError;
      let waitMs: number | undefined;
      try {
        const { response, text } = await send(url, deadline, slots, signal);
        if (response.ok) {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch (cause) {
            throw new UpstreamResponseError({
              upstream: "blocket",
              message: "Blocket answered with something that is not JSON",
              detail: text.slice(0, 200),
              cause,
            });
          }
          const parsed = SearchResponseSchema.safeParse(json);
          if (!parsed.success) {
            throw new UpstreamResponseError({
              upstream: "blocket",
              message: "Blocket's answer does not match the search envelope",
              detail: z.prettifyError(parsed.error),
            });
          }
          return parsed.data;
        }
        if (response.status !== 429 && response.status < 500) {
          throw new UpstreamResponseError({
            upstream: "blocket",
            message: `Blocket answered HTTP ${response.status}`,
            detail: `HTTP ${response.status} for ${url}`,
          });
        }
        waitMs = parseRetryAfter(response.headers, now());
        failure =
          response.status === 429
            ? unavailable("rate-limited", "Blocket rate-limited us", {
                status: 429,
                ...(waitMs === undefined ? {} : { retryAfterSeconds: Math.ceil(waitMs / 1000) }),
              })
            : unavailable("server-error", `Blocket answered HTTP ${response.status}`, { status: response.status });
      } catch (error) {
        if (error instanceof UpstreamResponseError || error instanceof UpstreamUnavailableError) throw error;
        if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
          // A slow Blocket rarely recovers within our budget; retrying would only hold the flow.
          throw unavailable("timeout", "Blocket did not answer in time", { cause: error });
        }
        failure = unavailable("network", "Blocket could not be reached", { cause: error });
      }
      if (attempt >= maxAttempts) throw failure;
      if (waitMs !== undefined && waitMs > config.maxRetryAfterMs) throw failure;
      // Waiting to retry holds no slot: `send` gave it back.
      const wait = waitMs ?? config.backoffMs * 2 ** (attempt - 1) * (1 + random() / 2);
      if (now() + wait >= deadline) throw failure;
      await sleep(wait);
    }
  }

  async function readStoredTree(makeCode: string, kv: KvLike | undefined, signal: AbortSignal): Promise<{ models: VariantNode[]; fresh: boolean } | null> {
    if (!kv) return null;
    try {
      const raw = await kv.get(variantTreeKey(makeCode));
      if (raw === null) return null;
      const stored = StoredTreeSchema.safeParse(JSON.parse(raw));
      if (!stored.success) return null;
      return { models: stored.data.models, fresh: now() - stored.data.fetchedAt < config.variantTreeTtlSeconds * 1000 };
    } catch (error) {
      if (!signal.aborted) log("Blocket variant tree: KV read failed; using the bundled codes", error);
      return null;
    }
  }

  function refreshTree(makeCode: string, deadline: number, slots: Slots, kv: KvLike | undefined): Promise<VariantNode[] | null> {
    const pending = refreshing.get(makeCode);
    if (pending) return pending;
    const task = (async () => {
      try {
        const params = new URLSearchParams({ variant: makeCode, sales_form: "1" });
        const response = await getSearch(params, Math.min(deadline, now() + config.timeoutMs), 1, slots);
        const models = readVariantTree(response, makeCode);
        if (models && kv) {
          const value = JSON.stringify({ fetchedAt: now(), models });
          // Kept a week so a failed daily refresh still has yesterday's tree to fall back on.
          await kv.put(variantTreeKey(makeCode), value, { expirationTtl: config.variantTreeTtlSeconds * 7 }).catch((error: unknown) => {
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

  async function resolveModelCodes(
    makeCode: string,
    query: MarketplaceQuery,
    deadline: number,
    slots: Slots,
    kv: KvLike | undefined,
    budget: AbortSignal,
  ): Promise<{ codes: string[] | undefined; refresh: boolean }> {
    const options = modelOptions(query);
    const stored = await readStoredTree(makeCode, kv, budget);
    if (stored?.fresh) return { codes: findModelCodes(stored.models, query.model, options), refresh: false };
    const bundled = findModelCodes(BUNDLED_MODEL_CODES[makeCode] ?? [], query.model, options);
    if (bundled) return { codes: stored ? (findModelCodes(stored.models, query.model, options) ?? bundled) : bundled, refresh: true };
    const fresh = await refreshTree(makeCode, deadline, slots, kv);
    return { codes: findModelCodes(fresh ?? stored?.models ?? [], query.model, options), refresh: false };
  }

  return {
    source: "blocket",
    async search(queryInput, options = {}) {
      const query = MarketplaceQuerySchema.parse(queryInput);
      const slots = options.slots ?? createSlots(config.concurrency);
      const deadline = options.deadline ?? now() + config.totalBudgetMs;
      // KV counts toward the six like fetch, so it queues with them; the lookup's reads wait no longer than its budget.
      const budget = AbortSignal.timeout(Math.max(1, deadline - now()));
      const kv = deps.kv ? kvThroughSlots(deps.kv, slots, budget) : undefined;
      const attempts = 1 + config.retries;
      const get = (params: URLSearchParams) => getSearch(params, deadline, attempts, slots, options.signal);
      // Free text and our own filter use the base name: "V60 II" is sold as "V60".
      const base = baseModelName(query.model, query.make);
      const makeCode = bundledMakeCode(query.make);
      if (!makeCode) {
        // Unknown make: Blocket's free text is fuzzy, so we filter make and model ourselves.
        const params = blocketFilterParams(query, { text: `${query.make} ${base}` });
        return toResult(await get(params), query, params, { checkMake: true }, log);
      }
      const { codes, refresh } = await resolveModelCodes(makeCode, query, deadline, slots, kv, budget);
      try {
        if (codes) {
          const params = blocketFilterParams(query, { variants: codes });
          const response = await get(params);
          if (variantsApplied(response, codes) !== false) return toResult(response, query, params, undefined, log);
          log(`Blocket ignored variant ${codes.join(",")} (${query.make} ${query.model}); falling back to a make search`);
        }
        const params = blocketFilterParams(query, { variants: [makeCode], text: base });
        return toResult(await get(params), query, params, { checkMake: false }, log);
      } finally {
        // Bundled codes were used: refresh the tree after the response, queued behind this lookup's own search.
        if (refresh && deps.waitUntil && deps.kv) deps.waitUntil(refreshTree(makeCode, now() + config.totalBudgetMs, slots, kvThroughSlots(deps.kv, slots)));
      }
    },
  };
}

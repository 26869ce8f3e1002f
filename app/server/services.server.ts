import { waitUntil } from "cloudflare:workers";
import { createContext, RouterContextProvider } from "react-router";
import type { AdviceConfig } from "./advice/advise.server";
import type { AdviceEngine } from "./advice/contracts.server";
import type { WishReader } from "./ai/openai-reader.server";
import { adviceConfigFromEnv, adviceEngineFromEnv, wishReaderFromEnv } from "./advice/engine-choice.server";
import { type AuthConfig, resolveAuthConfig } from "./auth/auth-config.server";
import { createDatabase, type Database } from "./db/client.server";
import { type AppEnv, marketplaceSourceOf, parseAppEnv } from "./env.server";
import { createMarketplace, type Marketplace, type MarketplaceConfig } from "./marketplace/marketplace.server";
import { createRateLimits, type RateLimits, rateLimitRule } from "./rate-limit/rate-limit.server";
import type { CreationJobs } from "./recommendations/contracts.server";
import { createCreationJobs } from "./recommendations/creation-jobs.server";
import { createR2ResultStore } from "./results/r2-result-store.server";
import type { ResultStore } from "./results/result-store.server";

// The composition root, built at the first request (a bad var fails it with every bad key named); routes ask servicesFrom().
export type Services = {
  appEnv: AppEnv;
  auth: AuthConfig;
  db: Database;
  results: ResultStore;
  engine: AdviceEngine;
  reader: WishReader | null;
  advice: AdviceConfig;
  /** Per isolate; call `forRequest()` so one request's lookups share its connection slots. */
  marketplace: Marketplace;
  rateLimits: RateLimits;
  creationJobs: CreationJobs;
};

export const servicesContext = createContext<Services | null>(null);

function marketplaceConfigFrom(appEnv: AppEnv): MarketplaceConfig {
  const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
  return defined({
    source: marketplaceSourceOf(appEnv),
    baseUrl: appEnv.BLOCKET_BASE_URL,
    allowLoopbackBaseUrl: appEnv.APP_ENV === "production" ? false : appEnv.BLOCKET_ALLOW_LOOPBACK,
    timeoutMs: appEnv.BLOCKET_TIMEOUT_MS,
    retries: appEnv.BLOCKET_RETRIES,
    totalBudgetMs: appEnv.BLOCKET_BUDGET_MS,
    concurrency: appEnv.BLOCKET_CONCURRENCY,
    cacheTtlSeconds: appEnv.MARKETPLACE_CACHE_TTL_SECONDS,
  });
}

/** Keyed by the env object itself: one set of services per environment, none shared across them. */
const built = new WeakMap<object, Services>();

export function servicesFor(env: Env): Services {
  let services = built.get(env);
  if (!services) {
    const appEnv = parseAppEnv(env);
    services = {
      appEnv,
      auth: resolveAuthConfig(appEnv),
      db: createDatabase(env.DB),
      results: createR2ResultStore(env.RESULTS),
      engine: adviceEngineFromEnv(appEnv),
      reader: wishReaderFromEnv(appEnv),
      advice: adviceConfigFromEnv(appEnv),
      marketplace: createMarketplace(marketplaceConfigFrom(appEnv), { kv: env.CARS_CACHE, waitUntil }),
      rateLimits: createRateLimits(env.RATE_LIMITER, (name) => rateLimitRule(appEnv, name)),
      creationJobs: createCreationJobs(env.CREATION_JOB),
    };
    built.set(env, services);
  }
  return services;
}

/** Only route modules and the root middleware call this; everything below them takes parameters. */
export function servicesFrom(context: unknown): Services {
  const services = context instanceof RouterContextProvider ? context.get(servicesContext) : null;
  if (!services) throw new Error("No services in the request context: requests enter through workers/app.ts");
  return services;
}

import type { CarSuggestion, RecommendationRequest } from "#app/lib/recommendation";
import { type AppEnv, getAppEnv } from "#app/server/env.server";
import { createLocalRecommender } from "./local-recommender.server";
import { createOpenAIRecommender } from "./openai-recommender.server";
import { type OwnershipAssumptionsOverrides, resolveOwnershipAssumptions } from "./ownership-cost.server";

/** `total` is the number of cars asked for; fewer may come if hard constraints drop some. */
export type RecommendProgress = { done: number; total: number };

export type RecommendOptions = {
  /**
   * Called once per finished car, in completion order (not rank order), so a UI can show cars as
   * they arrive. The promise still resolves with every car in rank order.
   */
  onCar?: (car: CarSuggestion, progress: RecommendProgress) => void;
  /** Aborts every call still in flight. */
  signal?: AbortSignal;
};

/**
 * What the flow needs from any recommender. A plain type rather than a zod schema: it describes
 * behaviour, and every value crossing it (request, suggestions) is already zod-typed.
 */
export type Recommender = {
  source: "openai" | "local";
  /** Suggestions ranked 1..N (N ≤ request.limit), all within the buyer's hard constraints. */
  recommend(request: RecommendationRequest, options?: RecommendOptions): Promise<CarSuggestion[]>;
};

export type RecommenderConfig = {
  /** Cost assumptions shared by both recommenders (yearly mil, energy prices). */
  ownership?: OwnershipAssumptionsOverrides;
  openai?: {
    apiKey?: string | undefined;
    baseUrl: string;
    model: string;
    timeoutMs: number;
    concurrency?: number | undefined;
  };
};

/** One recommender per configuration and isolate (the key includes the API key; memory only). */
const cache = new Map<string, Recommender>();

/**
 * OpenAI when an API key is configured, otherwise the embedded offline recommender, so a fresh
 * clone works with no secrets. The OpenAI client is reused per configuration (one per isolate).
 */
export function getRecommender(config: RecommenderConfig): Recommender {
  const openai = config.openai;
  const key = JSON.stringify(config);
  let recommender = cache.get(key);
  if (!recommender) {
    recommender = openai?.apiKey
      ? createOpenAIRecommender({
          apiKey: openai.apiKey,
          baseUrl: openai.baseUrl,
          model: openai.model,
          timeoutMs: openai.timeoutMs,
          milPerYear: resolveOwnershipAssumptions(config.ownership).milPerYear,
          ...(openai.concurrency ? { concurrency: openai.concurrency } : {}),
        })
      : createLocalRecommender(config.ownership);
    cache.set(key, recommender);
  }
  return recommender;
}

/** The recommender configuration from vars and secrets. */
export function recommenderConfigFromEnv(appEnv: AppEnv): RecommenderConfig {
  const ownership: OwnershipAssumptionsOverrides = {};
  if (appEnv.OWNERSHIP_MIL_PER_YEAR) ownership.milPerYear = appEnv.OWNERSHIP_MIL_PER_YEAR;
  if (appEnv.PETROL_PRICE_PER_LITRE) ownership.petrolPricePerLitre = appEnv.PETROL_PRICE_PER_LITRE;
  if (appEnv.DIESEL_PRICE_PER_LITRE) ownership.dieselPricePerLitre = appEnv.DIESEL_PRICE_PER_LITRE;
  if (appEnv.ELECTRICITY_PRICE_PER_KWH) ownership.homeElectricityPricePerKwh = appEnv.ELECTRICITY_PRICE_PER_KWH;
  return {
    ownership,
    openai: {
      apiKey: appEnv.OPENAI_API_KEY,
      baseUrl: appEnv.OPENAI_BASE_URL,
      model: appEnv.OPENAI_MODEL,
      timeoutMs: appEnv.OPENAI_TIMEOUT_MS,
      concurrency: appEnv.OPENAI_CONCURRENCY,
    },
  };
}

/** The recommender this deployment uses: OpenAI with a key, the local catalogue engine without. */
export function getConfiguredRecommender(): Recommender {
  return getRecommender(recommenderConfigFromEnv(getAppEnv()));
}

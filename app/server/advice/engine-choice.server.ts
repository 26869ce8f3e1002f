import type { AdviceConfig } from "#app/server/advice/advise.server";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import { resolveCostAssumptions } from "#app/server/cars/ownership-cost.server";
import type { AppEnv } from "#app/server/env.server";
import { createOpenAIAdviceEngine } from "#app/server/ai/openai-engine.server";
import { openAIEngineConfigFromEnv } from "#app/server/ai/openai-config.server";
import { createOpenAIReader, type WishReader } from "#app/server/ai/openai-reader.server";

/** Without an API key the embedded offline engine runs, so a fresh clone works with no secrets. */
export function adviceEngineFromEnv(appEnv: AppEnv): AdviceEngine {
  const openai = openAIEngineConfigFromEnv(appEnv);
  return openai ? createOpenAIAdviceEngine(openai) : localAdviceEngine;
}

export function wishReaderFromEnv(appEnv: AppEnv): WishReader | null {
  const openai = openAIEngineConfigFromEnv(appEnv);
  return openai ? createOpenAIReader(openai) : null;
}

export function adviceConfigFromEnv(appEnv: AppEnv): AdviceConfig {
  return {
    assumptions: resolveCostAssumptions({
      petrolPricePerLitre: appEnv.PETROL_PRICE_PER_LITRE,
      dieselPricePerLitre: appEnv.DIESEL_PRICE_PER_LITRE,
      homeElectricityPricePerKwh: appEnv.ELECTRICITY_PRICE_PER_KWH,
    }),
    ...(appEnv.OWNERSHIP_MIL_PER_YEAR ? { defaultMilPerYear: appEnv.OWNERSHIP_MIL_PER_YEAR } : {}),
  };
}

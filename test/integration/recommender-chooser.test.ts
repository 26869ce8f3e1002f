import { describe, expect, it } from "vitest";
import { adviceConfigFromEnv, adviceEngineFromEnv, getConfiguredAdvice } from "#app/server/ai/recommender.server";
import { parseAppEnv } from "#app/server/env.server";

describe("choosing the advice engine", () => {
  it("uses the offline engine when no OpenAI key is configured (the fresh-clone default)", () => {
    expect(getConfiguredAdvice().engine.source).toBe("local");
    expect(adviceEngineFromEnv(parseAppEnv({ APP_ENV: "development" })).source).toBe("local");
  });

  it("uses OpenAI when a key is configured, one engine per configuration", () => {
    const appEnv = parseAppEnv({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_MODEL: "gpt-test", OPENAI_TIMEOUT_MS: "5000" });
    const engine = adviceEngineFromEnv(appEnv);
    expect(engine.source).toBe("openai");
    expect(adviceEngineFromEnv(appEnv)).toBe(engine);
  });

  it("passes energy prices and the default yearly driving from configuration to both engines", () => {
    const config = adviceConfigFromEnv(parseAppEnv({ OWNERSHIP_MIL_PER_YEAR: "2000", PETROL_PRICE_PER_LITRE: "18.5" }));
    expect(config.defaultMilPerYear).toBe(2000);
    expect(config.assumptions.petrolPricePerLitre).toBe(18.5);
    expect(adviceConfigFromEnv(parseAppEnv({})).defaultMilPerYear).toBeUndefined();
  });
});

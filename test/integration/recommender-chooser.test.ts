import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { adviceConfigFromEnv, adviceEngineFromEnv } from "#app/server/advice/engine-choice.server";
import { openAIEngineConfigFromEnv } from "#app/server/ai/openai-config.server";
import { InvalidEnvironmentError, parseAppEnv } from "#app/server/env.server";
import { servicesFor } from "#app/server/services.server";

describe("choosing the advice engine", () => {
  it("uses the offline engine when no OpenAI key is configured (the fresh-clone default)", () => {
    expect(servicesFor(env).engine.source).toBe("local");
    expect(adviceEngineFromEnv(parseAppEnv({ APP_ENV: "development" })).source).toBe("local");
  });

  it("uses OpenAI when a key is configured", () => {
    const appEnv = parseAppEnv({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_MODEL: "gpt-test", OPENAI_TIMEOUT_MS: "5000" });
    expect(adviceEngineFromEnv(appEnv).source).toBe("openai");
  });

  it("validates OPENAI_REASONING_EFFORT in the env schema and hands it to the engine; production names its model", () => {
    const base = { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" };
    expect(() => parseAppEnv({ ...base, OPENAI_REASONING_EFFORT: "turbo" })).toThrow(/OPENAI_REASONING_EFFORT/);
    expect(openAIEngineConfigFromEnv(parseAppEnv({ ...base, OPENAI_REASONING_EFFORT: "low" }))).toMatchObject({ reasoningEffort: "low", model: "gpt-6-luna" });
    // An empty var (unset in the dashboard) means "not configured": no reasoning_effort is sent.
    expect(openAIEngineConfigFromEnv(parseAppEnv({ ...base, OPENAI_REASONING_EFFORT: "" }))).not.toHaveProperty("reasoningEffort");
    expect(openAIEngineConfigFromEnv(parseAppEnv({}))).toBeUndefined();
  });

  it("builds the services once per environment, and a bad marketplace var fails that build by name", () => {
    expect(servicesFor(env)).toBe(servicesFor(env));
    // A deployment's vars are strings whatever wrangler.toml's types promise: build one that lies.
    const bad: Env = Object.assign(Object.create(null), env, { BLOCKET_TIMEOUT_MS: "soon", MARKETPLACE_SOURCE: "bytbil" });
    expect(() => servicesFor(bad)).toThrow(InvalidEnvironmentError);
    expect(() => servicesFor(bad)).toThrow(/BLOCKET_TIMEOUT_MS: .*MARKETPLACE_SOURCE|MARKETPLACE_SOURCE: .*BLOCKET_TIMEOUT_MS/);
  });

  it("passes energy prices and the default yearly driving from configuration to both engines", () => {
    const config = adviceConfigFromEnv(parseAppEnv({ OWNERSHIP_MIL_PER_YEAR: "2000", PETROL_PRICE_PER_LITRE: "18.5" }));
    expect(config.defaultMilPerYear).toBe(2000);
    expect(config.assumptions.petrolPricePerLitre).toBe(18.5);
    expect(adviceConfigFromEnv(parseAppEnv({})).defaultMilPerYear).toBeUndefined();
  });
});

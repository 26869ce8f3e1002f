import { describe, expect, it } from "vitest";
import { getConfiguredRecommender, getRecommender, recommenderConfigFromEnv } from "#app/server/ai/recommender.server";
import { parseAppEnv } from "#app/server/env.server";

describe("choosing the recommender", () => {
  it("uses the offline catalogue engine when no OpenAI key is configured (the fresh-clone default)", () => {
    expect(getConfiguredRecommender().source).toBe("local");
    expect(getRecommender(recommenderConfigFromEnv(parseAppEnv({ APP_ENV: "development" }))).source).toBe("local");
  });

  it("uses OpenAI when a key is configured, with the model, base URL and timeout from configuration", () => {
    const config = recommenderConfigFromEnv(
      parseAppEnv({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_MODEL: "gpt-test", OPENAI_TIMEOUT_MS: "5000" }),
    );
    expect(config.openai).toMatchObject({ apiKey: "sk-test", baseUrl: "http://127.0.0.1:9/v1", model: "gpt-test", timeoutMs: 5000 });
    expect(getRecommender(config).source).toBe("openai");
  });

  it("passes the configured cost assumptions to the local engine", async () => {
    const request = { description: "Snål pendlarbil för långa avstånd", maxPrice: 200_000, carType: "alla", sellerType: "alla", limit: 3 } as const;
    const cheap = getRecommender(recommenderConfigFromEnv(parseAppEnv({ OWNERSHIP_MIL_PER_YEAR: "500" })));
    const heavy = getRecommender(recommenderConfigFromEnv(parseAppEnv({ OWNERSHIP_MIL_PER_YEAR: "3000" })));
    const [few, many] = await Promise.all([cheap.recommend(request), heavy.recommend(request)]);
    expect(few[0]?.carName).toBeDefined();
    const fuelFor = (cars: typeof few, name: string) => cars.find((car) => car.carName === name)?.ownershipCost.fuel ?? 0;
    const shared = few.find((car) => many.some((other) => other.carName === car.carName));
    expect(shared).toBeDefined();
    expect(fuelFor(many, shared!.carName)).toBeGreaterThan(fuelFor(few, shared!.carName) * 5);
  });
});

import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { type CarSuggestion, CarSuggestionSchema, type RecommendationRequest } from "#app/lib/recommendation";
import {
  createOpenAIRecommender,
  enforceHardConstraints,
  type OpenAIRecommenderConfig,
  ShortlistSchema,
} from "#app/server/ai/openai-recommender.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import { createOutboundGuard } from "#test/setup/outbound-guard";

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAIUrl: string;
  }
}

const fakeUrl = inject("fakeOpenAIUrl");

/** The part of test/fakes/openai.ts's RecordedRequest we read (that file is Node-only). */
type RecordedRequest = {
  at: number;
  schemaName?: string;
  repair: boolean;
  status: number;
  responseContent?: string;
  body: unknown;
};

const request: RecommendationRequest = {
  description: "Familj med två barn och hund, pendlar fem mil om dagen och vill ha något pålitligt för vintern.",
  maxPrice: 250_000,
  carType: "kombi",
  sellerType: "alla",
  limit: 10,
};

/** Every outbound call goes through here; anything but the fakes fails the test. */
const outbound = createOutboundGuard([`${fakeUrl}/v1/`]);
const guardedFetch = outbound.fetch;

afterEach(async () => {
  expect(outbound.takeUnexpected()).toEqual([]);
  const unexpected = (await (await fetch(`${fakeUrl}/__fake/unexpected`)).json()) as unknown[];
  expect(unexpected).toEqual([]);
});

/** A model name that selects the fake's mode and a key no other test shares. */
function scenario(mode: string) {
  const key = `${mode}-${crypto.randomUUID()}`;
  return { model: `${mode}/${key}`, key };
}

function recommender(model: string, overrides: Partial<OpenAIRecommenderConfig> = {}) {
  return createOpenAIRecommender({
    apiKey: "sk-test",
    baseUrl: `${fakeUrl}/v1`,
    model,
    timeoutMs: 5_000,
    retryDelayMs: 50,
    fetch: guardedFetch,
    ...overrides,
  });
}

async function recorded(key: string): Promise<RecordedRequest[]> {
  const response = await fetch(`${fakeUrl}/__fake/requests?key=${encodeURIComponent(key)}`);
  return (await response.json()) as RecordedRequest[];
}

function expectValidRanked(suggestions: CarSuggestion[]) {
  suggestions.forEach((suggestion, index) => {
    expect(CarSuggestionSchema.parse(suggestion)).toEqual(suggestion);
    expect(suggestion.ratings.rank).toBe(index + 1);
    expect(suggestion.recommendedPrice.to).toBeLessThanOrEqual(request.maxPrice);
    expect(suggestion.recommendedPrice.from).toBeLessThanOrEqual(suggestion.recommendedPrice.to);
  });
}

describe("OpenAI recommender against the fake OpenAI server", () => {
  it("returns ten valid suggestions ranked 1..10 from one shortlist call and ten parallel detail calls", async () => {
    const { model, key } = scenario("ok");
    const progress: number[] = [];
    const suggestions = await recommender(model).recommend(request, {
      onCar: (_car, { done, total }) => progress.push(done * 100 + total),
    });

    expect(suggestions).toHaveLength(10);
    expectValidRanked(suggestions);
    expect(new Set(suggestions.map((s) => s.carName)).size).toBe(10);
    expect(progress).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 100 + 10));

    const calls = await recorded(key);
    expect(calls.filter((call) => call.schemaName === "car_shortlist")).toHaveLength(1);
    expect(calls.filter((call) => call.schemaName === "car_details")).toHaveLength(10);
    expect(calls.every((call) => call.status === 200 && !call.repair)).toBe(true);

    // Rank order is the shortlist's order, and the buyer's input reached the prompt.
    const shortlistCall = calls.find((call) => call.schemaName === "car_shortlist");
    const { cars } = ShortlistSchema.parse(JSON.parse(shortlistCall?.responseContent ?? "{}"));
    expect(suggestions.map((s) => s.carName)).toEqual(cars.slice(0, 10).map((c) => `${c.carMake} ${c.carModel}`));
    const prompt = JSON.stringify(shortlistCall?.body);
    expect(prompt).toContain("250\u00a0000\u00a0kr");
    expect(prompt).toContain("endast Kombi");
    expect(prompt).toContain("Familj med två barn");
  });

  it("retries once after a 429, waiting the Retry-After the server asked for", async () => {
    const { model, key } = scenario("rate-limited");
    const suggestions = await recommender(model).recommend(request);

    expect(suggestions).toHaveLength(10);
    const calls = await recorded(key);
    expect(calls.map((call) => call.status).slice(0, 2)).toEqual([429, 200]);
    expect(calls).toHaveLength(12);
    const [first, second] = calls;
    // Retry-After: 1 (seconds); the fake's clock is Node's, so the gap is real wall time.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it("does not sit out a Retry-After longer than the cap and says when to come back", async () => {
    const { model, key } = scenario("rate-limited-long");
    const error = await recommender(model).recommend(request).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "rate-limited", status: 429, retryAfterSeconds: 120 });
    expect((error as UpstreamUnavailableError).userMessage).toMatch(/försök igen/i);
    expect(await recorded(key)).toHaveLength(1);
  });

  it("fails with a clear unavailable error after a 500, a retry and a second 500", async () => {
    const { model, key } = scenario("server-error");
    const error = await recommender(model).recommend(request).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "server-error", status: 500 });
    expect((error as UpstreamUnavailableError).userMessage).toBe(
      "AI-tjänsten går inte att nå just nu. Försök igen om en stund.",
    );
    expect((await recorded(key)).map((call) => call.status)).toEqual([500, 500]);
  });

  it("times out a call that is too slow, without retrying it", async () => {
    const { model, key } = scenario("slow");
    const error = await recommender(model, { timeoutMs: 300 })
      .recommend(request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "timeout" });
    expect((error as UpstreamUnavailableError).userMessage).toBe(
      "AI-tjänsten svarade inte i tid. Försök igen om en stund.",
    );
    expect(await recorded(key)).toHaveLength(1);
  });

  it("rejects content that is not JSON after one repair attempt", async () => {
    const { model, key } = scenario("malformed");
    const error = await recommender(model).recommend(request).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamResponseError);
    expect((error as UpstreamResponseError).detail).toMatch(/ogiltig JSON/);
    expect((error as UpstreamResponseError).userMessage).toBe(
      "AI-tjänsten gav ett svar som vi inte kunde använda. Försök igen.",
    );
    const shortlistCalls = (await recorded(key)).filter((call) => call.schemaName === "car_shortlist");
    expect(shortlistCalls.map((call) => call.repair)).toEqual([false, true]);
  });

  it("rejects an HTTP body that is not JSON without retrying", async () => {
    const { model, key } = scenario("malformed-body");
    // The SDK reports the unparsable stream event itself before throwing.
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await recommender(model).recommend(request).catch((e: unknown) => e);
    expect(consoleError.mock.calls[0]?.[0]).toBe("Could not parse message into JSON:");
    consoleError.mockRestore();

    expect(error).toBeInstanceOf(UpstreamResponseError);
    expect(await recorded(key)).toHaveLength(1);
  });

  it("repairs a schema-violating answer by sending the validation errors back", async () => {
    const { model, key } = scenario("schema");
    const suggestions = await recommender(model).recommend(request);

    expect(suggestions).toHaveLength(10);
    expectValidRanked(suggestions);
    const calls = await recorded(key);
    const shortlistCalls = calls.filter((call) => call.schemaName === "car_shortlist");
    expect(shortlistCalls.map((call) => call.repair)).toEqual([false, true]);
    expect(calls.filter((call) => call.schemaName === "car_details")).toHaveLength(20);
    const repairTurn = JSON.stringify(shortlistCalls[1]?.body);
    expect(repairTurn).toContain("Ditt förra svar gick inte att använda");
    expect(repairTurn).toContain("overall");
    expect(repairTurn).toContain("mileageTo");
  });

  it("enforces budget and body type on what the model returns, then re-ranks", async () => {
    const { model, key } = scenario("constraints");
    const suggestions = await recommender(model).recommend(request);

    const calls = await recorded(key);
    const shortlistCall = calls.find((call) => call.schemaName === "car_shortlist");
    const { cars } = ShortlistSchema.parse(JSON.parse(shortlistCall?.responseContent ?? "{}"));
    const overBudget = cars.filter((car) => car.priceFrom > request.maxPrice);
    const wrongBody = cars.filter((car) => car.bodyType !== request.carType);
    const clamped = cars.filter((car) => car.priceFrom <= request.maxPrice && car.priceTo > request.maxPrice);
    expect(overBudget.length).toBeGreaterThan(0);
    expect(wrongBody.length).toBeGreaterThan(0);
    expect(clamped.length).toBeGreaterThan(0);

    expect(suggestions).toHaveLength(10);
    expectValidRanked(suggestions);
    const names = suggestions.map((s) => s.carName);
    for (const car of [...overBudget, ...wrongBody]) {
      expect(names).not.toContain(`${car.carMake} ${car.carModel}`);
    }
    const clampedCar = clamped[0];
    const clampedSuggestion = suggestions.find((s) => s.carName === `${clampedCar?.carMake} ${clampedCar?.carModel}`);
    expect(clampedSuggestion?.recommendedPrice).toEqual({ from: clampedCar?.priceFrom, to: request.maxPrice });
    expect(names).toEqual(
      enforceHardConstraints(cars, request).map((car) => `${car.carMake} ${car.carModel}`),
    );
    // Only the surviving ten were written out in full.
    expect(calls.filter((call) => call.schemaName === "car_details")).toHaveLength(10);
  });

  it("fails the whole request when one car's details fail twice: no half results", async () => {
    const { model, key } = scenario("details-error");
    const delivered: string[] = [];
    const error = await recommender(model)
      .recommend(request, { onCar: (car) => delivered.push(car.carName) })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "server-error" });
    const failing = (await recorded(key)).filter((call) => call.status === 500);
    expect(failing).toHaveLength(2);
  });
});

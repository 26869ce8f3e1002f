import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { StoredAvailability } from "#app/lib/saved-recommendation";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { getRecommendationForUser, listRecommendationsForUser } from "#app/server/db/recommendations.server";
import { checkRateLimit, rateLimitRule } from "#app/server/rate-limit/rate-limit.server";
import { durableSpendClient, type SpendBucket, type SpendLimitClient } from "#app/server/rate-limit/spend-limits.server";
import {
  type CheckAvailability,
  createRecommendation,
  type CreateRecommendationDeps,
  defaultSave,
} from "#app/server/recommendations/create-recommendation.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";

const INPUT = {
  description: "Familjebil med dragkrok för hund och långresor, gärna fyrhjulsdrift",
  maxPrice: "250 000",
  carType: "alla",
  sellerType: "alla",
};

/** Ad counts by model so every availability bucket occurs: 0, 1, 2, 3, 5, 6, 12 … */
const AD_COUNTS = [0, 1, 2, 3, 5, 6, 12, 4, 0, 7];

const ADS_URL = "https://www.blocket.se/mobility/search/car";

function knownAvailability(adCount: number): StoredAvailability {
  return { status: "known", source: "demo", adCount, countIsEstimate: false, ads: [], adsUrl: ADS_URL, marketWindow: null };
}

function deps(userId: string, overrides: Partial<CreateRecommendationDeps> = {}): CreateRecommendationDeps {
  const counts = new Map<string, number>();
  const checkAvailability: CheckAvailability = async (car) => {
    if (!counts.has(car.carName)) counts.set(car.carName, AD_COUNTS[counts.size % AD_COUNTS.length] ?? 0);
    return knownAvailability(counts.get(car.carName) ?? 0);
  };
  return {
    engine: localAdviceEngine,
    advice: { assumptions: DEFAULT_COST_ASSUMPTIONS },
    checkAvailability,
    unknownAvailability: (_car, _input, reason) => ({ status: "unknown", reason, adsUrl: ADS_URL, message: "okänd" }),
    rateLimit: (name, cost) => checkRateLimit(name, userId, rateLimitRule(name), cost),
    // Each call its own network, as different buyers: the per-address limits are tested on their own.
    clientAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
    save: defaultSave,
    ...overrides,
  };
}

/** The real limiters, with one bucket under a test's own key and rules. */
function withBucket(name: SpendBucket["name"], replace: Pick<SpendBucket, "key" | "rules">): SpendLimitClient {
  const base = durableSpendClient();
  const adjust = (bucket: SpendBucket): SpendBucket => (bucket.name === name ? { ...bucket, ...replace } : bucket);
  return { peek: (bucket) => base.peek(adjust(bucket)), charge: (bucket) => base.charge(adjust(bucket)), refund: (bucket, ticket) => base.refund(adjust({ ...bucket, rules: [] }), ticket) };
}

/** Admits every create (the same user twice in a minute, here on purpose). */
const ADMIT_ALL: SpendLimitClient = {
  peek: async () => ({ allowed: true, remaining: 1, retryAfterSeconds: 0, refusedRule: null }),
  charge: async () => ({ allowed: true, remaining: 1, retryAfterSeconds: 0, refusedRule: null, ticket: null }),
  refund: async () => false,
};

async function rowsFor(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from recommendations where user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

const expectedAvailability = (adCount: number) => (adCount === 0 ? 0 : adCount <= 2 ? 20 : adCount <= 5 ? 60 : 90);

describe("the create flow", () => {
  it("saves once, locked, with ten cars ordered by finalScore = 0.7 × overall + 0.3 × availability", async () => {
    const result = await createRecommendation("user_create_ok", INPUT, deps("user_create_ok"));
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    expect(await rowsFor("user_create_ok")).toBe(1);

    const saved = await getRecommendationForUser("user_create_ok", result.id);
    expect(saved?.isLocked).toBe(true);
    expect(saved?.input.maxPrice).toBe(250_000);
    const cars = saved?.recommendation.cars ?? [];
    expect(cars).toHaveLength(10);
    expect(cars.map((car) => car.ratings.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const car of cars) {
      const adCount = car.availability.status === "known" ? car.availability.adCount : 0;
      expect(car.score.adCount).toBe(adCount);
      expect(car.score.availabilityScore).toBe(expectedAvailability(adCount));
      expect(car.score.finalScore).toBeCloseTo(0.7 * car.ratings.overall + 0.3 * car.score.availabilityScore, 1);
      expect(car.ratings.finalScore).toBe(car.score.finalScore);
      expect(car.recommendedPrice.to).toBeLessThanOrEqual(250_000);
    }
    const finals = cars.map((car) => car.score.finalScore);
    expect(finals).toEqual([...finals].sort((a, b) => b - a));
  });

  it("refuses a second create within the minute with the wait time, and saves nothing more", async () => {
    const userId = "user_create_twice";
    expect((await createRecommendation(userId, INPUT, deps(userId))).status).toBe("created");
    const second = await createRecommendation(userId, INPUT, deps(userId));
    expect(second).toMatchObject({ status: "rate-limited" });
    if (second.status !== "rate-limited") return;
    expect(second.retryAfterSeconds).toBeGreaterThan(50);
    expect(second.message).toMatch(/^Du har nyss bett om nya bilförslag\. Vänta \d+ sekunder/);
    expect(await rowsFor(userId)).toBe(1);
  });

  it("limits creates per client IP across accounts, with a Swedish wait in minutes", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200)}`;
    const ipKey = `ip-${crypto.randomUUID()}`;
    const spendLimits = withBucket("ai-ip", { key: ipKey, rules: [{ max: 2, windowSeconds: 3600 }] });
    const results = [];
    for (const userId of ["user_ip_1", "user_ip_2", "user_ip_3"]) results.push(await createRecommendation(userId, INPUT, deps(userId, { clientAddress: address, spendLimits })));
    expect(results.map((result) => result.status)).toEqual(["created", "created", "rate-limited"]);
    const refused = results[2];
    if (refused?.status === "rate-limited") expect(refused.message).toMatch(/^Många bilförslag har beställts från din uppkoppling på kort tid\. Vänta \d+ minuter/);
    expect(await rowsFor("user_ip_3")).toBe(0);
  });

  it("holds the service's daily AI budget exactly under concurrency, and only for the model-backed engine", async () => {
    const openaiLike: AdviceEngine = { source: "openai", advise: (request, options) => localAdviceEngine.advise(request, options) };
    const spendLimits = withBucket("ai-global", { key: `all-${crypto.randomUUID()}`, rules: [{ max: 2, windowSeconds: 86_400 }] });
    const users = Array.from({ length: 5 }, (_, i) => `user_budget_${i}`);
    const results = await Promise.all(users.map((userId) => createRecommendation(userId, INPUT, deps(userId, { engine: openaiLike, spendLimits }))));
    expect(results.filter((result) => result.status === "created")).toHaveLength(2);
    const refused = results.find((result) => result.status === "rate-limited");
    if (refused?.status === "rate-limited") expect(refused.message).toMatch(/dagens gräns för AI-förslag/);
    // The local engine spends nothing, so the exhausted budget does not stop it.
    expect((await createRecommendation("user_budget_local", INPUT, deps("user_budget_local", { spendLimits }))).status).toBe("created");
  });

  it("returns Swedish field errors for bad input and touches neither the AI nor the rate limit", async () => {
    const advise = vi.fn();
    const rateLimit = vi.fn();
    const spendLimits = { peek: vi.fn(), charge: vi.fn(), refund: vi.fn() };
    const result = await createRecommendation(
      "user_invalid",
      { description: "kort", maxPrice: "abc", carType: "rymdskepp", sellerType: "alla" },
      deps("user_invalid", { engine: { source: "local", advise }, rateLimit, spendLimits }),
    );
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: {
        description: "Beskriv dina önskemål med minst 10 tecken.",
        maxPrice: "Ange ett maxpris i hela kronor, till exempel 250 000.",
        carType: "Välj en karosstyp i listan.",
      },
    });
    expect(advise).not.toHaveBeenCalled();
    expect(rateLimit).not.toHaveBeenCalled();
    expect(spendLimits.peek).not.toHaveBeenCalled();
  });

  it("asks for a clearer description when it contradicts itself or is nonsense: a 400 on the field, no quota spent", async () => {
    const advise = vi.fn();
    const rateLimit = vi.fn();
    const spendLimits = { peek: vi.fn(), charge: vi.fn(), refund: vi.fn() };
    for (const description of ["Måste vara en elbil men absolut ingen elbil.", "asdfgh qwerty zxcvbn"]) {
      const result = await createRecommendation("user_unclear", { ...INPUT, description }, deps("user_unclear", { engine: { source: "local", advise }, rateLimit, spendLimits }));
      expect(result.status).toBe("invalid");
      if (result.status === "invalid") expect(result.fieldErrors.description).toMatch(/[a-zåäö]/);
    }
    expect(advise).not.toHaveBeenCalled();
    expect(rateLimit).not.toHaveBeenCalled();
    expect(spendLimits.peek).not.toHaveBeenCalled();
    expect(await rowsFor("user_unclear")).toBe(0);
  });

  it("saves the understood requirements and the cost assumptions beside the input", async () => {
    const userId = "user_requirements";
    const result = await createRecommendation(userId, { ...INPUT, description: "Fyrhjulsdrift och dragkrok för 1 800 kg, jag kör 3 000 mil om året." }, deps(userId));
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    const saved = await getRecommendationForUser(userId, result.id);
    expect(saved?.requirements?.hard).toMatchObject({ awd: true, minTowingKg: 1800 });
    expect(saved?.recommendation.assumptions).toMatchObject({ milPerYear: 3000, milPerYearStated: true });
    for (const car of saved?.recommendation.cars ?? []) {
      expect(car.facts?.drivetrain).toBe("awd");
      expect(car.facts?.towingKg).toBeGreaterThanOrEqual(1800);
    }
  });

  for (const [label, error, reason, message] of [
    ["busy", new UpstreamUnavailableError({ upstream: "openai", reason: "rate-limited", message: "429", retryAfterSeconds: 20 }), "busy", /hårt belastad/],
    ["timed out", new UpstreamUnavailableError({ upstream: "openai", reason: "timeout", message: "timeout" }), "timeout", /svarade inte i tid/],
    ["down", new UpstreamUnavailableError({ upstream: "openai", reason: "server-error", message: "500" }), "unavailable", /går inte att nå/],
    ["out of quota", new UpstreamUnavailableError({ upstream: "openai", reason: "quota", message: "insufficient_quota" }), "quota", /kvot/],
    ["an invalid answer", new UpstreamResponseError({ upstream: "openai", message: "schema" }), "invalid-answer", /inte gick att använda/],
  ] as const) {
    it(`saves nothing when the AI is ${label}, and says so in Swedish`, async () => {
      const userId = `user_ai_${reason}`;
      const failing: AdviceEngine = { source: "openai", advise: async () => Promise.reject(error) };
      vi.spyOn(console, "error").mockImplementation(() => {});
      const result = await createRecommendation(userId, INPUT, deps(userId, { engine: failing }));
      expect(result).toMatchObject({ status: "ai-failed", reason });
      if (result.status === "ai-failed") expect(result.message).toMatch(message);
      expect(await rowsFor(userId)).toBe(0);
    });
  }

  it("still saves when the marketplace is down, with every car's availability unknown and scored 0", async () => {
    const userId = "user_blocket_down";
    const down: CheckAvailability = async () => ({ status: "unknown", reason: "server-error", adsUrl: ADS_URL, message: "Blocket går inte att nå" });
    const throwing: CheckAvailability = async () => {
      throw new Error("boom");
    };
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const checkAvailability of [down, throwing]) {
      const result = await createRecommendation(userId, INPUT, deps(userId, { checkAvailability, rateLimit: async () => ({ allowed: true, remaining: 1, retryAfterSeconds: 0 }), spendLimits: ADMIT_ALL }));
      expect(result.status).toBe("created");
      if (result.status !== "created") continue;
      const cars = (await getRecommendationForUser(userId, result.id))?.recommendation.cars ?? [];
      expect(cars).toHaveLength(10);
      for (const car of cars) {
        expect(car.availability.status).toBe("unknown");
        expect(car.score.adCount).toBeNull();
        expect(car.score.availabilityScore).toBe(0);
        expect(car.score.finalScore).toBeCloseTo(0.7 * car.ratings.overall, 1);
      }
    }
  });

  it("runs the marketplace lookups in parallel, not one after another", async () => {
    const userId = "user_parallel";
    let inFlight = 0;
    let peak = 0;
    const slow: CheckAvailability = async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return knownAvailability(3);
    };
    expect((await createRecommendation(userId, INPUT, deps(userId, { checkAvailability: slow }))).status).toBe("created");
    expect(peak).toBe(10);
  });

  it("saves nothing and says so when the database write fails", async () => {
    const userId = "user_d1_down";
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await createRecommendation(userId, INPUT, deps(userId, { save: async () => Promise.reject(new Error("D1 unavailable")) }));
    expect(result).toMatchObject({ status: "save-failed" });
    expect((await listRecommendationsForUser(userId)).items).toEqual([]);
  });

  it("answers 'no match' with what to relax, before any AI quota is spent, when nothing fits", async () => {
    const userId = "user_no_match";
    const advise = vi.fn();
    const rateLimit = vi.fn();
    const spendLimits = { peek: vi.fn(), charge: vi.fn(), refund: vi.fn() };
    const impossible = { ...INPUT, description: "Elbil som drar 3 500 kg och har plats för sju vuxna.", maxPrice: "200 000" };
    const result = await createRecommendation(userId, impossible, deps(userId, { engine: { source: "local", advise }, rateLimit, spendLimits }));
    expect(result).toMatchObject({ status: "no-match" });
    if (result.status === "no-match") expect(result.message).toMatch(/Ingen bil/);
    expect(advise).not.toHaveBeenCalled();
    expect(rateLimit).not.toHaveBeenCalled();
    expect(spendLimits.peek).not.toHaveBeenCalled();
    expect(await rowsFor(userId)).toBe(0);
  });
});

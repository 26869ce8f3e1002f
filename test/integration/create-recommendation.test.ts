import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { MarketplaceQueryInput, MarketplaceResult } from "#app/lib/marketplace";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import { getRecommendationForUser, listRecommendationsForUser } from "#app/server/db/recommendations.server";
import type { Marketplace } from "#app/server/marketplace/marketplace.server";
import {
  createRateLimits,
  type LimitBucket,
  type RateLimitName,
  type RateLimitRule,
  type RateLimits,
  rateLimitRule,
} from "#app/server/rate-limit/rate-limit.server";
import { CreationJob } from "#app/server/recommendations/creation-job.server";
import { startCreate } from "#app/server/recommendations/start-create.server";
import type { Services } from "#app/server/services.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import { baseServices, createThroughJob, formInput, runAlarm } from "#test/setup/job-harness";
import { run, signIn } from "#test/setup/route-harness";
import { action as createAction } from "#app/routes/recommendations-create";
import * as candidatesModule from "#app/server/advice/candidates.server";
import * as parserModule from "#app/server/reading/parse-requirements.server";
import { recommendationState } from "#app/server/recommendations/recommendation-page.server";

/**
 * The create as it ships: the start step's checks and spend limits, then the CreationJob's work
 * (advice → marketplace → scoring → save), with a marketplace and engines the test controls.
 */

const INPUT = {
  description: "Familjebil med dragkrok för hund och långresor, gärna fyrhjulsdrift",
  maxPrice: "250 000",
  carType: "alla",
  sellerType: "alla",
};

/** Ad counts by model so every availability bucket occurs: 0, 1, 2, 3, 5, 6, 12 … */
const AD_COUNTS = [0, 1, 2, 3, 5, 6, 12, 4, 0, 7];

const ADS_URL = "https://www.blocket.se/mobility/search/car";

type Search = (query: MarketplaceQueryInput) => Promise<MarketplaceResult>;

function marketplaceOf(search: Search): Marketplace {
  const marketplace: Marketplace = { source: "demo", search, forRequest: () => marketplace };
  return marketplace;
}

/** Each model its own count from AD_COUNTS, in the order the job asks. */
function countingMarketplace(): Marketplace {
  const counts = new Map<string, number>();
  return marketplaceOf(async (query) => {
    const name = `${query.make} ${query.model}`;
    if (!counts.has(name)) counts.set(name, AD_COUNTS[counts.size % AD_COUNTS.length] ?? 0);
    return { cars: [], adsUrl: ADS_URL, totalCount: counts.get(name) ?? 0, countIsEstimate: false, source: "demo", marketWindow: null };
  });
}

/** The real limiters, with some rules replaced and some keys moved to a test's own. */
function withRules(
  overrides: Partial<Record<RateLimitName, RateLimitRule>>,
  keyOf: (name: LimitBucket["name"], key: string) => string = (_, key) => key,
): RateLimits {
  const appEnv = baseServices().appEnv;
  const limits = createRateLimits(env.RATE_LIMITER, (name) => overrides[name] ?? rateLimitRule(appEnv, name));
  const moved = <B extends Pick<LimitBucket, "name" | "key">>(bucket: B): B => ({ ...bucket, key: keyOf(bucket.name, bucket.key) });
  return {
    rule: limits.rule,
    hit: (name, key, cost) => limits.hit(name, keyOf(name, key), cost),
    peek: (bucket) => limits.peek(moved(bucket)),
    charge: (bucket) => limits.charge(moved(bucket)),
    refund: (bucket, ticket) => limits.refund(moved(bucket), ticket),
  };
}

/** Limits that must not be reached at all: every method a spy. */
function untouchedLimits() {
  return { rule: vi.fn(), hit: vi.fn(), peek: vi.fn(), charge: vi.fn(), refund: vi.fn() };
}

function services(overrides: Partial<Services> = {}): Services {
  return { ...baseServices(), engine: localAdviceEngine, marketplace: countingMarketplace(), ...overrides };
}

/** Each create from its own network unless a test names one, as different buyers: the per-address limits are tested on their own. */
const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;

const create = (userId: string, fields: Record<string, string>, overrides: Partial<Services> = {}, clientAddress = randomAddress()) =>
  createThroughJob(userId, fields, { start: services(overrides), clientAddress });

async function rowsFor(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from recommendations where user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

const saved = (userId: string, id: string) => getRecommendationForUser(userId, id, baseServices().db, baseServices().results);

const expectedAvailability = (adCount: number) => (adCount === 0 ? 0 : adCount <= 2 ? 20 : adCount <= 5 ? 60 : 90);

describe("the create flow", () => {
  it("saves once, locked, with ten cars ordered by finalScore = 0.7 × overall + 0.3 × availability", async () => {
    const result = await create("user_create_ok", INPUT);
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    expect(await rowsFor("user_create_ok")).toBe(1);

    const recommendation = await saved("user_create_ok", result.id);
    expect(recommendation?.isLocked).toBe(true);
    expect(recommendation?.input.maxPrice).toBe(250_000);
    const cars = recommendation?.recommendation.cars ?? [];
    expect(cars).toHaveLength(10);
    expect(cars.map((car) => car.ratings.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(cars.map((car) => car.score.availabilityScore)).size).toBeGreaterThan(2);
    for (const car of cars) {
      const adCount = car.availability.status === "known" ? car.availability.adCount : 0;
      expect(car.score.adCount).toBe(adCount);
      expect(car.score.availabilityScore).toBe(expectedAvailability(adCount));
      // The score is rounded to a tenth, so it may sit a full half-tenth from the exact sum (86,85 → 86,9).
      expect(Math.abs(car.score.finalScore - (0.7 * car.ratings.overall + 0.3 * car.score.availabilityScore))).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(car.ratings.finalScore).toBe(car.score.finalScore);
      expect(car.recommendedPrice.to).toBeLessThanOrEqual(250_000);
    }
    const finals = cars.map((car) => car.score.finalScore);
    expect(finals).toEqual([...finals].sort((a, b) => b - a));
  });

  it("refuses a second create within the minute with the wait time, and saves nothing more", async () => {
    const userId = "user_create_twice";
    expect((await create(userId, INPUT)).status).toBe("created");
    const second = await create(userId, INPUT);
    expect(second).toMatchObject({ status: "rate-limited" });
    if (second.status !== "rate-limited") return;
    expect(second.retryAfterSeconds).toBeGreaterThan(50);
    expect(second.message).toMatch(/^Du har nyss bett om nya bilförslag\. Vänta \d+ sekunder/);
    expect(await rowsFor(userId)).toBe(1);
  });

  it("limits creates per client IP across accounts, with a Swedish wait in minutes", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200)}`;
    const rateLimits = withRules({ "ai-ip": { max: 2, windowSeconds: 3600 } });
    const results = [];
    for (const userId of ["user_ip_1", "user_ip_2", "user_ip_3"]) results.push(await create(userId, INPUT, { rateLimits }, address));
    expect(results.map((result) => result.status)).toEqual(["created", "created", "rate-limited"]);
    const refused = results[2];
    if (refused?.status === "rate-limited")
      expect(refused.message).toMatch(/^Många bilförslag har beställts från din uppkoppling på kort tid\. Vänta \d+ minuter/);
    expect(await rowsFor("user_ip_3")).toBe(0);
  });

  it(
    "holds the service's daily AI budget exactly under concurrency; the creates past it get the local engine, not a refusal",
    { timeout: 30_000 },
    async () => {
      const budget = `all-${crypto.randomUUID()}`;
      const openaiLike: AdviceEngine = { source: "openai", advise: (request, options) => localAdviceEngine.advise(request, options) };
      const rateLimits = withRules({ "ai-global": { max: 2, windowSeconds: 86_400 } }, (name, key) => (name === "ai-global" ? budget : key));
      const users = Array.from({ length: 5 }, (_, i) => `user_budget_${i}`);
      // The jobs run with the same model-backed engine (in place before the start: an alarm may fire at once).
      const jobServices = vi.spyOn(CreationJob.prototype, "services").mockReturnValue(services({ engine: openaiLike, rateLimits }));
      try {
        const started = await Promise.all(
          users.map((userId) =>
            startCreate(services({ engine: openaiLike, rateLimits }), { userId, input: formInput(INPUT), clientAddress: crypto.randomUUID() }),
          ),
        );
        expect(started.map((result) => result.status)).toEqual(Array(5).fill("started"));
        // Finished here, so no job of this test is left to run during another's.
        const results = [];
        for (const [index, result] of started.entries()) {
          if (result.status !== "started") continue;
          await runAlarm(users[index]!, result.id);
          results.push((await saved(users[index]!, result.id))?.recommendation);
        }
        const engines = results.map((result) => `${result?.source} ${result?.fallback?.reason ?? "-"}`).sort();
        expect(engines).toEqual(["local budget", "local budget", "local budget", "openai -", "openai -"]);
      } finally {
        jobServices.mockRestore();
      }
    },
  );

  it("reads the wish once per POST and prepares the advice once per create, the job included", async () => {
    const session = await signIn(`en-gang-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const reads = vi.spyOn(parserModule, "parseRequirements");
    const prepares = vi.spyOn(candidatesModule, "searchCandidates");
    try {
      const response = await run(createAction, "/recommendations/create", { method: "POST", cookie: session.cookie, fields: INPUT });
      expect(response.status).toBe(302);
      const id = response.headers.get("Location")!.split("/").at(-1)!;
      await runAlarm(session.userId, id);
      expect((await recommendationState(session.userId, id, baseServices())).kind).toBe("saved");
      expect(reads.mock.calls.filter(([input]) => input.description !== "")).toHaveLength(1);
      // The form alone (an empty description) is read once too: its bodies are the ones the merge keeps.
      expect(reads.mock.calls.filter(([input]) => input.description === "")).toHaveLength(1);
      expect(prepares).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      prepares.mockRestore();
    }
  });

  it("answers bad input with Swedish field errors (400) and touches neither the job nor the create limit", async () => {
    const session = await signIn(`ogiltig-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const bad = { description: "kort", maxPrice: "abc", carType: "rymdskepp", sellerType: "alla" };
    const response = await run(createAction, "/recommendations/create", { method: "POST", cookie: session.cookie, fields: bad });
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    for (const message of [
      "Beskriv dina önskemål med minst 10 tecken.",
      "Ange ett maxpris i hela kronor, till exempel 250 000.",
      "Välj en karosstyp i listan.",
    ]) {
      expect(body).toContain(message);
    }
    const jobs = await env.DB.prepare("select count(*) as n from recommendation_jobs where user_id = ?").bind(session.userId).first<{ n: number }>();
    expect(jobs?.n).toBe(0);
    // The create limit (one a minute) was not charged: a valid create right after is started.
    const valid = await run(createAction, "/recommendations/create", { method: "POST", cookie: session.cookie, fields: INPUT });
    expect(valid.status).toBe(302);
    await runAlarm(session.userId, valid.headers.get("Location")!.split("/").at(-1)!);
  });

  it("asks for a clearer description when it contradicts itself or is nonsense: a 400 on the field, no quota spent", async () => {
    const advise = vi.fn();
    const rateLimits = untouchedLimits();
    for (const description of ["Måste vara en elbil men absolut ingen elbil.", "asdfgh qwerty zxcvbn"]) {
      const result = await create("user_unclear", { ...INPUT, description }, { engine: { source: "local", advise }, rateLimits });
      expect(result.status).toBe("unclear");
      if (result.status === "unclear") expect(result.message).toMatch(/[a-zåäö]/);
    }
    expect(advise).not.toHaveBeenCalled();
    for (const method of Object.values(rateLimits)) expect(method).not.toHaveBeenCalled();
    expect(await rowsFor("user_unclear")).toBe(0);
    // The route puts the message under the description field.
    const session = await signIn(`oklar-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const response = await run(createAction, "/recommendations/create", {
      method: "POST",
      cookie: session.cookie,
      fields: { ...INPUT, description: "asdfgh qwerty zxcvbn" },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(/"description":\["[^"]+"\]/);
  });

  it("saves the understood requirements and the cost assumptions beside the input", async () => {
    const userId = "user_requirements";
    const result = await create(userId, { ...INPUT, description: "Fyrhjulsdrift och dragkrok för 1 800 kg, jag kör 3 000 mil om året." });
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    const recommendation = await saved(userId, result.id);
    expect(recommendation?.requirements?.hard).toMatchObject({ awd: true, minTowingKg: 1800 });
    expect(recommendation?.recommendation.assumptions).toMatchObject({ milPerYear: 3000, milPerYearStated: true });
    for (const car of recommendation?.recommendation.cars ?? []) {
      expect(car.facts?.drivetrain).toBe("awd");
      expect(car.facts?.towingKg).toBeGreaterThanOrEqual(1800);
    }
  });

  for (const [label, error, reason] of [
    ["busy", new UpstreamUnavailableError({ upstream: "openai", reason: "rate-limited", message: "429", retryAfterSeconds: 20 }), "busy"],
    ["timed out", new UpstreamUnavailableError({ upstream: "openai", reason: "timeout", message: "timeout" }), "timeout"],
    ["down", new UpstreamUnavailableError({ upstream: "openai", reason: "server-error", message: "500" }), "unavailable"],
    ["out of quota", new UpstreamUnavailableError({ upstream: "openai", reason: "quota", message: "insufficient_quota" }), "quota"],
  ] as const) {
    it(`answers with the local engine when the AI is ${label}, saved with the reason for the page's notice`, async () => {
      const userId = `user_ai_${reason}`;
      const failing: AdviceEngine = { source: "openai", advise: async () => Promise.reject(error) };
      vi.spyOn(console, "error").mockImplementation(() => {});
      const result = await create(userId, INPUT, { engine: failing });
      expect(result.status).toBe("created");
      if (result.status !== "created") return;
      expect((await saved(userId, result.id))?.recommendation).toMatchObject({ source: "local", fallback: { reason } });
    });
  }

  for (const [label, error, reason, message] of [
    ["an invalid answer", new UpstreamResponseError({ upstream: "openai", message: "schema" }), "invalid-answer", /inte gick att använda/],
  ] as const) {
    it(`saves nothing when the AI is ${label}, and says so in Swedish`, async () => {
      const userId = `user_ai_${reason}`;
      const failing: AdviceEngine = { source: "openai", advise: async () => Promise.reject(error) };
      vi.spyOn(console, "error").mockImplementation(() => {});
      const result = await create(userId, INPUT, { engine: failing });
      expect(result).toMatchObject({ status: "failed", failure: reason });
      if (result.status === "failed") expect(result.message).toMatch(message);
      expect(await rowsFor(userId)).toBe(0);
    });
  }

  it("still saves when the marketplace is down, with every car's availability unknown and scored 0", async () => {
    const down = marketplaceOf(async () => Promise.reject(new UpstreamUnavailableError({ upstream: "blocket", reason: "server-error", message: "500" })));
    const throwing = marketplaceOf(async () => Promise.reject(new Error("boom")));
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const [index, marketplace] of [down, throwing].entries()) {
      const userId = `user_blocket_down_${index}`;
      const result = await create(userId, INPUT, { marketplace });
      expect(result.status).toBe("created");
      if (result.status !== "created") continue;
      const cars = (await saved(userId, result.id))?.recommendation.cars ?? [];
      expect(cars).toHaveLength(10);
      for (const car of cars) {
        expect(car.availability.status).toBe("unknown");
        expect(car.score.adCount).toBeNull();
        expect(car.score.availabilityScore).toBe(0);
        expect(Math.abs(car.score.finalScore - 0.7 * car.ratings.overall)).toBeLessThanOrEqual(0.05 + 1e-9);
      }
    }
  });

  it("runs the marketplace lookups in parallel, not one after another", async () => {
    let inFlight = 0;
    let peak = 0;
    const slow = marketplaceOf(async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return { cars: [], adsUrl: ADS_URL, totalCount: 3, countIsEstimate: false, source: "demo", marketWindow: null };
    });
    expect((await create("user_parallel", INPUT, { marketplace: slow })).status).toBe("created");
    expect(peak).toBe(10);
  });

  it("saves nothing and says so when the database write fails", async () => {
    const userId = "user_d1_down";
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failingResults = { ...baseServices().results, put: async () => Promise.reject(new Error("R2 unavailable")) };
    const result = await createThroughJob(userId, INPUT, { start: services(), job: services({ results: failingResults }) });
    expect(result).toMatchObject({ status: "failed", failure: "save-failed" });
    expect((await listRecommendationsForUser(userId, {}, baseServices().db)).items).toEqual([]);
  });

  it("answers 'no match' with what to relax, before any AI quota is spent, when nothing fits", async () => {
    const userId = "user_no_match";
    const advise = vi.fn();
    const rateLimits = untouchedLimits();
    const impossible = { ...INPUT, description: "Elbil som drar 3 500 kg och har plats för sju vuxna.", maxPrice: "200 000" };
    const result = await create(userId, impossible, { engine: { source: "local", advise }, rateLimits });
    expect(result).toMatchObject({ status: "no-match" });
    if (result.status === "no-match") expect(result.message).toMatch(/Ingen bil/);
    expect(advise).not.toHaveBeenCalled();
    for (const method of Object.values(rateLimits)) expect(method).not.toHaveBeenCalled();
    expect(await rowsFor(userId)).toBe(0);
  });
});

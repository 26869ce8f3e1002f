import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { loader as detailLoader } from "#app/routes/recommendation";
import { createOpenAIAdviceEngine, type OpenAIEngineConfig } from "#app/server/ai/openai-engine.server";
import { createOpenAIReader } from "#app/server/ai/openai-reader.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import { createRateLimits, type LimitBucket, rateLimitRule, type RateLimits } from "#app/server/rate-limit/rate-limit.server";
import { spendBuckets } from "#app/server/rate-limit/spend-limits.server";
import type { Services } from "#app/server/services.server";
import { baseServices, createThroughJob } from "#test/setup/job-harness";
import { createOutboundGuard } from "#test/setup/outbound-guard";
import { run, signIn } from "#test/setup/route-harness";

/**
 * Failing soft, through the create as it ships (the start step, then the CreationJob's alarm, the
 * real OpenAI adapters against the fake server): when the model cannot be had, the buyer gets the
 * local engine's advice, saved with the reason the page turns into a Swedish notice; the create
 * counts as one of the buyer's, never against the day's model budget; and once the model has
 * failed, no further model call is sent for the create.
 */

const openaiUrl = inject("fakeOpenAIUrl");
const outbound = createOutboundGuard([`${openaiUrl}/v1/`]);

const WISH = {
  description: "Familj med två barn och hund, pendlar fem mil om dagen och vill ha något pålitligt för vintern.",
  maxPrice: "300 000",
  carType: "alla",
  sellerType: "alla",
};

type RecordedRequest = { schemaName?: string; repair: boolean; status: number; path: string };

let logged: string[] = [];
beforeEach(() => {
  logged = [];
  const keep = (...args: unknown[]) =>
    void logged.push(args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
  vi.spyOn(console, "warn").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
});
afterEach(() => {
  expect(outbound.takeUnexpected()).toEqual([]);
});

/** The real limiters, with the day's model budget moved to a bucket of the test's own. */
function ownBudget(max: number): { rateLimits: RateLimits; bucket: LimitBucket } {
  const key = `all-${crypto.randomUUID()}`;
  const appEnv = baseServices().appEnv;
  const limits = createRateLimits(env.RATE_LIMITER, (name) => (name === "ai-global" ? { max, windowSeconds: 86_400 } : rateLimitRule(appEnv, name)));
  const moved = <B extends Pick<LimitBucket, "name" | "key">>(bucket: B): B => (bucket.name === "ai-global" ? { ...bucket, key } : bucket);
  return {
    bucket: { name: "ai-global", key, rules: [{ max, windowSeconds: 86_400 }] },
    rateLimits: {
      rule: limits.rule,
      hit: limits.hit,
      peek: (bucket) => limits.peek(moved(bucket)),
      charge: (bucket) => limits.charge(moved(bucket)),
      refund: (bucket, ticket) => limits.refund(moved(bucket), ticket),
    },
  };
}

function servicesFor(mode: string, rateLimits: RateLimits, config: Partial<OpenAIEngineConfig> = {}): { start: Services; job: Services; key: string } {
  const key = `${mode}-${crypto.randomUUID()}`;
  const openai = {
    apiKey: "sk-test",
    baseUrl: `${openaiUrl}/v1`,
    model: `${mode}/${key}`,
    reasoningEffort: "none" as const,
    checkModel: false,
    timeoutMs: 2_000,
    retryDelayMs: 20,
    maxRetryWaitMs: 2_000,
    fetch: outbound.fetch,
    ...config,
  };
  const base = baseServices();
  // The job's calls share connection slots sized by the deployment's OPENAI_CONCURRENCY.
  const appEnv = config.concurrency ? { ...base.appEnv, OPENAI_CONCURRENCY: config.concurrency } : base.appEnv;
  const services = {
    ...base,
    appEnv,
    rateLimits,
    advice: { assumptions: DEFAULT_COST_ASSUMPTIONS },
    engine: createOpenAIAdviceEngine(openai),
    reader: createOpenAIReader(openai),
  };
  return { start: services, job: services, key };
}

async function chatCalls(key: string): Promise<RecordedRequest[]> {
  const calls = (await (await fetch(`${openaiUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as RecordedRequest[];
  return calls.filter((call) => call.path === "/v1/chat/completions");
}

const tally = (calls: RecordedRequest[]) => {
  const counts: Record<string, number> = {};
  for (const call of calls)
    counts[`${call.schemaName}${call.repair ? " (repair)" : ""}`] = (counts[`${call.schemaName}${call.repair ? " (repair)" : ""}`] ?? 0) + 1;
  return counts;
};

/** Creates through the job as `email`'s buyer and returns what was saved and what the page is given. */
async function createAs(email: string, services: { start: Services; job: Services }) {
  const buyer = await signIn(email);
  const outcome = await createThroughJob(buyer.userId, WISH, services);
  expect(outcome.status).toBe("created");
  if (outcome.status !== "created") throw new Error(JSON.stringify(outcome));
  const { db, results } = baseServices();
  const saved = await getRecommendationForUser(buyer.userId, outcome.id, db, results);
  const response = await run(detailLoader, `/recommendations/${outcome.id}`, { cookie: buyer.cookie, params: { id: outcome.id } });
  expect(response.status).toBe(200);
  const page = (await response.json()) as { kind: string; view?: { source: string; fallback?: string | null; cars: unknown[] } };
  return { buyer, saved, page };
}

/** The local engine's advice, saved with the reason, and the page given the notice's reason. */
function expectLocalAdvice(created: Awaited<ReturnType<typeof createAs>>, reason: string) {
  expect(created.saved?.recommendation.source).toBe("local");
  expect(created.saved?.recommendation.cars.length).toBe(10);
  expect(created.saved?.recommendation).toMatchObject({ fallback: { reason } });
  expect(created.page.kind).toBe("saved");
  expect(created.page.view).toMatchObject({ source: "local", fallback: reason });
}

/** Counts as one of the buyer's creates: their one-a-minute pace is used. */
async function expectCountedForBuyer(rateLimits: RateLimits, userId: string) {
  const [account] = spendBuckets(rateLimits.rule, { userId, clientAddress: undefined, source: "local" });
  expect((await rateLimits.peek(account!)).allowed).toBe(false);
}

describe("the model cannot be had: local advice with a notice, not a refusal", () => {
  it("the day's model budget spent: the local engine answers, nothing more is drawn on the budget, no model call", async () => {
    const { rateLimits, bucket } = ownBudget(1);
    const other = await rateLimits.charge(bucket);
    expect(other.allowed).toBe(true);
    const services = servicesFor("ok", rateLimits);

    const created = await createAs(`budget-${crypto.randomUUID().slice(0, 8)}@example.se`, services);
    expectLocalAdvice(created, "budget");
    // Only the other create's slot: refunding it empties the bucket.
    expect(await rateLimits.refund(bucket, other.ticket!)).toBe(true);
    expect(await rateLimits.peek(bucket)).toMatchObject({ allowed: true, remaining: 0 });
    await expectCountedForBuyer(rateLimits, created.buyer.userId);
    expect(await chatCalls(services.key)).toEqual([]);
  });

  it("OpenAI's quota exhausted (insufficient_quota 429): local advice, the budget's slot given back, no call after the two that failed", async () => {
    const { rateLimits, bucket } = ownBudget(3);
    const services = servicesFor("quota", rateLimits);

    const created = await createAs(`quota-${crypto.randomUUID().slice(0, 8)}@example.se`, services);
    expectLocalAdvice(created, "quota");
    expect(await rateLimits.peek(bucket)).toMatchObject({ allowed: true, remaining: 2 });
    await expectCountedForBuyer(rateLimits, created.buyer.userId);
    // The shortlist and the reading, sent side by side, each refused once; never retried, nothing after.
    expect(tally(await chatCalls(services.key))).toEqual({ advice_shortlist: 1, buyer_reading: 1 });
  });

  it("OpenAI's quota exhausted with one connection: the call queued behind the refused one is never sent", async () => {
    const { rateLimits } = ownBudget(3);
    const services = servicesFor("quota", rateLimits, { concurrency: 1 });

    const created = await createAs(`quota-one-${crypto.randomUUID().slice(0, 8)}@example.se`, services);
    expectLocalAdvice(created, "quota");
    expect((await chatCalls(services.key)).map((call) => call.status)).toEqual([429]);
  });

  it("the quota running out at the first car's texts: no other car's texts are asked for, local advice", async () => {
    const { rateLimits, bucket } = ownBudget(3);
    // One call at a time, so "after" is exact.
    const services = servicesFor("quota-texts", rateLimits, { concurrency: 1 });

    const created = await createAs(`quota-texts-${crypto.randomUUID().slice(0, 8)}@example.se`, services);
    expectLocalAdvice(created, "quota");
    expect(await rateLimits.peek(bucket)).toMatchObject({ allowed: true, remaining: 2 });
    expect(tally(await chatCalls(services.key))).toEqual({ buyer_reading: 1, advice_shortlist: 1, advice_car_texts: 1 });
  });

  it("the model unavailable (500 after the one retry): local advice, the budget's slot given back, no further call", async () => {
    const { rateLimits, bucket } = ownBudget(3);
    const services = servicesFor("server-error", rateLimits);

    const created = await createAs(`down-${crypto.randomUUID().slice(0, 8)}@example.se`, services);
    expectLocalAdvice(created, "unavailable");
    expect(await rateLimits.peek(bucket)).toMatchObject({ allowed: true, remaining: 2 });
    await expectCountedForBuyer(rateLimits, created.buyer.userId);
    const calls = tally(await chatCalls(services.key));
    expect(calls.advice_shortlist).toBe(2);
    // The reading runs beside the shortlist and is dropped once the shortlist has failed: on a busy
    // machine that can come before its own retry is sent.
    expect(calls.buyer_reading).toBeGreaterThanOrEqual(1);
    expect(calls.buyer_reading).toBeLessThanOrEqual(2);
    expect(Object.keys(calls).sort()).toEqual(["advice_shortlist", "buyer_reading"]);
  });

  it("an empty answer cut at max_completion_tokens: its own failure, never repaired, local advice, and the operator told what to change", async () => {
    const { rateLimits, bucket } = ownBudget(3);
    const services = servicesFor("empty-length", rateLimits);

    const created = await createAs(`empty-${crypto.randomUUID().slice(0, 8)}@example.se`, services);
    expectLocalAdvice(created, "empty-answer");
    expect(await rateLimits.peek(bucket)).toMatchObject({ allowed: true, remaining: 2 });
    await expectCountedForBuyer(rateLimits, created.buyer.userId);
    // One of each, no repair turn (a second paid call could only be cut the same way).
    expect(tally(await chatCalls(services.key))).toEqual({ advice_shortlist: 1, buyer_reading: 1 });
    const advice = logged.filter((line) => /empty answer/i.test(line));
    expect(advice.length).toBeGreaterThan(0);
    expect(advice.join("\n")).toMatch(/OPENAI_REASONING_EFFORT/);
    expect(advice.join("\n")).toMatch(/max_completion_tokens/);
  });
});

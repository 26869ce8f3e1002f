import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { createOpenAIAdviceEngine, DEFAULT_MAX_COMPLETION_TOKENS, type OpenAIEngineConfig } from "#app/server/ai/openai-engine.server";
import { REASONING_ALLOWANCE } from "#app/server/ai/openai-reasoning.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import type { CreationJobSpec } from "#app/server/recommendations/contracts.server";
import { startCreate, type StartServices } from "#app/server/recommendations/start-create.server";
import { formInput } from "#test/setup/job-harness";
import { servicesFor } from "#app/server/services.server";
import { env } from "cloudflare:workers";
import type { LimitBucket, RateLimitName } from "#app/server/rate-limit/rate-limit.server";
import { ModelUnavailableError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import { unsupportedKeywords } from "#test/fakes/openai";
import { candidates, request, requirements } from "#test/fixtures/jamtland-buyer";
import { createOutboundGuard } from "#test/setup/outbound-guard";

/**
 * The model's lifecycle against the fake OpenAI server: the reasoning effort and the ceilings that
 * leave room for it, only the strict schema subset on the wire, a retired model refused before
 * anything is charged, and an answer that stalls mid-stream reported as a timeout (no repair call).
 */

const fakeUrl = inject("fakeOpenAIUrl");
const outbound = createOutboundGuard([`${fakeUrl}/v1/`]);

afterEach(() => {
  expect(outbound.takeUnexpected()).toEqual([]);
  vi.restoreAllMocks();
});

type Recorded = {
  method: string;
  path: string;
  schemaName?: string;
  repair: boolean;
  status: number;
  maxCompletionTokens?: number;
  sentChars?: number;
  body: { reasoning_effort?: string; response_format?: { json_schema?: { strict?: boolean; schema?: unknown } } } | null;
};

function scenario(mode: string) {
  const key = `${mode}-${crypto.randomUUID()}`;
  return { model: `${mode}/${key}`, key };
}

function engine(model: string, overrides: Partial<OpenAIEngineConfig> = {}) {
  return createOpenAIAdviceEngine({
    apiKey: "sk-test",
    baseUrl: `${fakeUrl}/v1`,
    model,
    timeoutMs: 5_000,
    retryDelayMs: 50,
    fetch: outbound.fetch,
    log: () => {},
    ...overrides,
  });
}

async function recorded(key: string): Promise<Recorded[]> {
  return (await (await fetch(`${fakeUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as Recorded[];
}

describe("reasoning effort and token ceilings", () => {
  it("sends OPENAI_REASONING_EFFORT as reasoning_effort and raises every ceiling by its allowance", async () => {
    const { model, key } = scenario("ok");
    const picks = await engine(model, { reasoningEffort: "low" }).advise(request);
    expect(picks).toHaveLength(10);
    const calls = await recorded(key);
    expect(calls.length).toBe(11);
    for (const call of calls) expect(call.body?.reasoning_effort).toBe("low");
    const ceilings = new Set(calls.map((call) => `${call.schemaName}:${call.maxCompletionTokens}`));
    expect([...ceilings].sort()).toEqual(
      [
        `advice_car_texts:${DEFAULT_MAX_COMPLETION_TOKENS.details + REASONING_ALLOWANCE.low}`,
        `advice_shortlist:${DEFAULT_MAX_COMPLETION_TOKENS.shortlist + REASONING_ALLOWANCE.low}`,
      ].sort(),
    );
    console.log(`reasoning "low": ceilings ${[...ceilings].join(", ")}`);
  });

  it("sends no reasoning_effort when unset, and plans for the default reasoning of a model that reasons", async () => {
    const { model, key } = scenario("ok");
    await engine(model).advise({ ...request, count: 2 });
    for (const call of await recorded(key)) {
      expect(call.body && "reasoning_effort" in call.body).toBe(false);
      expect([DEFAULT_MAX_COMPLETION_TOKENS.shortlist, DEFAULT_MAX_COMPLETION_TOKENS.details]).toContain(call.maxCompletionTokens);
    }
    // Not the fake: the ceilings a gpt-6 model without an effort would get.
    const { reasoningAllowance } = await import("#app/server/ai/openai-reasoning.server");
    expect(reasoningAllowance("gpt-6-luna", undefined)).toBe(REASONING_ALLOWANCE.medium);
    expect(reasoningAllowance("gpt-4.1-mini", undefined)).toBe(0);
    expect(reasoningAllowance("gpt-6-luna", "none")).toBe(0);
  });
});

describe("the schemas on the wire", () => {
  it("every response_format the engine sent, shortlist, texts and repair turns, is strict and in the supported subset", async () => {
    for (const mode of ["ok", "schema"]) {
      const { model, key } = scenario(mode);
      await engine(model).advise({ ...request, count: 3 });
      const calls = await recorded(key);
      expect(calls.every((call) => call.status === 200)).toBe(true);
      if (mode === "schema") expect(calls.some((call) => call.repair)).toBe(true);
      for (const call of calls) {
        expect(call.body?.response_format?.json_schema?.strict).toBe(true);
        expect(unsupportedKeywords(call.body?.response_format?.json_schema?.schema)).toEqual([]);
      }
    }
  });
});

describe("a retired or unknown model", () => {
  const deps = (model: string, charged: LimitBucket["name"][]): StartServices => ({
    ...servicesFor(env),
    engine: engine(model),
    advice: { assumptions: DEFAULT_COST_ASSUMPTIONS },
    rateLimits: {
      rule: () => ({ max: 1, windowSeconds: 60 }),
      hit: async (name: RateLimitName) => {
        charged.push(name);
        return { allowed: true, remaining: 1, retryAfterSeconds: 0 };
      },
      // The spend limits peek and charge buckets; peeking counts here too, as any touch of a limit.
      peek: async (bucket) => {
        charged.push(bucket.name);
        return { allowed: true, remaining: 1, retryAfterSeconds: 0, refusedRule: null };
      },
      charge: async (bucket) => {
        charged.push(bucket.name);
        return { allowed: true, remaining: 1, retryAfterSeconds: 0, refusedRule: null, ticket: null };
      },
      refund: async () => false,
    },
    creationJobs: {
      ...servicesFor(env).creationJobs,
      start: async (spec) => void started.push(spec),
    },
  });
  const started: CreationJobSpec[] = [];
  const wish = { description: "Vi bor i Jämtland, drar husvagn och behöver fyrhjulsdrift.", maxPrice: "350000", carType: "alla", sellerType: "alla" };

  it("is no refusal: the job starts for the local engine with the reason, the day's budget untouched, the operator told which model and what to do", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { model, key } = scenario("retired");
    const charged: LimitBucket["name"][] = [];
    const result = await startCreate(deps(model, charged), { userId: "user-retired", input: formInput(wish), clientAddress: "203.0.113.9" });
    expect(result).toMatchObject({ status: "started" });
    expect(started.at(-1)).toMatchObject({ userId: "user-retired", fallback: "model-unavailable" });
    // The buyer's own limits count it (peeked, then charged); the model budget is never touched.
    expect(charged.filter((name) => name === "ai-global")).toEqual([]);
    expect(new Set(charged)).toEqual(new Set(["ai", "ai-ip", "ai-net"]));
    // One cheap probe, no model call.
    const calls = await recorded(key);
    expect(calls.map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual([`GET /v1/models/${encodeURIComponent(model)} 404`]);
    const logged = errors.mock.calls.map((args) => String(args[0])).join("\n");
    expect(logged).toContain(`Model "${model}" is unavailable at openai (404)`);
    expect(logged).toContain("model_not_found");
    expect(logged).toContain("OPENAI_MODEL");
    console.log(`retired model: charged ${charged.length} buyer limits, none of the budget, ${calls.length} request (the probe)`);
  });

  it("a chat call that meets the 404 fails as ModelUnavailableError at once (no retry, no repair), and the next create is refused without a probe", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { model, key } = scenario("retired");
    const retired = createOpenAIAdviceEngine({ apiKey: "sk-test", baseUrl: `${fakeUrl}/v1`, model, timeoutMs: 5_000, fetch: outbound.fetch, log: () => {} });
    const error = await retired.advise(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect((await recorded(key)).map((call) => `${call.method} ${call.status}`)).toEqual(["POST 404"]);
    await expect(retired.preflight?.()).rejects.toBeInstanceOf(ModelUnavailableError);
    expect(await recorded(key)).toHaveLength(1);
  });

  it("a model that exists passes the probe once and is trusted after (one GET per isolate and 10 minutes)", async () => {
    const { model, key } = scenario("ok");
    const ok = engine(model);
    await ok.preflight?.();
    await ok.preflight?.();
    expect((await recorded(key)).map((call) => `${call.method} ${call.status}`)).toEqual(["GET 200"]);
  });
});

describe("an answer that stalls mid-stream", () => {
  it("is a timeout: the shortlist stalling fails the create as a timeout after one call, with no retry and no repair", async () => {
    const { model, key } = scenario("stall");
    const started = Date.now();
    const error = await engine(model, { timeoutMs: 800 })
      .advise(request)
      .catch((caught: unknown) => caught);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "timeout" });
    expect((error as Error).message).toContain("stalled mid-stream");
    const calls = await recorded(key);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.sentChars).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(3_000);
    console.log(`stalled shortlist: failed as timeout after ${elapsed} ms, ${calls.length} call`);
  });

  it("texts that stall are written from the facts, each after one call, with no paid repair turn", async () => {
    const { model, key } = scenario("stall-texts");
    const started = Date.now();
    const picks = await engine(model, { timeoutMs: 800 }).advise(request);
    const elapsed = Date.now() - started;
    expect(picks).toHaveLength(10);
    const byId = new Map(candidates.map((candidate) => [candidate.variant.id, candidate]));
    for (const pick of picks) expect(pick.texts.deepDive).toBe(writeLocally(byId.get(pick.variantId)!, requirements).deepDive);
    const calls = await recorded(key);
    expect(calls.filter((call) => call.schemaName === "advice_car_texts")).toHaveLength(10);
    expect(calls.filter((call) => call.repair)).toEqual([]);
    expect(elapsed).toBeLessThan(4_000);
    console.log(`stalled texts: 10 cars from the facts after ${elapsed} ms, ${calls.length} calls, 0 repairs`);
  });
});

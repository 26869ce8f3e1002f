import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { pickDiverse } from "#app/server/advice/candidates.server";
import type { EnginePick } from "#app/server/advice/contracts.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { createOpenAIAdviceEngine, DEFAULT_MAX_COMPLETION_TOKENS, type OpenAIEngineConfig } from "#app/server/ai/openai-engine.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import { candidates, request, requirements } from "#test/fixtures/jamtland-buyer";
import { createOutboundGuard } from "#test/setup/outbound-guard";

/**
 * The grounded OpenAI engine through the real SDK and transport, inside workerd, against the fake
 * OpenAI server on 127.0.0.1 (test/fakes/openai.ts, started by test/setup/fake-openai.global.ts).
 * Every request carries `x-fake-connection-cap: 6`, so the fake refuses a seventh connection of the
 * same test where Workers would queue it: by default a connection counts until its headers arrive
 * (Workers' rule), with `x-fake-connection-rule: whole-call` until it ends.
 */

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAIUrl: string;
  }
}

const fakeUrl = inject("fakeOpenAIUrl");

/** The part of the fake's RecordedRequest we read (that file is Node-only). */
type RecordedRequest = {
  at: number;
  schemaName?: string;
  repair: boolean;
  status: number;
  maxCompletionTokens?: number;
  finishReason?: string;
  capExceeded?: boolean;
  responseContent?: string;
  body: { response_format?: { json_schema?: { schema?: unknown } }; messages?: { content?: string }[] };
};
type Stats = { waiting: number; peakWaiting: number; open: number; peakOpen: number; capRejected: number };

const outbound = createOutboundGuard([`${fakeUrl}/v1/`]);
/** Only the fake, and always with Workers' cap announced to it. */
const cappedFetch =
  (rule: "headers" | "whole-call"): typeof fetch =>
  (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("x-fake-connection-cap", "6");
    headers.set("x-fake-connection-rule", rule);
    return outbound.fetch(input, { ...init, headers });
  };

afterEach(async () => {
  expect(outbound.takeUnexpected()).toEqual([]);
  expect(await (await fetch(`${fakeUrl}/__fake/unexpected`)).json()).toEqual([]);
});

const candidateIds = new Set(candidates.map((candidate) => candidate.variant.id));

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
    fetch: cappedFetch(overrides.connectionRule ?? "headers"),
    log: () => {},
    ...overrides,
  });
}

async function recorded(key: string): Promise<RecordedRequest[]> {
  return (await (await fetch(`${fakeUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as RecordedRequest[];
}

async function stats(key: string): Promise<Stats> {
  return (await (await fetch(`${fakeUrl}/__fake/stats?key=${encodeURIComponent(key)}`)).json()) as Stats;
}

const textsCalls = (calls: RecordedRequest[]) => calls.filter((call) => call.schemaName === "advice_car_texts");
const shortlistCalls = (calls: RecordedRequest[]) => calls.filter((call) => call.schemaName === "advice_shortlist");

function expectCandidatesOnly(picks: EnginePick[], count = 10) {
  expect(picks).toHaveLength(count);
  for (const pick of picks) expect(candidateIds.has(pick.variantId), pick.variantId).toBe(true);
  expect(new Set(picks.map((pick) => pick.variantId)).size).toBe(picks.length);
}

describe("the OpenAI engine against the fake OpenAI server", () => {
  it("ranks ten candidates in one streamed shortlist call and writes each in its own call, within the connection cap", async () => {
    expect(candidates.length).toBeGreaterThan(20);
    const { model, key } = scenario("ok");
    const progress: string[] = [];
    const picks = await engine(model).advise(request, { onCar: (_pick, { done, total }) => progress.push(`${done}/${total}`) });

    expectCandidatesOnly(picks);
    expect(progress).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1}/10`));
    const calls = await recorded(key);
    expect(shortlistCalls(calls)).toHaveLength(1);
    expect(textsCalls(calls)).toHaveLength(10);
    expect(calls.every((call) => call.status === 200 && !call.repair)).toBe(true);
    // Every call is bounded in output.
    expect(shortlistCalls(calls)[0]?.maxCompletionTokens).toBe(DEFAULT_MAX_COMPLETION_TOKENS.shortlist);
    expect(textsCalls(calls).every((call) => call.maxCompletionTokens === DEFAULT_MAX_COMPLETION_TOKENS.details)).toBe(true);
    // The schema lets the model name only the top twenty (diverse) candidates we sent.
    const sent = pickDiverse(candidates, 20).map((candidate) => candidate.variant.id);
    expect(JSON.stringify(shortlistCalls(calls)[0]?.body.response_format?.json_schema?.schema)).toContain(`"enum":${JSON.stringify(sent)}`);
    // Rank order is the model's, not ours.
    const answer = JSON.parse(shortlistCalls(calls)[0]?.responseContent ?? "{}") as { picks: { id: string; overall: number; tagline: string }[] };
    expect(picks.map((pick) => pick.variantId)).toEqual(answer.picks.map((pick) => pick.id));
    expect(picks.map((pick) => pick.overall)).toEqual(answer.picks.map((pick) => pick.overall));
    expect(picks[0]?.texts.tagline).toBe(answer.picks[0]?.tagline);
    // At most five calls wait for headers at once, leaving one of Workers' six for the rest.
    const connections = await stats(key);
    expect(connections.peakWaiting).toBeLessThanOrEqual(5);
    expect(connections.capRejected).toBe(0);
  });

  it("keeps at most five calls open at all under the whole-call rule", async () => {
    const { model, key } = scenario("ok");
    const picks = await engine(model, { connectionRule: "whole-call" }).advise(request);

    expectCandidatesOnly(picks);
    expect(await stats(key)).toMatchObject({ peakOpen: 5, capRejected: 0 });
    expect(await recorded(key)).toHaveLength(11);
  });

  it("drops a pick outside the candidates and a repeated pick, and fills from the shared ranking", async () => {
    const { model, key } = scenario("rogue");
    const picks = await engine(model).advise(request);

    expectCandidatesOnly(picks);
    const answer = JSON.parse(shortlistCalls(await recorded(key))[0]?.responseContent ?? "{}") as { picks: { id: string }[] };
    const rogue = answer.picks.map((pick) => pick.id).filter((id) => !candidateIds.has(id));
    expect(rogue).toHaveLength(1);
    expect(answer.picks.length - new Set(answer.picks.map((pick) => pick.id)).size).toBe(1);
    expect(picks.map((pick) => pick.variantId)).not.toContain(rogue[0]);
    // No repair round trip for a usable list: the two gaps are filled instead.
    expect(shortlistCalls(await recorded(key))).toHaveLength(1);
    expect(textsCalls(await recorded(key))).toHaveLength(10);
  });

  it("still gives ten cars when the model returns fewer picks than asked for", async () => {
    const { model, key } = scenario("few");
    const picks = await engine(model).advise(request);

    expectCandidatesOnly(picks);
    const answer = JSON.parse(shortlistCalls(await recorded(key))[0]?.responseContent ?? "{}") as { picks: { id: string }[] };
    expect(answer.picks).toHaveLength(3);
    expect(picks.slice(0, 3).map((pick) => pick.variantId)).toEqual(answer.picks.map((pick) => pick.id));
    // The fillers are written by the model too, ranked by our shared score.
    expect(textsCalls(await recorded(key))).toHaveLength(10);
    const fillers = picks.slice(3).map((pick) => candidates.findIndex((candidate) => candidate.variant.id === pick.variantId));
    expect(fillers).toEqual([...fillers].sort((a, b) => a - b));
  });

  it("returns fewer cars only when fewer candidates exist", async () => {
    const { model } = scenario("ok");
    // Four candidates of four models (the engine shows a model once), whatever the ranking's order.
    const four = pickDiverse(candidates, 4);
    const picks = await engine(model).advise({ ...request, candidates: four });
    expect(picks.map((pick) => pick.variantId).sort()).toEqual(four.map((candidate) => candidate.variant.id).sort());
    expect(await engine(model).advise({ ...request, candidates: [] })).toEqual([]);
  });

  it("maps OpenAI's insufficient_quota 429 to reason 'quota' and does not retry it", async () => {
    const { model, key } = scenario("quota");
    const error = await engine(model)
      .advise(request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "quota", status: 429 });
    expect((await recorded(key)).map((call) => call.status)).toEqual([429]);
  });

  it("retries a plain 429 once, after the Retry-After the server asked for", async () => {
    const { model, key } = scenario("rate-limited");
    const picks = await engine(model).advise(request);

    expectCandidatesOnly(picks);
    const calls = await recorded(key);
    expect(calls.map((call) => call.status).slice(0, 2)).toEqual([429, 200]);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it("does not sit out a Retry-After longer than the cap and says when to come back", async () => {
    const { model, key } = scenario("rate-limited-long");
    const error = await engine(model)
      .advise(request)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ reason: "rate-limited", status: 429, retryAfterSeconds: 120 });
    expect(await recorded(key)).toHaveLength(1);
  });

  it("fails with an unavailable error after a 500, one retry and a second 500", async () => {
    const { model, key } = scenario("server-error");
    const error = await engine(model)
      .advise(request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "server-error", status: 500 });
    expect((await recorded(key)).map((call) => call.status)).toEqual([500, 500]);
  });

  it("times out a shortlist that is too slow, without retrying it", async () => {
    const { model, key } = scenario("slow");
    const error = await engine(model, { timeoutMs: 300 })
      .advise(request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ reason: "timeout" });
    expect(await recorded(key)).toHaveLength(1);
  });

  it("rejects a shortlist that is not JSON after one repair attempt", async () => {
    const { model, key } = scenario("malformed");
    const error = await engine(model)
      .advise(request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamResponseError);
    expect((error as UpstreamResponseError).detail).toMatch(/ogiltig JSON/);
    expect(shortlistCalls(await recorded(key)).map((call) => call.repair)).toEqual([false, true]);
  });

  it("rejects an HTTP body that is not JSON without retrying", async () => {
    const { model, key } = scenario("malformed-body");
    // The SDK reports the unparsable stream event itself before throwing.
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await engine(model)
      .advise(request)
      .catch((e: unknown) => e);
    consoleError.mockRestore();

    expect(error).toBeInstanceOf(UpstreamResponseError);
    expect(await recorded(key)).toHaveLength(1);
  });

  it("repairs schema-violating answers by sending the validation errors back", async () => {
    const { model, key } = scenario("schema");
    // 22 attempts: above the default ceiling per create, which the next test covers.
    const picks = await engine(model, { maxAttemptsPerCreate: 40 }).advise(request);

    expectCandidatesOnly(picks);
    const calls = await recorded(key);
    expect(shortlistCalls(calls).map((call) => call.repair)).toEqual([false, true]);
    expect(JSON.stringify(shortlistCalls(calls)[1]?.body)).toContain("Ditt förra svar gick inte att använda");
    expect(textsCalls(calls).filter((call) => call.repair)).toHaveLength(10);
    // Repaired texts are the model's, not the offline writer's.
    expect(picks.every((pick) => pick.texts.deepDive.length > 0 && pick.texts.pros.length >= 2)).toBe(true);
  });

  it("never makes more than its ceiling of model calls per create; cars past it are written from their facts", async () => {
    const { model, key } = scenario("schema");
    const picks = await engine(model).advise(request);

    expectCandidatesOnly(picks);
    const calls = await recorded(key);
    expect(calls).toHaveLength(16);
    const local = picks.filter((pick) => {
      const candidate = candidates.find((c) => c.variant.id === pick.variantId);
      return candidate !== undefined && pick.texts.whyItFits === writeLocally(candidate, requirements).whyItFits;
    });
    expect(local.length).toBeGreaterThan(0);
  });

  it("writes a car from its facts when its texts fail, instead of failing the whole result", async () => {
    const { model, key } = scenario("details-error");
    const logged: string[] = [];
    const picks = await engine(model, { log: (message) => logged.push(message) }).advise(request);

    expectCandidatesOnly(picks);
    const third = picks[2];
    const candidate = candidates.find((c) => c.variant.id === third?.variantId);
    if (!third || !candidate) throw new Error("rank 3 missing");
    const local = writeLocally(candidate, requirements);
    expect(third.texts).toEqual({ ...local, tagline: third.texts.tagline, writtenBy: "facts" });
    expect(picks[0]?.texts.whyItFits).not.toBe(writeLocally(candidates.find((c) => c.variant.id === picks[0]?.variantId) ?? candidate, requirements).whyItFits);
    expect(
      textsCalls(await recorded(key))
        .map((call) => call.status)
        .filter((status) => status === 500),
    ).toHaveLength(2);
    expect(logged).toContain("OpenAI engine: car texts failed, written from the facts instead");
  });

  it("sends max_completion_tokens and treats an answer cut off at it as unusable", async () => {
    const { model, key } = scenario("ok");
    const error = await engine(model, { maxCompletionTokens: { shortlist: 30 } })
      .advise(request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamResponseError);
    expect((error as UpstreamResponseError).detail).toMatch(/cut off at max_completion_tokens/);
    const calls = shortlistCalls(await recorded(key));
    expect(calls.map((call) => [call.maxCompletionTokens, call.finishReason, call.repair])).toEqual([
      [30, "length", false],
      [30, "length", true],
    ]);
    expect(JSON.stringify(calls[1]?.body)).toContain("svaret klipptes av vid 30 tokens");
  });

  it("starts each call's timeout when it is sent, not while it waits for a connection", async () => {
    // Every answer takes 150 ms; with two connections eleven calls need ≈ 900 ms, far past the
    // 400 ms timeout. A timer started in the queue would fire for the later cars.
    const { model, key } = scenario("paced");
    const logged: string[] = [];
    const picks = await engine(model, { concurrency: 2, timeoutMs: 400, log: (message) => logged.push(message) }).advise(request);

    expectCandidatesOnly(picks);
    // No call timed out or was retried; the grounding guard may drop a fake sentence on some car, which is not this test's concern.
    expect(logged.filter((message) => !message.includes("amounts we did not compute"))).toEqual([]);
    const calls = await recorded(key);
    expect(calls).toHaveLength(11);
    expect(calls.every((call) => call.status === 200)).toBe(true);
    expect(Math.max(...calls.map((call) => call.at)) - Math.min(...calls.map((call) => call.at))).toBeGreaterThan(400);
    expect(await stats(key)).toMatchObject({ peakWaiting: 2, capRejected: 0 });
  });

  it("is what keeps the detail phase under the cap: without it the fake refuses the seventh connection", async () => {
    // The control for the cap tests: sixteen calls at once against the same fake are refused.
    const { model, key } = scenario("paced");
    await engine(model, { concurrency: 16, retryDelayMs: 400 }).advise(request);
    const after = await stats(key);
    expect(after.peakWaiting).toBe(6);
    expect(after.capRejected).toBeGreaterThan(0);
  });

  it("stops every call when the caller aborts, and reports the caller's reason", async () => {
    const { model, key } = scenario("paced");
    const controller = new AbortController();
    const reason = new Error("buyer left");
    const started = engine(model).advise(request, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 200);
    await expect(started).rejects.toBe(reason);
    const count = (await recorded(key)).length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await recorded(key)).toHaveLength(count);
  });
});

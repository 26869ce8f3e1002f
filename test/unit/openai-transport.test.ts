import fc from "fast-check";
import { APIConnectionError, APIError, APIUserAbortError } from "openai";
import { describe, expect, it } from "vitest";
import { createSlots } from "#app/server/http/connection-slots.server";
import { createArrayItemScanner } from "#app/server/ai/json-array-scanner.server";
import { CAR_TEXTS_FORMAT } from "#app/server/ai/openai-schemas.server";
import { classifyFailure, isModelError, parseRetryAfter, unfinished, withRepairTurn } from "#app/server/ai/openai-transport.server";
import { ModelUnavailableError, UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";

const apiError = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error }, undefined, new Headers(headers));

describe("classifyFailure", () => {
  it("maps OpenAI's insufficient_quota 429 to a quota error that is never retried", () => {
    const failure = classifyFailure(
      apiError(429, { message: "You exceeded your current quota", type: "insufficient_quota", code: "insufficient_quota", param: null }),
      false,
      5_000,
    );
    expect(failure.retryable).toBe(false);
    expect(failure.error).toBeInstanceOf(UpstreamUnavailableError);
    expect(failure.error).toMatchObject({ reason: "quota", status: 429 });
  });

  it("keeps a plain 429 rate limit retryable with the server's Retry-After", () => {
    const failure = classifyFailure(
      apiError(429, { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" }, { "retry-after": "2" }),
      false,
      5_000,
    );
    expect(failure).toMatchObject({ retryable: true, retryAfterMs: 2_000 });
    expect(failure.error).toMatchObject({ reason: "rate-limited", status: 429, retryAfterSeconds: 2 });
  });

  it("retries 5xx and connection errors, never timeouts, other 4xx or unreadable bodies", () => {
    expect(classifyFailure(apiError(503, { message: "overloaded" }), false, 5_000)).toMatchObject({ retryable: true, error: { reason: "server-error" } });
    expect(classifyFailure(new APIConnectionError({ message: "ECONNRESET" }), false, 5_000)).toMatchObject({ retryable: true, error: { reason: "network" } });
    const timeout = classifyFailure(new APIUserAbortError(), true, 5_000);
    expect(timeout).toMatchObject({ retryable: false, error: { reason: "timeout" } });
    expect(timeout.error.message).toContain("5000 ms");
    const rejected = classifyFailure(apiError(400, { message: "Invalid schema", type: "invalid_request_error" }), false, 5_000);
    expect(rejected.retryable).toBe(false);
    expect(rejected.error).toBeInstanceOf(UpstreamResponseError);
    expect(classifyFailure(new SyntaxError("Unexpected end of JSON input"), false, 5_000).error).toBeInstanceOf(UpstreamResponseError);
    // A caller's abort is passed through untouched, so the real cause can be reported.
    const abort = new APIUserAbortError();
    expect(classifyFailure(abort, false, 5_000)).toEqual({ retryable: false, error: abort });
  });
});

describe("model errors", () => {
  it("maps OpenAI's 404 model_not_found and 400s about the model or its reasoning_effort to ModelUnavailableError, never retried", () => {
    const cases = [
      apiError(404, {
        message: "The model `gpt-x` does not exist or you do not have access to it.",
        type: "invalid_request_error",
        param: null,
        code: "model_not_found",
      }),
      apiError(400, {
        message: "Unsupported value: 'reasoning_effort' does not support 'minimal' with this model.",
        type: "invalid_request_error",
        param: "reasoning_effort",
        code: "unsupported_value",
      }),
      apiError(400, {
        message: "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
        type: "invalid_request_error",
        param: "reasoning_effort",
        code: "unsupported_parameter",
      }),
      apiError(400, { message: "invalid model ID", type: "invalid_request_error", param: "model", code: null }),
    ];
    for (const error of cases) {
      const failure = classifyFailure(error, false, 5_000, "gpt-x");
      expect(failure.retryable, error.message).toBe(false);
      expect(failure.error, error.message).toBeInstanceOf(ModelUnavailableError);
      expect(failure.error.message).toContain('Model "gpt-x" is unavailable at openai');
      expect(failure.error.message).toContain("OPENAI_MODEL");
    }
    // Other 400s (a schema refused, a bad message) stay what they were.
    const schema = classifyFailure(
      apiError(400, { message: "Invalid schema", type: "invalid_request_error", param: "response_format", code: "invalid_json_schema" }),
      false,
      5_000,
      "gpt-x",
    );
    expect(schema.error).toBeInstanceOf(UpstreamResponseError);
    expect(isModelError(APIError.generate(404, { error: { message: "Not found", code: null } }, undefined, new Headers()) as APIError)).toBe(false);
  });
});

describe("a stream that ended without a finish_reason", () => {
  it("is a timeout when our timer cut it, the caller's abort when the caller did, else a dropped connection retried once", () => {
    const live = new AbortController().signal;
    expect(unfinished(true, live, 8_000)).toMatchObject({ retryable: false, error: { reason: "timeout" } });
    expect(unfinished(true, live, 8_000).error.message).toContain("stalled mid-stream and was cut off at 8000 ms");
    const aborted = new AbortController();
    aborted.abort();
    expect(unfinished(false, aborted.signal, 8_000).error).toBeInstanceOf(APIUserAbortError);
    expect(unfinished(false, live, 8_000)).toMatchObject({ retryable: true, error: { reason: "network" } });
  });
});

describe("parseRetryAfter", () => {
  it("reads retry-after-ms, seconds and HTTP dates, and ignores nonsense", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "250" }), now)).toBe(250);
    expect(parseRetryAfter(new Headers({ "retry-after": "2" }), now)).toBe(2_000);
    expect(parseRetryAfter(new Headers({ "retry-after": "Sat, 21 Nov 2026 12:00:05 GMT" }), now)).toBe(5_000);
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe("withRepairTurn", () => {
  const call = { format: CAR_TEXTS_FORMAT, messages: [{ role: "user" as const, content: "Skriv." }], maxCompletionTokens: 1_800 };

  it("sends the answer back with the issues, and asks for a shorter one when it was cut off", () => {
    const repaired = withRepairTurn(call, { content: '{"whyItFits":', truncated: false }, "deepDive: saknas", 1_800);
    expect(repaired.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(repaired.messages[2]?.content).toContain("deepDive: saknas");
    const cut = withRepairTurn(call, { content: '{"whyItFits": "lång', truncated: true }, "ogiltig JSON", 1_800);
    expect(cut.messages[2]?.content).toContain("svaret klipptes av vid 1800 tokens, så skriv kortare");
    expect(cut.maxCompletionTokens).toBe(1_800);
  });
});

describe("createSlots", () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

  it("never runs more than `max` tasks at once and starts the waiting ones in call order", async () => {
    const slots = createSlots(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        slots.run(async () => {
          started.push(index);
          running++;
          most = Math.max(most, running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(slots.peak).toBe(3);
    expect(slots.active).toBe(0);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("lets a task give its slot back early, once", async () => {
    const slots = createSlots(1);
    const order: string[] = [];
    let finish!: () => void;
    const first = slots.run(async (release) => {
      order.push("first sent");
      release();
      release();
      await new Promise<void>((resolve) => (finish = resolve));
      order.push("first done");
    });
    const second = slots.run(async () => {
      order.push("second sent");
    });
    await second;
    expect(slots.active).toBe(0);
    finish();
    await first;
    expect(order).toEqual(["first sent", "second sent", "first done"]);
    expect(slots.active).toBe(0);
  });

  it("frees the slot when a task fails", async () => {
    const slots = createSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(slots.run(async () => "next")).resolves.toBe("next");
  });

  it("drops a waiting task whose signal aborts, without running it or leaking its slot", async () => {
    const slots = createSlots(1);
    let release!: () => void;
    const first = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    let ran = false;
    const waiting = slots.run(async () => {
      ran = true;
    }, controller.signal);
    controller.abort(new Error("buyer left"));
    await expect(waiting).rejects.toThrow("buyer left");
    release();
    await first;
    expect(ran).toBe(false);
    expect(slots.active).toBe(0);
    await expect(slots.run(async () => "still works")).resolves.toBe("still works");
    await expect(slots.run(async () => "never", AbortSignal.abort(new Error("gone")))).rejects.toThrow("gone");
  });

  it("rejects a nonsensical size", () => {
    expect(() => createSlots(0)).toThrow();
  });
});

describe("createArrayItemScanner", () => {
  it("finds the same shortlist items however the stream is chunked", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.string(), tagline: fc.string({ unit: "grapheme" }), overall: fc.integer() }), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        (picks, cuts) => {
          const text = JSON.stringify({ picks });
          const scan = createArrayItemScanner();
          const items: string[] = [];
          let end = 0;
          for (const cut of [...cuts, text.length]) {
            end = Math.min(text.length, end + cut);
            items.push(...scan(text.slice(0, end)));
          }
          items.push(...scan(text));
          expect(items.map((item) => JSON.parse(item))).toEqual(picks);
        },
      ),
    );
  });
});

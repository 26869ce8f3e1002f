import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import { parseRetryAfter } from "#app/server/http/retry-after.server";
import type { ReasoningEffort } from "openai/resources/shared";
import { ModelUnavailableError, UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import type { Slots } from "#app/server/http/connection-slots.server";
import { repairMessage } from "./openai-prompts.server";
import { parseAnswer, type ResponseFormat } from "./openai-schemas.server";

/**
 * HTTP to an OpenAI-compatible Chat Completions API: every call streamed inside a connection slot,
 * its own timeout from the moment it is sent, one retry on 429/5xx/connection errors, one repair
 * turn for an answer that breaks its schema, and every failure mapped to the typed upstream errors
 * the routes understand (`app/server/upstream-errors.server.ts`).
 */

// Re-exported: the reader is shared with the Blocket adapter (app/server/http/retry-after.server.ts).
export { parseRetryAfter };

export const UPSTREAM = "openai";

export type TransportConfig = {
  apiKey: string;
  baseUrl: string;
  model: string;
  /** Sent as `reasoning_effort` when set; unset, the model's own default applies. */
  reasoningEffort?: ReasoningEffort | undefined;
  /** Told when a call meets a model error, so later creates are refused before they are charged. */
  onModelUnavailable?: ((error: ModelUnavailableError) => void) | undefined;
  /** Budget of each HTTP call, counted from when it is sent (holds a slot), not when queued. */
  timeoutMs: number;
  /** Longest Retry-After we sit through inside a buyer's request. */
  maxRetryWaitMs: number;
  /** Wait before the single retry when the server sent no Retry-After. */
  retryDelayMs: number;
  fetch?: typeof fetch | undefined;
  /**
   * When a call gives its connection slot back. "headers": once the response headers arrive, as
   * Workers count connections toward their six since 2026-04-09. "whole-call": only when the
   * answer is complete, for a host that counts whole connections (the older Workers rule).
   */
  connectionRule: "headers" | "whole-call";
};

export type ModelCall = {
  format: ResponseFormat;
  messages: ChatCompletionMessageParam[];
  /** Every call is bounded: a runaway answer costs at most this many output tokens. */
  maxCompletionTokens: number;
};

export type CallContext = {
  /** Aborts the call (and any wait for a slot or a retry). */
  signal: AbortSignal;
  /** The request's connection slots; every HTTP attempt holds one while it counts toward the cap. */
  slots: Slots;
  /** HTTP attempts this create has made and may make (the spend ceiling of one create). */
  attempts: { used: number; max: number };
};

/** `truncated`: the model stopped at `max_completion_tokens` (finish_reason "length"). */
export type Answer = { content: string; truncated: boolean };

/** Sees the content so far after every streamed chunk; "stop" closes the stream early. */
export type OnDelta = (content: string) => "stop" | "continue";

type Failure = { error: Error; retryable: boolean; retryAfterMs?: number };

/**
 * OpenAI answers 429 both for "slow down" and for "this account has no money left"; only the body
 * tells them apart (`{"error":{"code":"insufficient_quota","type":"insufficient_quota",…}}`).
 * Retrying the second only burns the buyer's time, and "busy, try again" would be a lie.
 */
function isQuotaExhausted(error: APIError): boolean {
  return error.status === 429 && (error.code === "insufficient_quota" || error.type === "insufficient_quota");
}

/**
 * The model itself is the problem, not this request: OpenAI's 404 `model_not_found` (a retired,
 * misspelt or not granted model), or a 400 about the `model` or the `reasoning_effort` we send with
 * it (`unsupported_value` / `unsupported_parameter`). No retry or repair turn can help.
 */
export function isModelError(error: APIError): boolean {
  const status = error.status ?? 0;
  if (error.code === "model_not_found") return status === 404 || status === 400;
  if (status === 404) return error.param === "model";
  return status === 400 && (error.param === "model" || error.param === "reasoning_effort");
}

export function classifyFailure(error: unknown, timedOut: boolean, timeoutMs: number, model = "(unknown)"): Failure {
  if (timedOut) {
    return {
      retryable: false,
      error: new UpstreamUnavailableError({ upstream: UPSTREAM, reason: "timeout", message: `OpenAI did not answer within ${timeoutMs} ms`, cause: error }),
    };
  }
  // Aborted by the caller or by a failing sibling call; the caller reports the real cause.
  if (error instanceof APIUserAbortError) return { retryable: false, error };
  if (error instanceof APIConnectionError) {
    return {
      retryable: true,
      error: new UpstreamUnavailableError({ upstream: UPSTREAM, reason: "network", message: `Could not reach OpenAI: ${error.message}`, cause: error }),
    };
  }
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (isModelError(error)) {
      return {
        retryable: false,
        error: new ModelUnavailableError({ upstream: UPSTREAM, model, status, detail: `${error.message} [${error.code ?? "no code"}${error.param ? `, param ${error.param}` : ""}]`, cause: error }),
      };
    }
    if (isQuotaExhausted(error)) {
      return {
        retryable: false,
        error: new UpstreamUnavailableError({ upstream: UPSTREAM, reason: "quota", status, message: `OpenAI quota exhausted: ${error.message}`, cause: error }),
      };
    }
    if (status === 429 || status >= 500) {
      const retryAfterMs = parseRetryAfter(error.headers ?? undefined);
      return {
        retryable: true,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        error: new UpstreamUnavailableError({
          upstream: UPSTREAM,
          reason: status === 429 ? "rate-limited" : "server-error",
          status,
          ...(retryAfterMs !== undefined ? { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : {}),
          message: `OpenAI responded ${status}: ${error.message}`,
          cause: error,
        }),
      };
    }
    return {
      retryable: false,
      error: new UpstreamResponseError({ upstream: UPSTREAM, message: `OpenAI rejected the request with ${status}`, detail: error.message, cause: error }),
    };
  }
  // E.g. a body that is not JSON (SyntaxError from the SDK): the server answered, but uselessly.
  return {
    retryable: false,
    error: new UpstreamResponseError({
      upstream: UPSTREAM,
      message: "OpenAI sent a response we could not read",
      detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      cause: error,
    }),
  };
}

/**
 * A stream that ended without a finish_reason: cut off by our timer (a timeout), by the caller or a
 * failing sibling (an abort, whose cause the caller reports), or by the server or network closing
 * it mid-answer (a network failure, retried once like any other).
 */
export function unfinished(timedOut: boolean, signal: AbortSignal, timeoutMs: number): Failure {
  if (timedOut) {
    return {
      retryable: false,
      error: new UpstreamUnavailableError({ upstream: UPSTREAM, reason: "timeout", message: `OpenAI's answer stalled mid-stream and was cut off at ${timeoutMs} ms` }),
    };
  }
  if (signal.aborted) return { retryable: false, error: new APIUserAbortError({ message: "aborted mid-answer" }) };
  return {
    retryable: true,
    error: new UpstreamUnavailableError({ upstream: UPSTREAM, reason: "network", message: "OpenAI's stream ended before the answer was finished" }),
  };
}

function refusal(text: string): Failure {
  return { retryable: false, error: new UpstreamResponseError({ upstream: UPSTREAM, message: "OpenAI refused to answer", detail: text }) };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The conversation plus our complaint, for the one repair turn an answer gets. */
export function withRepairTurn(call: ModelCall, answer: Answer, issues: string, limit: number): ModelCall {
  const why = answer.truncated ? `svaret klipptes av vid ${limit} tokens, så skriv kortare. ${issues}` : issues;
  return {
    ...call,
    messages: [...call.messages, { role: "assistant", content: answer.content }, { role: "user", content: repairMessage(why) }],
  };
}

export function createTransport(config: TransportConfig) {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: config.timeoutMs,
    // Retries are ours: exactly one, with a capped Retry-After, never after a timeout or for quota.
    maxRetries: 0,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });

  /**
   * One HTTP attempt, always streamed: a streamed answer gets its response headers at the first
   * token instead of after the last one, which is what frees its connection slot early under the
   * "headers" rule, and lets a shortlist be read pick by pick.
   */
  function attempt(call: ModelCall, context: CallContext, onDelta?: OnDelta): Promise<{ ok: true; answer: Answer } | { ok: false; failure: Failure }> {
    if (context.attempts.used >= context.attempts.max) {
      const error = new UpstreamUnavailableError({ upstream: UPSTREAM, reason: "rate-limited", message: `this create's ${context.attempts.max} model calls are spent` });
      return Promise.resolve({ ok: false, failure: { retryable: false, error } });
    }
    context.attempts.used++;
    return context.slots.run(async (release) => {
      const controller = new AbortController();
      let timedOut = false;
      // Started here, inside the slot: a call never spends its budget waiting in our queue. Our own
      // timer as well as the SDK's, because it also covers reading the whole stream.
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, config.timeoutMs);
      const onAbort = () => controller.abort(context.signal.reason);
      if (context.signal.aborted) onAbort();
      context.signal.addEventListener("abort", onAbort, { once: true });
      try {
        const stream = await client.chat.completions.create(
          {
            model: config.model,
            messages: call.messages,
            response_format: call.format,
            max_completion_tokens: call.maxCompletionTokens,
            ...(config.reasoningEffort ? { reasoning_effort: config.reasoningEffort } : {}),
            stream: true,
          },
          { signal: controller.signal, timeout: config.timeoutMs, maxRetries: 0 },
        );
        // The SDK resolves once the response headers are in: from here on, Workers no longer
        // count this connection toward the six (see `connectionRule`).
        if (config.connectionRule === "headers") release();
        let content = "";
        let truncated = false;
        let finished = false;
        let stopped = false;
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          if (choice?.delta?.refusal) return { ok: false as const, failure: refusal(choice.delta.refusal) };
          if (choice?.finish_reason) finished = true;
          if (choice?.finish_reason === "length") truncated = true;
          if (!choice?.delta?.content) continue;
          content += choice.delta.content;
          // Leaving the loop closes the stream, so no more tokens are generated (or paid) for us.
          if (onDelta?.(content) === "stop") {
            stopped = true;
            break;
          }
        }
        // The SDK ends an aborted stream quietly, as if the answer were complete: a stream our timer
        // cut off mid-answer is a timeout, never a partial answer worth a paid repair turn.
        if (!finished && !stopped) return { ok: false as const, failure: unfinished(timedOut, controller.signal, config.timeoutMs) };
        return { ok: true as const, answer: { content, truncated } };
      } catch (error) {
        const failure = classifyFailure(error, timedOut, config.timeoutMs, config.model);
        if (failure.error instanceof ModelUnavailableError) config.onModelUnavailable?.(failure.error);
        return { ok: false as const, failure };
      } finally {
        clearTimeout(timer);
        context.signal.removeEventListener("abort", onAbort);
      }
    }, context.signal);
  }

  /**
   * One call with at most one retry. `createOnDelta` watches the answer as it streams; it is called
   * once per attempt, so a replayed stream starts a fresh reader (callers skip what they already took).
   * The slot is given back while we wait to retry, so a backing-off call does not hold up others.
   */
  async function chat(call: ModelCall, context: CallContext, createOnDelta?: () => OnDelta): Promise<Answer> {
    const first = await attempt(call, context, createOnDelta?.());
    if (first.ok) return first.answer;
    const { failure } = first;
    if (!failure.retryable) throw failure.error;
    const wait = failure.retryAfterMs ?? config.retryDelayMs;
    // A long Retry-After is better passed on to the buyer than waited out in their request.
    if (wait > config.maxRetryWaitMs) throw failure.error;
    await sleep(wait, context.signal);
    const second = await attempt(call, context, createOnDelta?.());
    if (second.ok) return second.answer;
    throw second.failure.error;
  }

  /** One structured call: retry once on 429/5xx, repair once on a schema violation, else throw. */
  async function completeStructured<T>(schema: z.ZodType<T>, call: ModelCall, context: CallContext): Promise<T> {
    const answer = await chat(call, context);
    const first = parseAnswer(schema, answer.content);
    if (first.ok) return first.data;
    const repaired = await chat(withRepairTurn(call, answer, first.issues, call.maxCompletionTokens), context);
    const second = parseAnswer(schema, repaired.content);
    if (second.ok) return second.data;
    throw new UpstreamResponseError({
      upstream: UPSTREAM,
      message: `OpenAI's ${call.format.json_schema.name} violated the schema after one repair attempt`,
      detail: repaired.truncated ? `cut off at max_completion_tokens (${call.maxCompletionTokens}); ${second.issues}` : second.issues,
    });
  }

  return { chat, completeStructured };
}

export type Transport = ReturnType<typeof createTransport>;

import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import { parseRetryAfter } from "#app/server/http/retry-after.server";
import type { ReasoningEffort } from "openai/resources/shared";
import { EmptyAnswerError, endsModelUse, ModelUnavailableError, UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import type { Slots } from "#app/server/http/connection-slots.server";
import { repairMessage } from "./openai-prompts.server";
import { parseAnswer, type ResponseFormat } from "./openai-schemas.server";

export { parseRetryAfter };

export const UPSTREAM = "openai";

export type TransportConfig = {
  apiKey: string;
  baseUrl: string;
  model: string;
  reasoningEffort?: ReasoningEffort | undefined;
  onModelUnavailable?: ((error: ModelUnavailableError) => void) | undefined;
  timeoutMs: number;
  maxRetryWaitMs: number;
  retryDelayMs: number;
  fetch?: typeof fetch | undefined;
  connectionRule: "headers" | "whole-call";
};

export type ModelCall = {
  format: ResponseFormat;
  messages: ChatCompletionMessageParam[];
  maxCompletionTokens: number;
};

export type CallContext = {
  signal: AbortSignal;
  slots: Slots;
  /** Shared by every call of one create; `stoppedBy` is set by a failure no later call could escape. */
  attempts: { used: number; max: number; stoppedBy?: Error };
};

export type Answer = { content: string; truncated: boolean };

export type OnDelta = (content: string) => "stop" | "continue";

type Failure = { error: Error; retryable: boolean; retryAfterMs?: number };

// OpenAI answers 429 both for rate limits and for an empty account (insufficient_quota); retrying the latter only wastes the buyer's time.
function isQuotaExhausted(error: APIError): boolean {
  return error.status === 429 && (error.code === "insufficient_quota" || error.type === "insufficient_quota");
}

/** A retired, misspelt or refused model (404 model_not_found, or 400 on model/reasoning_effort): no retry can help. */
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
        error: new ModelUnavailableError({
          upstream: UPSTREAM,
          model,
          status,
          detail: `${error.message} [${error.code ?? "no code"}${error.param ? `, param ${error.param}` : ""}]`,
          cause: error,
        }),
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

export function unfinished(timedOut: boolean, signal: AbortSignal, timeoutMs: number): Failure {
  if (timedOut) {
    return {
      retryable: false,
      error: new UpstreamUnavailableError({
        upstream: UPSTREAM,
        reason: "timeout",
        message: `OpenAI's answer stalled mid-stream and was cut off at ${timeoutMs} ms`,
      }),
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

  /** Always streamed: headers come with the first token, which frees the slot early and lets a shortlist be read pick by pick. */
  function attempt(call: ModelCall, context: CallContext, onDelta?: OnDelta): Promise<{ ok: true; answer: Answer } | { ok: false; failure: Failure }> {
    const stopped = () => (context.attempts.stoppedBy ? { ok: false as const, failure: { retryable: false, error: context.attempts.stoppedBy } } : null);
    const stop = (failure: Failure) => {
      // Set before the slot is given back, so a call waiting for it is never sent.
      if (endsModelUse(failure.error)) context.attempts.stoppedBy ??= failure.error;
      return { ok: false as const, failure };
    };
    const before = stopped();
    if (before) return Promise.resolve(before);
    if (context.attempts.used >= context.attempts.max) {
      const error = new UpstreamUnavailableError({
        upstream: UPSTREAM,
        reason: "rate-limited",
        message: `this create's ${context.attempts.max} model calls are spent`,
      });
      return Promise.resolve({ ok: false, failure: { retryable: false, error } });
    }
    context.attempts.used++;
    return context.slots.run(async (release) => {
      const queued = stopped();
      if (queued) return queued;
      const controller = new AbortController();
      let timedOut = false;
      // Started inside the slot, so queueing never spends the budget; ours beside the SDK's because it covers the whole stream.
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
        // Headers are in: Workers no longer count this connection toward the six.
        if (config.connectionRule === "headers") release();
        let content = "";
        let truncated = false;
        let finished = false;
        let stoppedEarly = false;
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          if (choice?.delta?.refusal) return { ok: false as const, failure: refusal(choice.delta.refusal) };
          if (choice?.finish_reason) finished = true;
          if (choice?.finish_reason === "length") truncated = true;
          if (!choice?.delta?.content) continue;
          content += choice.delta.content;
          // Leaving the loop closes the stream, so no more tokens are generated (or paid) for us.
          if (onDelta?.(content) === "stop") {
            stoppedEarly = true;
            break;
          }
        }
        // The SDK ends an aborted stream quietly: an answer cut off mid-stream must not pass as complete.
        if (!finished && !stoppedEarly) return { ok: false as const, failure: unfinished(timedOut, controller.signal, config.timeoutMs) };
        // Nothing written before the limit: a repair turn would be cut the same way, and paid for.
        if (truncated && content.trim() === "") {
          const error = new EmptyAnswerError({
            upstream: UPSTREAM,
            model: config.model,
            call: call.format.json_schema.name,
            maxCompletionTokens: call.maxCompletionTokens,
            reasoningEffort: config.reasoningEffort ?? undefined,
          });
          return stop({ retryable: false, error });
        }
        return { ok: true as const, answer: { content, truncated } };
      } catch (error) {
        const failure = classifyFailure(error, timedOut, config.timeoutMs, config.model);
        if (failure.error instanceof ModelUnavailableError) config.onModelUnavailable?.(failure.error);
        return stop(failure);
      } finally {
        clearTimeout(timer);
        context.signal.removeEventListener("abort", onAbort);
      }
    }, context.signal);
  }

  /** createOnDelta is called per attempt, so a retried stream starts a fresh reader; no slot is held while backing off. */
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

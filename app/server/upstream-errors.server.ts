// Adapters map every failure to these classes; the job maps them to a failure code without knowing which SDK failed.

export type UnavailableReason = "timeout" | "rate-limited" | "quota" | "server-error" | "network";

/** Retrying later may help: routes answer 503 and pass `retryAfterSeconds` on. */
export class UpstreamUnavailableError extends Error {
  override readonly name = "UpstreamUnavailableError";
  readonly upstream: string;
  readonly reason: UnavailableReason;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(options: { upstream: string; reason: UnavailableReason; message: string; status?: number; retryAfterSeconds?: number; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.upstream = options.upstream;
    this.reason = options.reason;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The upstream answered uselessly (bad JSON, a schema violation after a repair); an immediate retry is unlikely to help. */
export class UpstreamResponseError extends Error {
  override readonly name = "UpstreamResponseError";
  readonly upstream: string;
  /** Developer-facing detail (validation issues, status); logged, never shown to the buyer. */
  readonly detail: string;

  constructor(options: { upstream: string; message: string; detail?: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.upstream = options.upstream;
    this.detail = options.detail ?? options.message;
  }
}

/** Nothing a buyer or a retry can change: the operator must set another OPENAI_MODEL or OPENAI_REASONING_EFFORT. */
export class ModelUnavailableError extends Error {
  override readonly name = "ModelUnavailableError";
  readonly upstream: string;
  readonly model: string;
  readonly status: number | undefined;
  readonly detail: string;

  constructor(options: { upstream: string; model: string; status?: number; detail: string; cause?: unknown }) {
    super(
      `Model "${options.model}" is unavailable at ${options.upstream}${options.status ? ` (${options.status})` : ""}: ${options.detail}. ` +
        "Set OPENAI_MODEL (and OPENAI_REASONING_EFFORT) to a current model and run `npm run check:openai` (README: Changing the model).",
      { cause: options.cause },
    );
    this.upstream = options.upstream;
    this.model = options.model;
    this.status = options.status;
    this.detail = options.detail;
  }
}

/**
 * The model stopped at max_completion_tokens before writing a word (its reasoning took the whole allowance): a matter of our settings, so never retried or
 * repaired; the message tells the operator what to change.
 */
export class EmptyAnswerError extends Error {
  override readonly name = "EmptyAnswerError";
  readonly upstream: string;
  readonly model: string;
  readonly maxCompletionTokens: number;
  readonly reasoningEffort: string | undefined;

  constructor(options: { upstream: string; model: string; call: string; maxCompletionTokens: number; reasoningEffort: string | undefined }) {
    const effort = options.reasoningEffort ?? "(unset: the model's default)";
    super(
      `Model "${options.model}" gave an empty answer to ${options.call}: finish_reason "length" with no content at max_completion_tokens ${options.maxCompletionTokens}, ` +
        `reasoning_effort ${effort}. Its reasoning used the whole allowance, so every call will end the same way. ` +
        `Set OPENAI_REASONING_EFFORT to an effort the model honours ("minimal" or "low" raise max_completion_tokens by their reasoning allowance), ` +
        "or choose another OPENAI_MODEL, then run `npm run check:openai` (README: Changing the model).",
    );
    this.upstream = options.upstream;
    this.model = options.model;
    this.maxCompletionTokens = options.maxCompletionTokens;
    this.reasoningEffort = options.reasoningEffort;
  }
}

/** No later call of the same create can succeed: no quota, no model, or settings that leave no room to answer. */
export function endsModelUse(error: unknown): error is Error {
  return error instanceof ModelUnavailableError || error instanceof EmptyAnswerError || (error instanceof UpstreamUnavailableError && error.reason === "quota");
}

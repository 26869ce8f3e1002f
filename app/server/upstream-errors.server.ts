/**
 * Typed failures of the services we call (OpenAI, Blocket). Adapters map every transport or
 * parsing problem to one of these two classes; the job maps them to a failure code, whose Swedish
 * sentence lives in failure-copy.ts, without knowing which SDK failed.
 */

/** "quota": the account's spend or quota is exhausted (OpenAI's 429 insufficient_quota); retrying does not help. */
export type UnavailableReason = "timeout" | "rate-limited" | "quota" | "server-error" | "network";

/**
 * The upstream could not be reached in time or refused us (timeout, 429, 5xx, connection error).
 * Retrying later may help, so routes should answer 503 and pass `retryAfterSeconds` on if set.
 */
export class UpstreamUnavailableError extends Error {
  override readonly name = "UpstreamUnavailableError";
  readonly upstream: string;
  readonly reason: UnavailableReason;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    upstream: string;
    reason: UnavailableReason;
    message: string;
    status?: number;
    retryAfterSeconds?: number;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.upstream = options.upstream;
    this.reason = options.reason;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

}

/**
 * The upstream answered, but with something we cannot use (malformed JSON, a schema violation that
 * survived a repair attempt, nothing left after our hard constraints). Retrying the same request
 * immediately is unlikely to help.
 */
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


/**
 * The configured model does not exist for our key (retired, misspelt, not granted) or refuses the
 * settings we send with it (e.g. a reasoning effort it does not support). Nothing the buyer or a
 * retry can change: the operator must set another OPENAI_MODEL / OPENAI_REASONING_EFFORT. The
 * message names the model and what to do; the buyer reads the job's failure code (failure-copy.ts).
 */
export class ModelUnavailableError extends Error {
  override readonly name = "ModelUnavailableError";
  readonly upstream: string;
  readonly model: string;
  readonly status: number | undefined;
  /** The upstream's own words (its error message and code), for the log. */
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

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

import type { FallbackReason, JobFailureCode } from "#app/lib/creation-job";
import { EmptyAnswerError, ModelUnavailableError, UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";

export class JobCancelled extends Error {
  constructor() {
    super("creation job cancelled");
  }
}

export class JobError extends Error {
  constructor(
    readonly code: JobFailureCode,
    cause: unknown,
  ) {
    super(`creation job: ${code}`, { cause });
  }
}

/** The failure code of an error from the work: ours, or the AI step's typed upstream errors. */
export function failureCodeOf(error: unknown): JobFailureCode {
  if (error instanceof JobError) return error.code;
  // The model check already logged the model's name and what to do.
  if (error instanceof ModelUnavailableError) return "model-unavailable";
  if (error instanceof UpstreamUnavailableError) {
    return error.reason === "timeout" ? "timeout" : error.reason === "rate-limited" ? "busy" : error.reason === "quota" ? "quota" : "unavailable";
  }
  if (error instanceof UpstreamResponseError) {
    console.error("AI answer unusable:", error.detail);
    return "invalid-answer";
  }
  return "interrupted";
}

/**
 * Why the local engine answers instead, when the error says the model cannot be had (unreachable,
 * out of quota, retired, or answering nothing); null for anything else, which fails the job.
 */
export function fallbackReasonOf(error: unknown): FallbackReason | null {
  if (error instanceof EmptyAnswerError) return "empty-answer";
  if (error instanceof ModelUnavailableError) return "model-unavailable";
  if (!(error instanceof UpstreamUnavailableError)) return null;
  const reasons: Record<UpstreamUnavailableError["reason"], FallbackReason> = {
    timeout: "timeout",
    "rate-limited": "busy",
    quota: "quota",
    "server-error": "unavailable",
    network: "unavailable",
  };
  return reasons[error.reason];
}

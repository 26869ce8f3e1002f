import { START_FAILURE_COPY } from "#app/lib/failure-copy";
import type { FallbackReason } from "#app/lib/creation-job";
import type { SearchInput } from "#app/lib/search-form";
import { deleteJobForUser, insertJobForUser } from "#app/server/db/recommendation-jobs.server";
import { newRecommendationId } from "#app/server/db/recommendations.server";
import { checkSpendLimits, refundSpend } from "#app/server/rate-limit/spend-limits.server";
import type { Services } from "#app/server/services.server";
import { ModelUnavailableError } from "#app/server/upstream-errors.server";
import { type PostedCorrections, readAtStart } from "./reading-step.server";

export type StartResult =
  | { status: "started"; id: string }
  | { status: "invalid-corrections"; message: string; errors: Record<string, string> }
  | { status: "unclear"; message: string }
  | { status: "no-match"; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string }
  | { status: "start-failed"; message: string };

export type StartServices = Pick<Services, "advice" | "engine" | "rateLimits" | "db" | "creationJobs">;

/** Whatever may refuse is checked before any limit is charged; a job that cannot start leaves nothing behind. */
export async function startCreate(
  services: StartServices,
  request: {
    userId: string;
    input: SearchInput;
    clientAddress: string | undefined;
    corrections?: PostedCorrections;
    /** A new version of this search of the owner's (a corrected reading); absent: a new search. */
    searchId?: string;
  },
): Promise<StartResult> {
  const { userId, input, clientAddress } = request;
  const read = readAtStart(input, request.corrections, services.advice);
  if (read.status === "invalid-corrections") return read;
  if (read.status !== "ready") return { status: read.status, message: read.message };
  const { first, corrections } = read;

  // A model that cannot be had is no refusal: the local engine answers, with a notice on the result.
  let fallback: FallbackReason | undefined;
  try {
    await services.engine.preflight?.();
  } catch (error) {
    // The model check has logged which model and what to change.
    if (!(error instanceof ModelUnavailableError)) throw error;
    fallback = "model-unavailable";
  }

  const spend = await checkSpendLimits(services.rateLimits, { userId, clientAddress, source: fallback ? "local" : services.engine.source });
  if (!spend.allowed) return { status: "rate-limited", retryAfterSeconds: spend.retryAfterSeconds, message: spend.message };
  const { globalRefund } = spend;
  if (spend.budgetSpent) fallback ??= "budget";

  const id = newRecommendationId();
  try {
    const { searchId, version } = await insertJobForUser(
      userId,
      { id, input, requirements: first.prepared.requirements, corrections, ...(request.searchId ? { searchId: request.searchId } : {}) },
      services.db,
    );
    try {
      await services.creationJobs.start(
        {
          id,
          userId,
          input,
          ...(clientAddress ? { clientAddress } : {}),
          ...(corrections ? { corrections } : {}),
          search: { id: searchId, version },
          ...(globalRefund ? { globalRefund } : {}),
          ...(fallback ? { fallback } : {}),
        },
        first,
      );
    } catch (error) {
      await deleteJobForUser(userId, id, services.db);
      throw error;
    }
  } catch (error) {
    console.error("Starting a creation job failed:", error);
    // No job will run, so no model call will be made.
    if (globalRefund) await refundSpend(services.rateLimits, globalRefund);
    return { status: "start-failed", message: START_FAILURE_COPY["start-failed"] };
  }
  return { status: "started", id };
}

import { START_FAILURE_COPY } from "#app/lib/failure-copy";
import type { SearchInput } from "#app/lib/search-form";
import type { ReadingCorrections } from "#app/server/advice/reading/merge-readings.server";
import { deleteJobForUser, insertJobForUser } from "#app/server/db/recommendation-jobs.server";
import { newRecommendationId } from "#app/server/db/recommendations.server";
import { checkSpendLimits, refundSpend } from "#app/server/rate-limit/spend-limits.server";
import type { Services } from "#app/server/services.server";
import { ModelUnavailableError } from "#app/server/upstream-errors.server";
import { prepareCreate } from "./prepare-create.server";

/** What the start answers at once: the work has begun under `id`, or why it did not. */
export type StartResult =
  | { status: "started"; id: string }
  /** The wish is nonsense or contradicts itself: a message for the description field. */
  | { status: "unclear"; message: string }
  /** Nothing in the catalogue meets the hard requirements: said before any quota is spent. */
  | { status: "no-match"; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string }
  | { status: "start-failed"; message: string }
  /** The AI model is retired or unknown: said before any spend limit is charged. */
  | { status: "model-unavailable"; message: string };

export type StartServices = Pick<Services, "advice" | "engine" | "rateLimits" | "db" | "creationJobs">;

/**
 * The create's first step, inside the buyer's request, on an input the route already parsed: the
 * requirements (unclear or impossible wishes answered here, before any limit is charged), then the
 * spend limits, then the job row (so the list shows it and the owner check has a row to scope by)
 * and the job's Durable Object. If the object cannot be started the row goes again: nothing
 * half-made stays behind. The work itself runs in the job (creation-job.server.ts).
 */
export async function startCreate(
  services: StartServices,
  request: { userId: string; input: SearchInput; clientAddress: string | undefined; corrections?: ReadingCorrections },
): Promise<StartResult> {
  const { userId, input, clientAddress } = request;
  const corrections = request.corrections && Object.keys(request.corrections).length > 0 ? request.corrections : undefined;
  // The buyer's corrections apply from the first step: the shortlist starts on the corrected reading.
  const preparation = prepareCreate(input, corrections, services.advice);
  if (preparation.status !== "ready") return { status: preparation.status, message: preparation.message };

  // A model known to be gone is refused here, before any limit is charged (a cached probe).
  try {
    await services.engine.preflight?.();
  } catch (error) {
    if (!(error instanceof ModelUnavailableError)) throw error;
    return { status: "model-unavailable", message: START_FAILURE_COPY["model-unavailable"] };
  }

  // Every spend limit checked before any is charged (spend-limits.server.ts).
  const spend = await checkSpendLimits(services.rateLimits, { userId, clientAddress, source: services.engine.source });
  if (!spend.allowed) return { status: "rate-limited", retryAfterSeconds: spend.retryAfterSeconds, message: spend.message };
  const { globalRefund } = spend;

  const id = newRecommendationId();
  const { prepared } = preparation;
  try {
    await insertJobForUser(userId, { id, input, requirements: prepared.requirements }, services.db);
    try {
      await services.creationJobs.start(
        { id, userId, input, ...(clientAddress ? { clientAddress } : {}), ...(corrections ? { corrections } : {}), ...(globalRefund ? { globalRefund } : {}) },
        prepared,
      );
    } catch (error) {
      await deleteJobForUser(userId, id, services.db);
      throw error;
    }
  } catch (error) {
    console.error("Starting a creation job failed:", error);
    // No job will run, so no model call will be made: the daily budget's slot goes back.
    if (globalRefund) await refundSpend(services.rateLimits, globalRefund);
    return { status: "start-failed", message: START_FAILURE_COPY["start-failed"] };
  }
  return { status: "started", id };
}

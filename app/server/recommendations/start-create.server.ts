import { START_FAILURE_COPY } from "#app/lib/failure-copy";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { FallbackReason } from "#app/lib/creation-job";
import type { SearchInput } from "#app/lib/search-form";
import type { ReadingCorrections } from "#app/server/reading/contracts.server";
import { deleteJobForUser, insertJobForUser } from "#app/server/db/recommendation-jobs.server";
import { newRecommendationId } from "#app/server/db/recommendations.server";
import { checkSpendLimits, refundSpend } from "#app/server/rate-limit/spend-limits.server";
import type { Services } from "#app/server/services.server";
import { ModelUnavailableError } from "#app/server/upstream-errors.server";
import { prepareCreate } from "./prepare-create.server";

export type StartResult =
  | { status: "started"; id: string }
  | { status: "unclear"; message: string }
  | { status: "no-match"; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string }
  | { status: "start-failed"; message: string };

export type StartServices = Pick<Services, "advice" | "engine" | "rateLimits" | "db" | "creationJobs">;

/** Whatever may refuse is checked before any limit is charged; a job that cannot start leaves nothing behind. */
export async function startCreate(
  services: StartServices,
  /** `reading`: the parser's reading of `input`, when the caller already has it. */
  request: { userId: string; input: SearchInput; clientAddress: string | undefined; corrections?: ReadingCorrections; reading?: BuyerRequirements },
): Promise<StartResult> {
  const { userId, input, clientAddress } = request;
  const corrections = request.corrections && Object.keys(request.corrections).length > 0 ? request.corrections : undefined;
  const preparation = prepareCreate(input, corrections, services.advice, request.reading);
  if (preparation.status !== "ready") return { status: preparation.status, message: preparation.message };

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
  const { prepared } = preparation;
  try {
    await insertJobForUser(userId, { id, input, requirements: prepared.requirements }, services.db);
    try {
      await services.creationJobs.start(
        {
          id,
          userId,
          input,
          ...(clientAddress ? { clientAddress } : {}),
          ...(corrections ? { corrections } : {}),
          ...(globalRefund ? { globalRefund } : {}),
          ...(fallback ? { fallback } : {}),
        },
        prepared,
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

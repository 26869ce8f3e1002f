import { JOB_STALE_AFTER_MS } from "#app/lib/creation-job";
import { jobFailureMessage } from "#app/lib/failure-copy";
import { getJobForUser, type RecommendationJob } from "#app/server/db/recommendation-jobs.server";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import type { SavedRecommendation } from "#app/server/db/stored-result.server";
import type { Services } from "#app/server/services.server";
import type { JobProgress } from "./contracts.server";
import { type PendingView, toPendingView } from "./recommendation-view.server";

/** For its owner only: someone else's is "missing", the same 404. */
export type RecommendationState =
  | { kind: "saved"; saved: SavedRecommendation }
  | { kind: "pending"; pending: PendingView }
  | { kind: "failed"; job: RecommendationJob; message: string }
  | { kind: "missing" };

export async function recommendationState(userId: string, id: string, services: Services, now = Date.now()): Promise<RecommendationState> {
  const saved = await getRecommendationForUser(userId, id, services.db, services.results);
  if (saved) return { kind: "saved", saved };
  const job = await getJobForUser(userId, id, services.db);
  if (!job) return { kind: "missing" };
  if (job.status === "failed") return { kind: "failed", job, message: jobFailureMessage(job.failure) };

  let progress: JobProgress | null = null;
  try {
    progress = await services.creationJobs.progress(id, userId);
  } catch (error) {
    // The bar and the list still show from D1; the next poll asks again.
    console.error("Reading a creation job's progress failed:", error);
  }
  if (progress?.state === "done") {
    const justSaved = await getRecommendationForUser(userId, id, services.db, services.results);
    if (justSaved) return { kind: "saved", saved: justSaved };
  }
  if (progress?.state === "failed") return { kind: "failed", job, message: jobFailureMessage(progress.failure) };
  if (now - job.createdAt.getTime() > JOB_STALE_AFTER_MS) return { kind: "failed", job, message: jobFailureMessage("interrupted") };
  return { kind: "pending", pending: toPendingView(job, progress) };
}

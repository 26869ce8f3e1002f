import { deleteRowsWithTombstone, sweepDeletedUser } from "#app/server/db/deleted-users.server";
import { stopCreationJob } from "#app/server/recommendations/stop-job.server";
import type { Services } from "#app/server/services.server";

/**
 * Everything of one user goes, in an order where each step either completes or is completed
 * later, and nothing is lost by a failure: first every D1 row together with a tombstone (one
 * batch; if it fails, nothing at all was deleted), then every running job is stopped, then the
 * results in R2 are swept. A sweep that fails is not an error: the tombstone makes the retention
 * cron repeat it until the prefix is empty, and the caller says so.
 */

export type ErasedAccount = {
  recommendations: number;
  jobs: number;
  activity: number;
  /** Results deleted from R2 now; null when the sweep failed and is left to the cron. */
  results: number | null;
};

/** Throws only when D1 refused the batch, i.e. when nothing was deleted. */
export async function eraseAccountData(userId: string, services: Pick<Services, "db" | "results" | "creationJobs">): Promise<ErasedAccount> {
  const rows = await deleteRowsWithTombstone(userId, services.db);
  // A job still working would only find the tombstone when it tries to save: stop it now instead.
  await Promise.all(rows.jobIds.map((id) => stopCreationJob(services, userId, id)));
  let results: number | null = null;
  try {
    results = (await sweepDeletedUser(userId, services.db, services.results)).results;
  } catch (error) {
    console.error("Account deletion: rows deleted, the R2 sweep failed; the cron repeats it", error);
  }
  return { recommendations: rows.recommendations, jobs: rows.jobIds.length, activity: rows.activity, results };
}

import { deleteRowsWithTombstone, sweepDeletedUser } from "#app/server/db/deleted-users.server";
import { stopCreationJob } from "#app/server/recommendations/stop-job.server";
import type { Services } from "#app/server/services.server";

// Each step completes or is completed later: D1 rows with a tombstone (all or nothing), stop jobs, then the R2 sweep,
// which the retention cron repeats until the prefix is empty.

export type ErasedAccount = {
  recommendations: number;
  jobs: number;
  activity: number;
  results: number | null;
};

/** Throws only when D1 refused the batch, i.e. when nothing was deleted. `now` dates the tombstone (the cron passes its scheduled time). */
export async function eraseAccountData(
  userId: string,
  services: Pick<Services, "db" | "results" | "creationJobs">,
  now: Date = new Date(),
): Promise<ErasedAccount> {
  const rows = await deleteRowsWithTombstone(userId, services.db, now);
  // A job still working would only find the tombstone when it tries to save: stop it now instead.
  await Promise.all(rows.jobIds.map((id) => stopCreationJob(services, userId, id)));
  let results: number | null = null;
  try {
    results = (await sweepDeletedUser(userId, services.db, services.results, now)).results;
  } catch (error) {
    console.error("Account deletion: rows deleted, the R2 sweep failed; the cron repeats it", error);
  }
  return { recommendations: rows.recommendations, jobs: rows.jobIds.length, activity: rows.activity, results };
}

import { RETENTION_MONTHS } from "#app/lib/site";
import type { AuthConfig } from "#app/server/auth/auth-config.server";
import { deleteClerkUser } from "#app/server/auth/clerk-backend.server";
import { listInactiveUserIds, recordRetentionFailure } from "#app/server/db/account-data.server";
import { listTombstonesToSweep, sweepDeletedUser } from "#app/server/db/deleted-users.server";
import type { Services } from "#app/server/services.server";
import { eraseAccountData } from "./erase-account.server";
import { utcDay } from "./activity.server";

// The privacy policy's retention promise, run by the Cron Trigger. Clerk first, then our rows: if Clerk fails, the
// activity row stays and the next run retries; the other order would forget an account whose e-mail Clerk still holds.

/** One cron invocation: 100 accounts measured 602 subrequests (test/integration/subrequests.test.ts), inside the Paid plan's limit. */
export const RETENTION_BATCH_SIZE = 100;

export function retentionCutoffDay(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return utcDay(cutoff);
}

/** wrangler.toml's crons: the daily retention run, and the hourly sweep of the deleted-users tombstones. */
export const RETENTION_CRON = "17 3 * * *";
export const TOMBSTONE_SWEEP_CRON = "47 * * * *";

/**
 * Tombstones one hourly run sweeps. A retention run's whole batch falls due in the same hour a day later, with room for as many deletions by buyers besides; 24
 * runs a day take 24 times that, so the table never grows. Each sweep is about three calls (R2 list, tombstone read, D1 batch): about 600 a run.
 */
export const TOMBSTONE_SWEEP_BATCH_SIZE = 2 * RETENTION_BATCH_SIZE;

export type RetentionRun = { cutoffDay: string; deleted: number; failed: number; moreRemain: boolean };
export type SweepRun = { swept: number; sweepsFailed: number; moreRemain: boolean };

export async function deleteInactiveAccounts(
  config: AuthConfig,
  store: Pick<Services, "db" | "results" | "creationJobs">,
  now: Date = new Date(),
  { batchSize = RETENTION_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<RetentionRun> {
  const cutoffDay = retentionCutoffDay(now);
  const userIds = await listInactiveUserIds(cutoffDay, batchSize, store.db);
  let deleted = 0;
  let failed = 0;
  for (const userId of userIds) {
    try {
      // Local users (offline development) never existed at Clerk.
      if (config.provider === "clerk" && !userId.startsWith("local_")) await deleteClerkUser(config, userId);
      await eraseAccountData(userId, store, now);
      deleted++;
    } catch (error) {
      failed++;
      console.error("Retention: could not delete an inactive account; the next run tries again", error);
      await recordRetentionFailure(userId, store.db).catch((cause: unknown) => console.error("Retention: could not record the failure", cause));
    }
  }
  return { cutoffDay, deleted, failed, moreRemain: userIds.length === batchSize };
}

/** The hourly run: repeats failed R2 sweeps, and drops each tombstone with a last sweep once a day has passed since its deletion. */
export async function sweepDeletedAccounts(
  store: Pick<Services, "db" | "results">,
  now: Date = new Date(),
  { batchSize = TOMBSTONE_SWEEP_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<SweepRun> {
  let swept = 0;
  let sweepsFailed = 0;
  const due = await listTombstonesToSweep(batchSize, store.db, now);
  for (const userId of due) {
    try {
      await sweepDeletedUser(userId, store.db, store.results, now);
      swept++;
    } catch (error) {
      sweepsFailed++;
      console.error("Retention: the R2 sweep of a deleted account failed; the next run repeats it", error);
    }
  }
  return { swept, sweepsFailed, moreRemain: due.length === batchSize };
}

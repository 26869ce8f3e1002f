import { RETENTION_MONTHS } from "#app/lib/site";
import type { AuthConfig } from "#app/server/auth/auth-config.server";
import { deleteClerkUser } from "#app/server/auth/clerk-backend.server";
import { listInactiveUserIds, recordRetentionFailure } from "#app/server/db/account-data.server";
import { listTombstonesToSweep, sweepDeletedUser } from "#app/server/db/deleted-users.server";
import type { Services } from "#app/server/services.server";
import { eraseAccountData } from "./erase-account.server";
import { utcDay } from "./activity.server";

/**
 * The retention promise of the privacy policy: an account unused for {@link RETENTION_MONTHS}
 * months is deleted with everything in it. Run by the Cron Trigger (`scheduled` in
 * workers/app.ts). "Unused" means no signed-in request since that day (user_activity).
 *
 * Per account: the Clerk user first (when Clerk is the provider), then our rows in one batch with
 * a tombstone, then the R2 sweep. If Clerk fails, the rows, the activity row included, stay, so the
 * next run tries again, behind the accounts that have not failed; the other order would forget
 * the account while Clerk still holds the e-mail address.
 *
 * Each run also repeats the R2 sweep of deleted accounts whose sweep failed or that a late job
 * may have written to (see app/server/db/deleted-users.server.ts), until each is empty.
 */

/**
 * Accounts per run. A cron run is one invocation, and each account costs about six subrequests
 * (the Clerk call, the D1 batch with its tombstone, listing and deleting its R2 results, reading
 * and marking the tombstone) plus one D1 query per run, and the run repeats at most
 * SWEEP_BATCH_SIZE sweeps of about four each: 100 accounts measured 602
 * (test/integration/subrequests.test.ts), about 650 with every repeated sweep, within the Workers
 * Paid plan's limit (sized against 1 000, the lowest figure Cloudflare has documented for it) with
 * room for accounts whose results take several R2 pages. 100 a day works off 36 500 accounts a year.
 */
export const RETENTION_BATCH_SIZE = 100;

/** The first day that still counts as recent: anyone last active before it is deleted. */
export function retentionCutoffDay(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return utcDay(cutoff);
}

/** Deleted accounts whose R2 prefix is swept per run (one list call each, one delete when something is left). */
export const SWEEP_BATCH_SIZE = 10;

export type RetentionRun = { cutoffDay: string; deleted: number; failed: number; moreRemain: boolean; swept: number; sweepsFailed: number };

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
      await eraseAccountData(userId, store);
      deleted++;
    } catch (error) {
      failed++;
      console.error("Retention: could not delete an inactive account; the next run tries again", error);
      await recordRetentionFailure(userId, store.db).catch((cause: unknown) => console.error("Retention: could not record the failure", cause));
    }
  }
  const sweeps = await sweepTombstones(store, now);
  return { cutoffDay, deleted, failed, moreRemain: userIds.length === batchSize, ...sweeps };
}

/** Repeats the R2 sweep of deleted accounts still due one; a failure leaves the tombstone for the next run. */
async function sweepTombstones(store: Pick<Services, "db" | "results">, now: Date): Promise<{ swept: number; sweepsFailed: number }> {
  let swept = 0;
  let sweepsFailed = 0;
  for (const userId of await listTombstonesToSweep(SWEEP_BATCH_SIZE, store.db, now)) {
    try {
      await sweepDeletedUser(userId, store.db, store.results, now);
      swept++;
    } catch (error) {
      sweepsFailed++;
      console.error("Retention: the R2 sweep of a deleted account failed; the next run repeats it", error);
    }
  }
  return { swept, sweepsFailed };
}

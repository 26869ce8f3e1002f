import { RETENTION_MONTHS } from "#app/lib/site";
import type { AuthConfig } from "#app/server/auth/auth-config.server";
import { deleteClerkUser } from "#app/server/auth/clerk-backend.server";
import { deleteAllDataForUser, listInactiveUserIds } from "#app/server/db/account-data.server";
import type { Services } from "#app/server/services.server";
import { utcDay } from "./activity.server";

/**
 * The retention promise of the privacy policy: an account unused for {@link RETENTION_MONTHS}
 * months is deleted with everything in it. Run by the Cron Trigger (`scheduled` in
 * workers/app.ts). "Unused" means no signed-in request since that day (user_activity).
 *
 * Per account: the Clerk user first (when Clerk is the provider), then our rows in one batch. If
 * Clerk fails, the rows, the activity row included, stay, so the next run tries again; the other
 * order would forget the account while Clerk still holds the e-mail address.
 */

/**
 * Accounts per run. A cron run is one invocation, and each account costs about four subrequests
 * (the Clerk call, one D1 batch, listing and deleting its R2 results) plus one D1 query per run:
 * 100 accounts measured 401 (test/integration/subrequests.test.ts), within the Workers Paid plan's
 * limit (sized against 1 000, the lowest figure Cloudflare has documented for it) with room for
 * accounts whose results take several R2 pages. 100 a day works off 36 500 accounts a year.
 */
export const RETENTION_BATCH_SIZE = 100;

/** The first day that still counts as recent: anyone last active before it is deleted. */
export function retentionCutoffDay(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return utcDay(cutoff);
}

export type RetentionRun = { cutoffDay: string; deleted: number; failed: number; moreRemain: boolean };

export async function deleteInactiveAccounts(
  config: AuthConfig,
  store: Pick<Services, "db" | "results">,
  now: Date = new Date(),
): Promise<RetentionRun> {
  const cutoffDay = retentionCutoffDay(now);
  const userIds = await listInactiveUserIds(cutoffDay, RETENTION_BATCH_SIZE, store.db);
  let deleted = 0;
  let failed = 0;
  for (const userId of userIds) {
    try {
      // Local users (offline development) never existed at Clerk.
      if (config.provider === "clerk" && !userId.startsWith("local_")) await deleteClerkUser(config, userId);
      await deleteAllDataForUser(userId, store.db, store.results);
      deleted++;
    } catch (error) {
      failed++;
      console.error("Retention: could not delete an inactive account; the next run tries again", error);
    }
  }
  return { cutoffDay, deleted, failed, moreRemain: userIds.length === RETENTION_BATCH_SIZE };
}

import type { Database } from "#app/server/db/client.server";
import { touchUserActivity } from "#app/server/db/account-data.server";

/**
 * Last activity for the retention job, at (almost) no cost on the hot path: each isolate
 * remembers which users it has already recorded today, so a signed-in user costs at most one D1
 * write per isolate per day, sent after the response (`waitUntil`), and a repeated write the same
 * day changes no row (see touchUserActivity).
 */

/** Plenty for one isolate's day; cleared when full, which only costs a few repeated no-op writes. */
const MAX_REMEMBERED_USERS = 10_000;
const recordedToday = new Map<string, string>();

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The write to hand to `waitUntil` when the user has not been recorded today by this isolate,
 * otherwise null. Failures are logged, never thrown: activity must not break a page.
 */
export function recordActivity(db: Database, userId: string, now: Date = new Date()): Promise<void> | null {
  const day = utcDay(now);
  if (recordedToday.get(userId) === day) return null;
  if (recordedToday.size >= MAX_REMEMBERED_USERS) recordedToday.clear();
  recordedToday.set(userId, day);
  return touchUserActivity(userId, day, db).catch((error: unknown) => {
    // Try again on the user's next request rather than waiting for tomorrow.
    recordedToday.delete(userId);
    console.error("Could not record user activity", error);
  });
}

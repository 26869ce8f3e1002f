import type { Database } from "#app/server/db/client.server";
import { touchUserActivity } from "#app/server/db/account-data.server";

// At most one D1 write per user per isolate per day, after the response; failures are logged, never thrown.

/** Plenty for one isolate's day; cleared when full, which only costs a few repeated no-op writes. */
const MAX_REMEMBERED_USERS = 10_000;
const recordedToday = new Map<string, string>();

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

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

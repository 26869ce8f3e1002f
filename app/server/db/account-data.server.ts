import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import { deletedUsers, recommendations, userActivity } from "#drizzle/schema";
import type { ResultStore } from "#app/server/results/result-store.server";
import { createSlots } from "#app/server/http/connection-slots.server";
import type { Database } from "./client.server";
import { RESULT_READ_CONCURRENCY, savedRecommendationFromRow } from "./stored-result.server";

export type ExportCursor = { createdAt: Date; id: string };

/**
 * Export only: callers pass each row through `toRecommendationView`, so locked fields stay out. A row
 * whose result is in neither D1 nor the result store comes back in `unreadable` (id and time), to be named.
 */
export async function listRecommendationPageForExport(
  userId: string,
  { after, limit }: { after: ExportCursor | null; limit: number },
  db: Database,
  results: ResultStore,
) {
  const owner = requireOwner(userId);
  const ownerOnly = eq(recommendations.userId, owner);
  const where = after
    ? and(ownerOnly, or(lt(recommendations.createdAt, after.createdAt), and(eq(recommendations.createdAt, after.createdAt), lt(recommendations.id, after.id))))
    : ownerOnly;
  const rows = await db.select().from(recommendations).where(where).orderBy(desc(recommendations.createdAt), desc(recommendations.id)).limit(limit).all();
  // A Worker request may hold six connections, and a page is a hundred rows.
  const slots = createSlots(RESULT_READ_CONCURRENCY);
  const page = await Promise.all(rows.map((row) => slots.run(() => savedRecommendationFromRow(owner, row, results))));
  const last = rows.at(-1);
  // The cursor follows D1's rows, not the kept ones, so a left-out row never ends the export early.
  const next: ExportCursor | null = rows.length === limit && last ? { createdAt: last.createdAt, id: last.id } : null;
  const unreadable = rows.filter((_, index) => page[index] === null).map((row) => ({ id: row.id, createdAt: row.createdAt }));
  return { rows: page.filter((row) => row !== null), unreadable, next };
}

/**
 * Writes only when the stored day is older, so a repeat on the same day changes no row; and never while the user's tombstone exists, so a request answered just
 * before the account was deleted cannot bring an activity row (and with it the retention clock) back after it.
 */
export async function touchUserActivity(userId: string, day: string, db: Database): Promise<void> {
  const owner = requireOwner(userId);
  // One statement, so the deletion's batch runs wholly before or after it. (A SELECT with a WHERE
  // clause ahead of ON CONFLICT is how SQLite tells the upsert from a join's ON.)
  await db.run(sql`insert into ${userActivity} (user_id, last_active_on)
    select ${owner}, ${day} where not exists (select 1 from ${deletedUsers} where ${deletedUsers.userId} = ${owner})
    on conflict (user_id) do update set last_active_on = excluded.last_active_on where ${userActivity.lastActiveOn} < excluded.last_active_on`);
}

export async function getLastActiveOn(userId: string, db: Database): Promise<string | null> {
  const row = await db
    .select({ lastActiveOn: userActivity.lastActiveOn })
    .from(userActivity)
    .where(eq(userActivity.userId, requireOwner(userId)))
    .get();
  return row?.lastActiveOn ?? null;
}

/** Accounts whose deletion failed before go last, so one that keeps failing cannot hold the head of the queue. */
export async function listInactiveUserIds(cutoffDay: string, limit: number, db: Database): Promise<string[]> {
  const rows = await db
    .select({ userId: userActivity.userId })
    .from(userActivity)
    .where(lt(userActivity.lastActiveOn, cutoffDay))
    .orderBy(asc(userActivity.retentionFailures), asc(userActivity.lastActiveOn), asc(userActivity.userId))
    .limit(limit)
    .all();
  return rows.map((row) => row.userId);
}

export async function recordRetentionFailure(userId: string, db: Database): Promise<void> {
  await db
    .update(userActivity)
    .set({ retentionFailures: sql`${userActivity.retentionFailures} + 1` })
    .where(eq(userActivity.userId, requireOwner(userId)))
    .run();
}

/** An empty user id would match nothing, but it always means a bug upstream: fail loudly. */
function requireOwner(userId: string): string {
  if (typeof userId !== "string" || userId.trim() === "") throw new Error("An account query needs the owner's user id");
  return userId;
}

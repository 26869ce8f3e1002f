import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import { BuyerRequirementsSchema } from "#app/lib/requirements";
import { SavedRecommendationInputSchema } from "#app/lib/saved-recommendation";
import { recommendations, userActivity } from "#drizzle/schema";
import type { ResultStore } from "#app/server/results/result-store.server";
import { createSlots } from "#app/server/http/connection-slots.server";
import type { Database } from "./client.server";
import { loadStoredResult, RESULT_READ_CONCURRENCY } from "./stored-result.server";

/**
 * Everything stored about one user, as a whole: the export reads it in pages, account deletion
 * removes it in one batch, the retention job finds users unused for too long. Every function
 * takes the owner's id (except the retention job's list, which only returns ids).
 */

/** Where the next export page starts: after this row in "newest first" order. */
export type ExportCursor = { createdAt: Date; id: string };

/**
 * One page of the user's recommendations with their full stored documents, newest first
 * (keyset pagination on the (user_id, created_at, id) index). For the data export only: callers
 * pass each row through `toRecommendationView`, so locked fields stay out. Results kept in the
 * store are read at most {@link RESULT_READ_CONCURRENCY} at a time (the Workers connection cap).
 * A row whose result is missing is left out of the page (and logged by `loadStoredResult`).
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
    ? and(
        ownerOnly,
        or(lt(recommendations.createdAt, after.createdAt), and(eq(recommendations.createdAt, after.createdAt), lt(recommendations.id, after.id))),
      )
    : ownerOnly;
  const rows = await db
    .select()
    .from(recommendations)
    .where(where)
    .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
    .limit(limit)
    .all();
  // At most RESULT_READ_CONCURRENCY reads from the result store at once: a Worker request may hold
  // only six connections, and a page is a hundred rows.
  const slots = createSlots(RESULT_READ_CONCURRENCY);
  const page = await Promise.all(rows.map((row) => slots.run(() => readRow(row))));
  async function readRow(row: (typeof rows)[number]) {
    const recommendation = await loadStoredResult(owner, row, results);
    if (!recommendation) return null;
    const requirements = BuyerRequirementsSchema.safeParse(row.requirements);
    return {
      id: row.id,
      createdAt: row.createdAt,
      isLocked: row.isLocked,
      input: SavedRecommendationInputSchema.parse(row.input),
      recommendation,
      requirements: requirements.success ? requirements.data : null,
    };
  }
  const last = rows.at(-1);
  // The cursor follows D1's rows, not the kept ones, so a left-out row never ends the export early.
  const next: ExportCursor | null = rows.length === limit && last ? { createdAt: last.createdAt, id: last.id } : null;
  return { rows: page.filter((row) => row !== null), next };
}

/**
 * Records that the user was active on `day` (UTC `YYYY-MM-DD`). Writes only when the stored day
 * is older, so repeating it the same day changes no row.
 */
export async function touchUserActivity(userId: string, day: string, db: Database): Promise<void> {
  await db
    .insert(userActivity)
    .values({ userId: requireOwner(userId), lastActiveOn: day })
    .onConflictDoUpdate({
      target: userActivity.userId,
      set: { lastActiveOn: day },
      setWhere: lt(userActivity.lastActiveOn, day),
    })
    .run();
}

/** The user's last active day (`YYYY-MM-DD`), or null when none is recorded. */
export async function getLastActiveOn(userId: string, db: Database): Promise<string | null> {
  const row = await db
    .select({ lastActiveOn: userActivity.lastActiveOn })
    .from(userActivity)
    .where(eq(userActivity.userId, requireOwner(userId)))
    .get();
  return row?.lastActiveOn ?? null;
}

/**
 * Users whose last activity is before `cutoffDay`, at most `limit`: those whose deletion has not
 * failed before first, then the longest unused. One account that keeps failing (Clerk refusing
 * it, say) so goes behind the rest instead of holding the head of the queue run after run.
 */
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

/** Counts a failed retention deletion of the user (see listInactiveUserIds). */
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

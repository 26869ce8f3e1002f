import { and, asc, desc, eq, lt, or } from "drizzle-orm";
import { BuyerRequirementsSchema } from "#app/lib/requirements";
import { RecommendationResultSchema, SavedRecommendationInputSchema } from "#app/lib/saved-recommendation";
import { recommendationJobs, recommendations, userActivity } from "#drizzle/schema";
import { getDb } from "#app/server/services.server";
import type { Database } from "./client.server";

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
 * pass each row through `toRecommendationView`, so locked fields stay out.
 */
export async function listRecommendationPageForExport(
  userId: string,
  { after, limit }: { after: ExportCursor | null; limit: number },
  db: Database = getDb(),
) {
  const ownerOnly = eq(recommendations.userId, requireOwner(userId));
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
  return rows.map((row) => {
    const requirements = BuyerRequirementsSchema.safeParse(row.requirements);
    return {
      id: row.id,
      createdAt: row.createdAt,
      isLocked: row.isLocked,
      input: SavedRecommendationInputSchema.parse(row.input),
      recommendation: RecommendationResultSchema.parse(row.recommendation),
      requirements: requirements.success ? requirements.data : null,
    };
  });
}

export type DeletedUserData = { recommendations: number; jobs: number; activity: number };

/**
 * Deletes every row of the user in one D1 batch (a single transaction: all or nothing).
 * Idempotent: deleting a user with no rows deletes nothing and succeeds.
 */
export async function deleteAllDataForUser(userId: string, db: Database = getDb()): Promise<DeletedUserData> {
  const owner = requireOwner(userId);
  // A job still running finds its row gone when it tries to save, and drops its result.
  const [deletedRecommendations, deletedJobs, deletedActivity] = await db.batch([
    db.delete(recommendations).where(eq(recommendations.userId, owner)).returning({ id: recommendations.id }),
    db.delete(recommendationJobs).where(eq(recommendationJobs.userId, owner)).returning({ id: recommendationJobs.id }),
    db.delete(userActivity).where(eq(userActivity.userId, owner)).returning({ userId: userActivity.userId }),
  ]);
  return { recommendations: deletedRecommendations.length, jobs: deletedJobs.length, activity: deletedActivity.length };
}

/**
 * Records that the user was active on `day` (UTC `YYYY-MM-DD`). Writes only when the stored day
 * is older, so repeating it the same day changes no row.
 */
export async function touchUserActivity(userId: string, day: string, db: Database = getDb()): Promise<void> {
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
export async function getLastActiveOn(userId: string, db: Database = getDb()): Promise<string | null> {
  const row = await db
    .select({ lastActiveOn: userActivity.lastActiveOn })
    .from(userActivity)
    .where(eq(userActivity.userId, requireOwner(userId)))
    .get();
  return row?.lastActiveOn ?? null;
}

/** Users whose last activity is before `cutoffDay`, longest unused first, at most `limit`. */
export async function listInactiveUserIds(cutoffDay: string, limit: number, db: Database = getDb()): Promise<string[]> {
  const rows = await db
    .select({ userId: userActivity.userId })
    .from(userActivity)
    .where(lt(userActivity.lastActiveOn, cutoffDay))
    .orderBy(asc(userActivity.lastActiveOn), asc(userActivity.userId))
    .limit(limit)
    .all();
  return rows.map((row) => row.userId);
}

/** An empty user id would match nothing, but it always means a bug upstream: fail loudly. */
function requireOwner(userId: string): string {
  if (typeof userId !== "string" || userId.trim() === "") throw new Error("An account query needs the owner's user id");
  return userId;
}

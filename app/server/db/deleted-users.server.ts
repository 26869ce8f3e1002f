import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import { deletedUsers, recommendationJobs, recommendations, userActivity } from "#drizzle/schema";
import type { ResultStore } from "#app/server/results/result-store.server";
import { deleteWatchRowsStatements } from "#app/server/watches/watch-store.server";
import type { Database } from "./client.server";

// Deletion in two steps that each finish or can be finished: the D1 rows and a tombstone in one batch, then the R2 sweep,
// repeated by the retention cron. A creation job checks the tombstone before and after it saves.

/** How long a job that started before the deletion may still be working (far beyond its ten minutes and Cloudflare's alarm retries). */
const LATE_JOB_WINDOW_MS = 24 * 3600 * 1000;

export type DeletedRows = { recommendations: number; jobIds: string[]; activity: number };

export async function deleteRowsWithTombstone(userId: string, db: Database, now = new Date()): Promise<DeletedRows> {
  const owner = requireOwner(userId);
  const [, deletedRecommendations, deletedJobs, deletedActivity] = await db.batch([
    db
      .insert(deletedUsers)
      .values({ userId: owner, deletedAt: now, sweptAt: null })
      .onConflictDoUpdate({ target: deletedUsers.userId, set: { deletedAt: now, sweptAt: null } }),
    db.delete(recommendations).where(eq(recommendations.userId, owner)).returning({ id: recommendations.id }),
    db.delete(recommendationJobs).where(eq(recommendationJobs.userId, owner)).returning({ id: recommendationJobs.id }),
    db.delete(userActivity).where(eq(userActivity.userId, owner)).returning({ userId: userActivity.userId }),
    // Watches, what they found, the digests sent and any outbox copy go in the same batch (docs/decisions/021).
    ...deleteWatchRowsStatements(owner, db),
  ]);
  return { recommendations: deletedRecommendations.length, jobIds: deletedJobs.map((job) => job.id), activity: deletedActivity.length };
}

export async function jobMaySave(userId: string, jobId: string, db: Database): Promise<boolean> {
  const owner = requireOwner(userId);
  const [tombstones, jobs] = await db.batch([
    db.select({ userId: deletedUsers.userId }).from(deletedUsers).where(eq(deletedUsers.userId, owner)),
    db
      .select({ id: recommendationJobs.id })
      .from(recommendationJobs)
      .where(and(eq(recommendationJobs.id, jobId), eq(recommendationJobs.userId, owner))),
  ]);
  return tombstones.length === 0 && jobs.length === 1;
}

export async function isUserDeleted(userId: string, db: Database): Promise<boolean> {
  const row = await db
    .select({ userId: deletedUsers.userId })
    .from(deletedUsers)
    .where(eq(deletedUsers.userId, requireOwner(userId)))
    .get();
  return Boolean(row);
}

/** The tombstone goes only once a sweep ran after every job that could still save had ended; a throw keeps it for the next run. */
export async function sweepDeletedUser(userId: string, db: Database, results: ResultStore, now = new Date()): Promise<{ results: number; finished: boolean }> {
  const owner = requireOwner(userId);
  const swept = await results.deleteAllForUser(owner);
  const tombstone = await db.select().from(deletedUsers).where(eq(deletedUsers.userId, owner)).get();
  const finished = !tombstone || now.getTime() - tombstone.deletedAt.getTime() >= LATE_JOB_WINDOW_MS;
  await db.batch([
    db.delete(recommendations).where(eq(recommendations.userId, owner)),
    db.delete(recommendationJobs).where(eq(recommendationJobs.userId, owner)),
    finished
      ? db.delete(deletedUsers).where(eq(deletedUsers.userId, owner))
      : db.update(deletedUsers).set({ sweptAt: now }).where(eq(deletedUsers.userId, owner)),
  ]);
  return { results: swept, finished };
}

export async function listTombstonesToSweep(limit: number, db: Database, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ userId: deletedUsers.userId })
    .from(deletedUsers)
    .where(or(isNull(deletedUsers.sweptAt), lte(deletedUsers.deletedAt, new Date(now.getTime() - LATE_JOB_WINDOW_MS))))
    .orderBy(asc(deletedUsers.deletedAt), asc(deletedUsers.userId))
    .limit(limit)
    .all();
  return rows.map((row) => row.userId);
}

/** An empty user id would match nothing, but it always means a bug upstream: fail loudly. */
function requireOwner(userId: string): string {
  if (typeof userId !== "string" || userId.trim() === "") throw new Error("A deletion query needs the owner's user id");
  return userId;
}

import { and, desc, eq, sql } from "drizzle-orm";
import { type JobFailureCode, JobFailureCodeSchema } from "#app/lib/creation-job";
import { type BuyerRequirements, BuyerRequirementsSchema } from "#app/lib/requirements";
import { RecommendationIdSchema, type SavedRecommendationInput, SavedRecommendationInputSchema } from "#app/lib/saved-recommendation";
import { recommendationJobs, recommendations } from "#drizzle/schema";
import type { Database } from "./client.server";

// Jobs of docs/decisions/008-durable-creation.md; every statement filters on the owner, so a foreign job is a missing one.

export type RecommendationJob = {
  id: string;
  createdAt: Date;
  status: "running" | "failed";
  failure: JobFailureCode | null;
  input: SavedRecommendationInput;
  requirements: BuyerRequirements | null;
};

type Row = typeof recommendationJobs.$inferSelect;

function toJob(row: Row): RecommendationJob {
  const requirements = BuyerRequirementsSchema.safeParse(row.requirements);
  const failure = JobFailureCodeSchema.safeParse(row.failure);
  return {
    id: row.id,
    createdAt: row.createdAt,
    status: row.status,
    failure: row.status === "failed" ? (failure.success ? failure.data : "interrupted") : null,
    input: SavedRecommendationInputSchema.parse(row.input),
    requirements: requirements.success ? requirements.data : null,
  };
}

export async function insertJobForUser(
  userId: string,
  job: { id: string; input: SavedRecommendationInput; requirements: BuyerRequirements },
  db: Database,
): Promise<{ createdAt: Date }> {
  return db
    .insert(recommendationJobs)
    .values({
      id: RecommendationIdSchema.parse(job.id),
      userId: requireOwner(userId),
      input: SavedRecommendationInputSchema.parse(job.input),
      requirements: BuyerRequirementsSchema.parse(job.requirements),
    })
    .returning({ createdAt: recommendationJobs.createdAt })
    .get();
}

export async function getJobForUser(userId: string, id: string, db: Database): Promise<RecommendationJob | null> {
  if (!RecommendationIdSchema.safeParse(id).success) return null;
  const row = await db
    .select()
    .from(recommendationJobs)
    .where(and(eq(recommendationJobs.id, id), eq(recommendationJobs.userId, requireOwner(userId))))
    .get();
  return row ? toJob(row) : null;
}

/** A job whose result is already saved is left out, in case the job row outlived its save. */
export async function listJobsForUser(userId: string, { limit = 20 }: { limit?: number } = {}, db: Database): Promise<RecommendationJob[]> {
  const rows = await db
    .select()
    .from(recommendationJobs)
    .where(
      and(
        eq(recommendationJobs.userId, requireOwner(userId)),
        sql`not exists (select 1 from ${recommendations} where ${recommendations.id} = ${recommendationJobs.id})`,
      ),
    )
    .orderBy(desc(recommendationJobs.createdAt), desc(recommendationJobs.id))
    .limit(Math.min(Math.max(1, Math.trunc(limit)), 50))
    .all();
  return rows.map(toJob);
}

export async function countJobsForUser(userId: string, db: Database): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(recommendationJobs)
    .where(
      and(
        eq(recommendationJobs.userId, requireOwner(userId)),
        sql`not exists (select 1 from ${recommendations} where ${recommendations.id} = ${recommendationJobs.id})`,
      ),
    )
    .get();
  return row?.n ?? 0;
}

export async function markJobFailedForUser(userId: string, id: string, failure: JobFailureCode, db: Database): Promise<boolean> {
  const updated = await db
    .update(recommendationJobs)
    .set({ status: "failed", failure: JobFailureCodeSchema.parse(failure) })
    .where(and(eq(recommendationJobs.id, id), eq(recommendationJobs.userId, requireOwner(userId))))
    .returning({ id: recommendationJobs.id })
    .all();
  return updated.length === 1;
}

export async function deleteJobForUser(userId: string, id: string, db: Database): Promise<boolean> {
  if (!RecommendationIdSchema.safeParse(id).success) return false;
  const deleted = await db
    .delete(recommendationJobs)
    .where(and(eq(recommendationJobs.id, id), eq(recommendationJobs.userId, requireOwner(userId))))
    .returning({ id: recommendationJobs.id })
    .all();
  return deleted.length === 1;
}

/** An empty user id would match nothing, but it always means a bug upstream: fail loudly. */
function requireOwner(userId: string): string {
  if (typeof userId !== "string" || userId.trim() === "") throw new Error("A job query needs the owner's user id");
  return userId;
}

import { and, desc, eq, sql } from "drizzle-orm";
import { type JobFailureCode, JobFailureCodeSchema } from "#app/lib/creation-job";
import { type ReadingCorrections, ReadingCorrectionsSchema, storedCorrections } from "#app/lib/reading-corrections";
import { type BuyerRequirements, BuyerRequirementsSchema } from "#app/lib/requirements";
import { RecommendationIdSchema, type SavedRecommendationInput, SavedRecommendationInputSchema } from "#app/lib/saved-recommendation";
import { recommendationJobs, recommendations } from "#drizzle/schema";
import type { Database } from "./client.server";
import { nextVersion } from "./search-versions.server";

// Jobs of docs/decisions/008-durable-creation.md; every statement filters on the owner, so a foreign job is a missing one.

export type RecommendationJob = {
  id: string;
  createdAt: Date;
  status: "running" | "failed";
  failure: JobFailureCode | null;
  input: SavedRecommendationInput;
  requirements: BuyerRequirements | null;
  searchId: string;
  version: number;
  corrections: ReadingCorrections | null;
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
    searchId: row.searchId ?? row.id,
    version: row.version,
    corrections: storedCorrections(row.corrections),
  };
}

/** A job with `searchId` is the next version of that search of the owner's; its number is settled in the insert. */
export async function insertJobForUser(
  userId: string,
  job: { id: string; input: SavedRecommendationInput; requirements: BuyerRequirements; searchId?: string; corrections?: ReadingCorrections | undefined },
  db: Database,
): Promise<{ createdAt: Date; searchId: string; version: number }> {
  const owner = requireOwner(userId);
  const id = RecommendationIdSchema.parse(job.id);
  const searchId = job.searchId === undefined ? id : RecommendationIdSchema.parse(job.searchId);
  const row = await db
    .insert(recommendationJobs)
    .values({
      id,
      userId: owner,
      input: SavedRecommendationInputSchema.parse(job.input),
      requirements: BuyerRequirementsSchema.parse(job.requirements),
      searchId,
      version: job.searchId === undefined ? 1 : nextVersion(owner, searchId),
      corrections: job.corrections ? ReadingCorrectionsSchema.parse(job.corrections) : null,
    })
    .returning({ createdAt: recommendationJobs.createdAt, version: recommendationJobs.version })
    .get();
  return { createdAt: row.createdAt, searchId, version: row.version };
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

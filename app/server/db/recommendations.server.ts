import { and, desc, eq, lt, not, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  RecommendationIdSchema,
  RecommendationResultSchema,
  SavedRecommendationInputSchema,
  type RecommendationResult,
  type SavedRecommendationInput,
} from "#app/lib/saved-recommendation";
import { type ReadingCorrections, ReadingCorrectionsSchema } from "#app/lib/reading-corrections";
import { type BuyerRequirements, BuyerRequirementsSchema } from "#app/lib/requirements";
import { recommendations } from "#drizzle/schema";
import type { ResultStore } from "#app/server/results/result-store.server";
import type { Database } from "./client.server";
import { hasNewerVersion, lockedUnlessSearchUnlocked, searchOf } from "./search-versions.server";
import { resultSummary, type SavedRecommendation, savedRecommendationFromRow } from "./stored-result.server";

// Every statement filters on the owner, so a foreign id behaves exactly like a missing one. Results live in the result
// store (docs/decisions/009-results-in-r2.md), except in rows saved before it.

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

export function newRecommendationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export type NewRecommendation = {
  input: SavedRecommendationInput;
  recommendation: RecommendationResult;
  requirements?: BuyerRequirements;
  /** Reserved when the work started, so a bookmark of the pending page becomes the result. */
  id?: string;
  /** The search this is a version of (its number given when the work started); absent: a new search under this id. */
  search?: { id: string; version: number };
  corrections?: ReadingCorrections | null;
};

/** Result first, row second: a crash never leaves a row without its result; an orphan stays under the owner's prefix. */
export async function createRecommendationForUser(
  userId: string,
  { input, recommendation, requirements, id, search, corrections }: NewRecommendation,
  db: Database,
  results: ResultStore,
): Promise<{ id: string; createdAt: Date }> {
  const owner = requireUserId(userId);
  const rowId = id === undefined ? newRecommendationId() : RecommendationIdSchema.parse(id);
  const values = {
    input: SavedRecommendationInputSchema.parse(input),
    result: RecommendationResultSchema.parse(recommendation),
    requirements: requirements ? BuyerRequirementsSchema.parse(requirements) : null,
    searchId: search ? RecommendationIdSchema.parse(search.id) : rowId,
    corrections: corrections ? ReadingCorrectionsSchema.parse(corrections) : null,
  };
  await results.put(owner, rowId, values.result);
  try {
    return await db
      .insert(recommendations)
      .values({
        id: rowId,
        userId: owner,
        input: values.input,
        // JSON null: the result is in the store (the column stays NOT NULL for older rows).
        recommendation: sql`'null'`,
        requirements: values.requirements,
        ...resultSummary(values.result),
        searchId: values.searchId,
        version: search?.version ?? 1,
        corrections: values.corrections,
        // In the insert: an earlier version unlocked while this one was made counts.
        isLocked: lockedUnlessSearchUnlocked(owner, values.searchId),
      })
      .returning({ id: recommendations.id, createdAt: recommendations.createdAt })
      .get();
  } catch (error) {
    await results.delete(owner, rowId).catch((cleanup: unknown) => console.error("Could not remove the result of a failed save", cleanup));
    throw error;
  }
}

const CursorSchema = z
  .string()
  .regex(/^\d{1,16}:[A-Za-z0-9_-]{22}$/)
  .transform((cursor) => {
    const [ms, id] = cursor.split(":") as [string, string];
    return { createdAt: new Date(Number(ms)), id };
  });

export type RecommendationSummary = {
  id: string;
  searchId: string;
  version: number;
  createdAt: Date;
  isLocked: boolean;
  input: SavedRecommendationInput;
  carCount: number;
  topCarName: string | null;
  topCarScore: number | null;
};

export type RecommendationPage = { items: RecommendationSummary[]; nextCursor: string | null };

export async function listRecommendationsForUser(
  userId: string,
  { limit = DEFAULT_PAGE_SIZE, cursor }: { limit?: number; cursor?: string | null } = {},
  db: Database,
): Promise<RecommendationPage> {
  const pageSize = Math.min(Math.max(1, Math.trunc(limit)), MAX_PAGE_SIZE);
  const after = cursor ? CursorSchema.safeParse(cursor) : undefined;
  // One row per search, its newest version; the older ones are listed with it (search-versions.server.ts).
  const ownerOnly = and(eq(recommendations.userId, requireUserId(userId)), not(hasNewerVersion()));
  const where = after?.success
    ? and(
        ownerOnly,
        or(
          lt(recommendations.createdAt, after.data.createdAt),
          and(eq(recommendations.createdAt, after.data.createdAt), lt(recommendations.id, after.data.id)),
        ),
      )
    : ownerOnly;

  const rows = await db
    .select({
      id: recommendations.id,
      searchId: searchOf(recommendations),
      version: recommendations.version,
      createdAt: recommendations.createdAt,
      isLocked: recommendations.isLocked,
      input: recommendations.input,
      // Stored columns, never the result itself: a list page reads ~1 KB per row, not ~50 KB.
      carCount: recommendations.carCount,
      // Rank 1 is fully visible even when locked, so its name may appear in the list.
      topCarName: recommendations.topCarName,
      topCarScore: recommendations.topCarScore,
    })
    .from(recommendations)
    .where(where)
    .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
    .limit(pageSize + 1)
    .all();

  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  const nextCursor = rows.length > pageSize && last ? `${last.createdAt.getTime()}:${last.id}` : null;
  return { items, nextCursor };
}

export async function getRecommendationForUser(userId: string, id: string, db: Database, results: ResultStore): Promise<SavedRecommendation | null> {
  if (!RecommendationIdSchema.safeParse(id).success) return null;
  const owner = requireUserId(userId);
  const row = await db
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.id, id), eq(recommendations.userId, owner)))
    .get();
  if (!row) return null;
  return savedRecommendationFromRow(owner, row, results);
}

/** Unlocks every version of the search the id belongs to: one search, one unlock. False for a foreign or missing id. */
export async function unlockRecommendationForUser(userId: string, id: string, db: Database): Promise<boolean> {
  if (!RecommendationIdSchema.safeParse(id).success) return false;
  const owner = requireUserId(userId);
  const updated = await db
    .update(recommendations)
    .set({ isLocked: false })
    .where(
      and(
        eq(recommendations.userId, owner),
        sql`${searchOf(recommendations)} = (select coalesce(mine.search_id, mine.id) from ${recommendations} as mine where mine.id = ${id} and mine.user_id = ${owner})`,
      ),
    )
    .returning({ id: recommendations.id })
    .all();
  return updated.length > 0;
}

export async function deleteRecommendationForUser(userId: string, id: string, db: Database, results: ResultStore): Promise<boolean> {
  if (!RecommendationIdSchema.safeParse(id).success) return false;
  const owner = requireUserId(userId);
  // The key is under the caller's own prefix: a foreign id deletes nothing of anyone else's.
  await results.delete(owner, id);
  const deleted = await db
    .delete(recommendations)
    .where(and(eq(recommendations.id, id), eq(recommendations.userId, owner)))
    .returning({ id: recommendations.id })
    .all();
  return deleted.length === 1;
}

/** An empty user id would match nothing, but it always means a bug upstream: fail loudly. */
function requireUserId(userId: string): string {
  if (typeof userId !== "string" || userId.trim() === "") {
    throw new Error("A recommendation query needs the owner's user id");
  }
  return userId;
}

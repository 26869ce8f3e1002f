import { type ReadingCorrections, storedCorrections } from "#app/lib/reading-corrections";
import { type BuyerRequirements, BuyerRequirementsSchema } from "#app/lib/requirements";
import {
  type RecommendationResult,
  RecommendationResultSchema,
  type SavedRecommendationInput,
  SavedRecommendationInputSchema,
} from "#app/lib/saved-recommendation";
import type { recommendations } from "#drizzle/schema";
import type { ResultStore } from "#app/server/results/result-store.server";

// Rows saved before migration 0004 hold their result inline; every row since has it in the result store.

/** Below Workers' six connections per request, leaving room for D1. */
export const RESULT_READ_CONCURRENCY = 4;

/** Stored as columns so the list page never reads the large result. */
export function resultSummary(result: RecommendationResult) {
  const top = result.cars[0];
  return { topCarName: top?.carName ?? null, topCarScore: top?.score.finalScore ?? null, carCount: result.cars.length };
}

/** Null when neither place has it: logged, since a write or a deletion went half-way. */
async function loadStoredResult(userId: string, row: { id: string; recommendation: unknown }, results: ResultStore): Promise<RecommendationResult | null> {
  const stored = row.recommendation ?? (await results.get(userId, row.id));
  if (stored === null || stored === undefined) {
    console.error("A saved recommendation has no result in D1 or the result store", { id: row.id });
    return null;
  }
  return RecommendationResultSchema.parse(stored);
}

export type SavedRecommendation = {
  id: string;
  createdAt: Date;
  isLocked: boolean;
  input: SavedRecommendationInput;
  recommendation: RecommendationResult;
  requirements: BuyerRequirements | null;
  searchId: string;
  version: number;
  /** The buyer's corrections it was read with, the earlier versions' included. */
  corrections: ReadingCorrections | null;
};

type SavedRow = Pick<
  typeof recommendations.$inferSelect,
  "id" | "createdAt" | "isLocked" | "input" | "recommendation" | "requirements" | "searchId" | "version" | "corrections"
>;

/** The one way a row becomes a saved recommendation; null when its result is missing. Requirements that no longer parse read as none. */
export async function savedRecommendationFromRow(userId: string, row: SavedRow, results: ResultStore): Promise<SavedRecommendation | null> {
  const recommendation = await loadStoredResult(userId, row, results);
  if (!recommendation) return null;
  const requirements = BuyerRequirementsSchema.safeParse(row.requirements);
  return {
    id: row.id,
    createdAt: row.createdAt,
    isLocked: row.isLocked,
    input: SavedRecommendationInputSchema.parse(row.input),
    recommendation,
    requirements: requirements.success ? requirements.data : null,
    searchId: row.searchId ?? row.id,
    version: row.version,
    corrections: storedCorrections(row.corrections),
  };
}

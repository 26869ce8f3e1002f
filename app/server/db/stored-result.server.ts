import { type RecommendationResult, RecommendationResultSchema } from "#app/lib/saved-recommendation";
import type { ResultStore } from "#app/server/results/result-store.server";

/**
 * The two places a saved result can be: inline in the D1 row (rows saved before migration 0004)
 * or in the result store (every row since). Reading goes through here so both keep working.
 */

/** R2 reads in flight per request: below the Workers limit of six connections, leaving room for D1. */
export const RESULT_READ_CONCURRENCY = 4;

/** What the list page shows, stored as columns so it never reads the large result. */
export function resultSummary(result: RecommendationResult) {
  const top = result.cars[0];
  return { topCarName: top?.carName ?? null, topCarScore: top?.score.finalScore ?? null, carCount: result.cars.length };
}

/**
 * The row's result: inline when the row has it, else from the store. Null (and logged: it means
 * a write or a deletion went half-way) when neither has it.
 */
export async function loadStoredResult(
  userId: string,
  row: { id: string; recommendation: unknown },
  results: ResultStore,
): Promise<RecommendationResult | null> {
  const stored = row.recommendation ?? (await results.get(userId, row.id));
  if (stored === null || stored === undefined) {
    console.error("A saved recommendation has no result in D1 or the result store", { id: row.id });
    return null;
  }
  return RecommendationResultSchema.parse(stored);
}

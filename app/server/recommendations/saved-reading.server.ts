import type { BuyerRequirements } from "#app/lib/requirements";
import type { SearchInput } from "#app/lib/search-form";
import { readRequirements } from "#app/server/advice/advise.server";
import { getJobForUser } from "#app/server/db/recommendation-jobs.server";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import type { Services } from "#app/server/services.server";

/**
 * The reading a recommendation stands on and the input it came from, for its owner only (null for
 * anyone else, a missing or a malformed id: the same 404). A saved result's reading is the merged
 * one; a job still working shows the reading it started on. A result saved before readings were
 * stored is read again from its input.
 */
export async function savedReading(
  userId: string,
  id: string,
  services: Pick<Services, "db" | "results" | "advice">,
): Promise<{ input: SearchInput; requirements: BuyerRequirements } | null> {
  const saved = await getRecommendationForUser(userId, id, services.db, services.results);
  const source = saved ?? (await getJobForUser(userId, id, services.db));
  if (!source) return null;
  return { input: source.input, requirements: source.requirements ?? readRequirements(source.input, services.advice) };
}

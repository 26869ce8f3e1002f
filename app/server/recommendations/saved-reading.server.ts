import type { ReadingCorrections } from "#app/lib/reading-corrections";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { SearchInput } from "#app/lib/search-form";
import { readRequirements } from "#app/server/advice/advise.server";
import { getJobForUser } from "#app/server/db/recommendation-jobs.server";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import type { Services } from "#app/server/services.server";

/** Null for anyone but the owner; `corrections` are all made on the way to this version, so the next starts from them. */
export async function savedReading(
  userId: string,
  id: string,
  services: Pick<Services, "db" | "results" | "advice">,
): Promise<{ input: SearchInput; requirements: BuyerRequirements; searchId: string; corrections: ReadingCorrections | null } | null> {
  const saved = await getRecommendationForUser(userId, id, services.db, services.results);
  const source = saved ?? (await getJobForUser(userId, id, services.db));
  if (!source) return null;
  return {
    input: source.input,
    requirements: source.requirements ?? readRequirements(source.input, services.advice),
    searchId: source.searchId,
    corrections: source.corrections,
  };
}

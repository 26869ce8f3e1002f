import type { BuyerRequirements } from "#app/lib/requirements";
import type { RecommendationResult } from "#app/lib/saved-recommendation";
import { isUserDeleted, jobMaySave } from "#app/server/db/deleted-users.server";
import { deleteJobForUser } from "#app/server/db/recommendation-jobs.server";
import { createRecommendationForUser, deleteRecommendationForUser } from "#app/server/db/recommendations.server";
import type { Services } from "#app/server/services.server";
import type { CreationJobSpec } from "./contracts.server";
import { JobError } from "./job-errors.server";

/** "dropped" when the job row or the owner's account went meanwhile: nothing then stays saved. */
export async function storeJobResult(
  spec: CreationJobSpec,
  saved: { requirements: BuyerRequirements; result: RecommendationResult },
  services: Pick<Services, "db" | "results">,
): Promise<"saved" | "dropped"> {
  try {
    // A D1 that cannot answer the check is a failed save.
    if (!(await jobMaySave(spec.userId, spec.id, services.db))) return "dropped";
    await createRecommendationForUser(
      spec.userId,
      {
        id: spec.id,
        input: spec.input,
        requirements: saved.requirements,
        recommendation: saved.result,
        ...(spec.search ? { search: spec.search } : {}),
        corrections: spec.corrections ?? null,
      },
      services.db,
      services.results,
    );
  } catch (error) {
    throw new JobError("save-failed", error);
  }
  // Should this fail, the tombstone's last sweep removes the result.
  const receipt = await deleteJobForUser(spec.userId, spec.id, services.db);
  if (!receipt || (await isUserDeleted(spec.userId, services.db))) {
    await deleteRecommendationForUser(spec.userId, spec.id, services.db, services.results);
    return "dropped";
  }
  return "saved";
}

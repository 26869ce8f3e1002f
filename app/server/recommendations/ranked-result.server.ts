import { favouredMakesOf, rankByFinalScore, scoreBreakdown } from "#app/lib/scoring";
import type { RecommendationResult, StoredAvailability } from "#app/lib/saved-recommendation";
import type { PreparedAdvice } from "#app/server/advice/advise.server";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import type { CarStages } from "./contracts.server";

export function rankedResult(
  prepared: PreparedAdvice,
  source: AdviceEngine["source"],
  suggestions: readonly CarStages["suggestion"][],
  availabilities: readonly StoredAvailability[],
): RecommendationResult {
  const scored: CarStages["rankedCar"][] = suggestions.map((car, index) => {
    const availability = availabilities[index]!;
    const score = scoreBreakdown(car.ratings.overall, availability.status === "known" ? availability.adCount : null, {
      checked: availability.status !== "unchecked",
    });
    return { ...car, ratings: { ...car.ratings, finalScore: score.finalScore }, availability, score };
  });
  return {
    source,
    cars: rankByFinalScore(scored, favouredMakesOf(prepared.requirements)),
    assumptions: prepared.assumptions,
    ...(prepared.shortfall ? { shortfall: prepared.shortfall.message } : {}),
  };
}

import { summariseRequirements } from "#app/lib/requirements/summary";
import type { AdviceAssumptions, RecommendedCar, SavedRecommendationInput } from "#app/lib/saved-recommendation";
import type { SavedRecommendation } from "#app/server/db/recommendations.server";

/** What a locked recommendation shows for every rank but the first. */
export type TeaserCar = {
  kind: "teaser";
  rank: number;
  carName: string;
  carMake: string;
  carModel: string;
  carTagline: string;
  finalScore: number;
};

export type FullCar = RecommendedCar & { kind: "full" };

export type RecommendationView = {
  id: string;
  createdAt: Date;
  isLocked: boolean;
  source: "openai" | "local";
  input: SavedRecommendationInput;
  /** "Så tolkade vi dig": the buyer's own wishes as we read them (null for older results). */
  understood: ReturnType<typeof summariseRequirements> | null;
  assumptions: AdviceAssumptions | null;
  /** Why there are fewer than ten cars, when there are. */
  shortfall: string | null;
  cars: (FullCar | TeaserCar)[];
};

/**
 * The one place that decides what of a recommendation may leave the server. A locked
 * recommendation carries the full analysis for the first car only; for the others a teaser is
 * built field by field (never by deleting from the full object), so a field added to the stored
 * shape later cannot leak by accident.
 */
export function toRecommendationView(saved: SavedRecommendation): RecommendationView {
  const cars = saved.recommendation.cars.map((car, index): FullCar | TeaserCar =>
    !saved.isLocked || index === 0
      ? { kind: "full", ...car }
      : {
          kind: "teaser",
          rank: car.ratings.rank,
          carName: car.carName,
          carMake: car.carMake,
          carModel: car.carModel,
          carTagline: car.carTagline,
          finalScore: car.ratings.finalScore,
        },
  );
  return {
    id: saved.id,
    createdAt: saved.createdAt,
    isLocked: saved.isLocked,
    source: saved.recommendation.source,
    input: saved.input,
    understood: saved.requirements ? summariseRequirements(saved.requirements) : null,
    assumptions: saved.recommendation.assumptions ?? null,
    shortfall: saved.recommendation.shortfall ?? null,
    cars,
  };
}

import { summariseRequirements } from "#app/server/advice/reading/summary.server";
import type { AdviceAssumptions, SavedRecommendationInput } from "#app/lib/saved-recommendation";
import type { RecommendationJob } from "#app/server/db/recommendation-jobs.server";
import type { SavedRecommendation } from "#app/server/db/recommendations.server";
import { rankByFinalScore, scoreBreakdown } from "#app/lib/scoring";
import type { JobProgress } from "./contracts.server";
import type { FullCar, TeaserCar } from "./contracts.server";

export type { FullCar, TeaserCar };

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
    understood: saved.requirements ? summariseRequirements(saved.requirements, saved.input.description) : null,
    assumptions: saved.recommendation.assumptions ?? null,
    shortfall: saved.recommendation.shortfall ?? null,
    cars,
  };
}

/** A car of a recommendation still being made, as far as it may be shown (the result starts locked). */
export type PendingCar = {
  rank: number;
  carName: string;
  carMake: string;
  carModel: string;
  /** The one-liner when written; teasers show it on a locked result too. */
  tagline: string | null;
  /** The car's rating (0–100) until availability is known, then the final score. */
  score: number;
  scoreIsFinal: boolean;
  textsReady: boolean;
  availabilityReady: boolean;
  // No analysis text while pending, not even the first car's: the order can still change when
  // availability arrives, and the text would then belong to a locked teaser.
};

export type PendingView = {
  id: string;
  createdAt: Date;
  input: SavedRecommendationInput;
  understood: ReturnType<typeof summariseRequirements> | null;
  /** When the work started (ms), so the progress bar continues where it is after a reload. */
  startedAt: number;
  /** Null until the ranking is known: the progress bar shows until then. */
  cars: PendingCar[] | null;
};

/**
 * The pending page's data, built field by field like the teaser: the ranked names, taglines and
 * scores of every car, and the first car's why-it-fits once written. Deep dives, costs, ads and
 * market figures stay on the server until the saved result is unlocked.
 *
 * Ranks never contradict the scores beside them: until every car's availability is known the list
 * is in the engine's order with the engine's ratings ("Betyg"); once all are known it is ranked by
 * the final score exactly as the saved result will be (`rankByFinalScore`).
 */
export function toPendingView(job: RecommendationJob, progress: JobProgress | null): PendingView {
  const entries = progress?.cars ?? null;
  let cars: PendingCar[] | null = null;
  if (entries) {
    const allKnown = entries.length > 0 && entries.every((entry) => entry.availability !== null);
    const scored = entries.map((entry, index) => {
      const { availability, suggestion } = entry;
      const finalScore =
        allKnown && availability
          ? scoreBreakdown(suggestion.ratings.overall, availability.status === "known" ? availability.adCount : null).finalScore
          : suggestion.ratings.overall;
      return { entry, ratings: { rank: index + 1, finalScore } };
    });
    cars = (allKnown ? rankByFinalScore(scored) : scored).map(({ entry, ratings }): PendingCar => ({
      rank: ratings.rank,
      carName: entry.suggestion.carName,
      carMake: entry.suggestion.carMake,
      carModel: entry.suggestion.carModel,
      tagline: entry.suggestion.carTagline || null,
      score: ratings.finalScore,
      scoreIsFinal: allKnown,
      textsReady: entry.textsReady,
      availabilityReady: entry.availability !== null,
    }));
  }
  return {
    id: job.id,
    createdAt: job.createdAt,
    input: job.input,
    understood: job.requirements ? summariseRequirements(job.requirements, job.input.description) : null,
    startedAt: progress?.startedAt ?? job.createdAt.getTime(),
    cars,
  };
}

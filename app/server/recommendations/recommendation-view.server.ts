import { summariseRequirements } from "#app/server/reading/summary.server";
import { notedLines } from "#app/server/advice/noted-lines.server";
import { sentences } from "#app/server/advice/sentences.server";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { FallbackReason } from "#app/lib/creation-job";
import type { AdviceAssumptions, SavedRecommendationInput } from "#app/lib/saved-recommendation";
import type { RecommendationJob } from "#app/server/db/recommendation-jobs.server";
import type { SavedRecommendation } from "#app/server/db/stored-result.server";
import { rankByFinalScore, scoreBreakdown } from "#app/lib/scoring";
import type { JobProgress } from "./contracts.server";
import type { FullCar, TeaserCar } from "./contracts.server";

export type { FullCar, TeaserCar };

/** The reading as the panel shows it; Noterat marked by what each need does in the ranking, which only the advice knows. */
function understoodOf(req: BuyerRequirements, description: string) {
  return { ...summariseRequirements(req, description), noted: notedLines(req) };
}

export type RecommendationView = {
  id: string;
  createdAt: Date;
  isLocked: boolean;
  source: "openai" | "local";
  /** Why the local engine answered a create meant for the model; the page says so. */
  fallback: FallbackReason | null;
  input: SavedRecommendationInput;
  understood: ReturnType<typeof summariseRequirements> | null;
  assumptions: AdviceAssumptions | null;
  /** The yearly mileage is the buyer's correction, not worked out from the description. */
  mileageByBuyer: boolean;
  shortfall: string | null;
  /** False when the marketplace was switched off at create: every score is then the car's own rating. */
  adsChecked: boolean;
  cars: (FullCar | TeaserCar)[];
};

/** What may leave the server: teasers are built field by field so a new stored field cannot leak. */
export function toRecommendationView(saved: SavedRecommendation): RecommendationView {
  const cars = saved.recommendation.cars.map((car, index): FullCar | TeaserCar =>
    !saved.isLocked || index === 0
      ? { kind: "full", ...car, whyItFitsSentences: sentences(car.whyItFits) }
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
    fallback: saved.recommendation.fallback?.reason ?? null,
    input: saved.input,
    understood: saved.requirements ? understoodOf(saved.requirements, saved.input.description) : null,
    assumptions: saved.recommendation.assumptions ?? null,
    mileageByBuyer: saved.requirements?.reading.items.some((item) => item.field === "milPerYear" && item.source === "buyer") ?? false,
    shortfall: saved.recommendation.shortfall ?? null,
    adsChecked: saved.recommendation.cars.some((car) => car.availability.status !== "unchecked"),
    cars,
  };
}

export type PendingCar = {
  rank: number;
  carName: string;
  carMake: string;
  carModel: string;
  tagline: string | null;
  score: number;
  scoreIsFinal: boolean;
  textsReady: boolean;
  availabilityReady: boolean;
  // No analysis text: the order can still change, and the text would then belong to a locked teaser.
};

export type PendingView = {
  id: string;
  createdAt: Date;
  input: SavedRecommendationInput;
  understood: ReturnType<typeof summariseRequirements> | null;
  startedAt: number;
  cars: PendingCar[] | null;
};

/** Ranked by final score only once every availability is known, so ranks never contradict the scores. */
export function toPendingView(job: RecommendationJob, progress: JobProgress | null): PendingView {
  const entries = progress?.cars ?? null;
  let cars: PendingCar[] | null = null;
  if (entries) {
    const allKnown = entries.length > 0 && entries.every((entry) => entry.availability !== null);
    const scored = entries.map((entry, index) => {
      const { availability, suggestion } = entry;
      const finalScore =
        allKnown && availability
          ? scoreBreakdown(suggestion.ratings.overall, availability.status === "known" ? availability.adCount : null, {
              checked: availability.status !== "unchecked",
            }).finalScore
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
    understood: job.requirements ? understoodOf(job.requirements, job.input.description) : null,
    startedAt: progress?.startedAt ?? job.createdAt.getTime(),
    cars,
  };
}

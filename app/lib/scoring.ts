import { formatNumber, formatScore } from "#app/lib/format";
import { modelFamilyOf, spreadFamilies } from "#app/lib/model-family";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { ScoreBreakdown } from "#app/lib/saved-recommendation";

/** In tenths, so 0.7 × 85 never becomes 59.49999… and rounding stays half up. */
export const SCORE_WEIGHT_TENTHS = { overall: 7, availability: 3 } as const;

export const AVAILABILITY_BANDS = [
  { maxAds: 0, points: 0 },
  { maxAds: 2, points: 20 },
  { maxAds: 5, points: 60 },
  { maxAds: Number.POSITIVE_INFINITY, points: 90 },
] as const;

/** A failed lookup (null) scores 0. */
export function availabilityScore(adCount: number | null): number {
  if (adCount === null || !Number.isFinite(adCount) || adCount <= 0) return 0;
  return AVAILABILITY_BANDS.find((band) => adCount <= band.maxAds)?.points ?? 0;
}

export function finalScore(overall: number, availability: number): number {
  return Math.round(SCORE_WEIGHT_TENTHS.overall * overall + SCORE_WEIGHT_TENTHS.availability * availability) / 10;
}

export const weightText = (part: keyof typeof SCORE_WEIGHT_TENTHS) => formatScore(SCORE_WEIGHT_TENTHS[part] / 10);

export const weightPercent = (part: keyof typeof SCORE_WEIGHT_TENTHS) => `${formatNumber(SCORE_WEIGHT_TENTHS[part] * 10)}\u00a0%`;

export const FORMULA_TEXT = `${weightText("overall")} × bilens betyg + ${weightText("availability")} × tillgång`;

export const BANDS_TEXT = AVAILABILITY_BANDS.map((band, index) => {
  const from = index === 0 ? 0 : AVAILABILITY_BANDS[index - 1]!.maxAds + 1;
  if (index === 0) return `${formatNumber(band.maxAds)} annonser ger ${band.points}`;
  const range = Number.isFinite(band.maxAds)
    ? from === band.maxAds
      ? formatNumber(from)
      : `${formatNumber(from)}–${formatNumber(band.maxAds)}`
    : `fler än ${formatNumber(from - 1)}`;
  return `${range} ger ${band.points}`;
})
  .join(", ")
  .replace(/, ([^,]+)$/, " och $1");

/** Unchecked (the marketplace switched off): the final score is the car's own rating, never an invented availability. */
export function scoreBreakdown(overall: number, adCount: number | null, options: { checked?: boolean } = {}): ScoreBreakdown {
  if (options.checked === false) return { overall, adCount: null, availabilityScore: 0, finalScore: Math.round(overall * 10) / 10, availabilityChecked: false };
  const availability = availabilityScore(adCount);
  return { overall, adCount, availabilityScore: availability, finalScore: finalScore(overall, availability) };
}

type Scored = { ratings: { rank: number; finalScore: number }; carMake?: string; carModel?: string };

/** By the rounded score the pages show (ties keep the AI's order), three models first: a second generation waits below them. */
export function rankByFinalScore<T extends Scored>(cars: readonly T[], favouredMakes: readonly string[] = []): T[] {
  const sorted = cars
    .map((car, index) => ({ car, index }))
    .sort((a, b) => b.car.ratings.finalScore - a.car.ratings.finalScore || a.car.ratings.rank - b.car.ratings.rank || a.index - b.index)
    .map(({ car }) => car);
  const family = (car: T) => (car.carMake && car.carModel ? modelFamilyOf(car.carMake, car.carModel) : `${car.ratings.rank}`);
  const make = (car: T) => (car.carMake && !favouredMakes.includes(car.carMake) ? car.carMake : null);
  return spreadFamilies(sorted, family, 3, make).map((car, position) => ({ ...car, ratings: { ...car.ratings, rank: position + 1 } }));
}

/** The makes a buyer required, preferred or named a model of may fill the first three. */
export function favouredMakesOf(
  req: Pick<BuyerRequirements, "preferredMakes" | "namedModels"> & { hard: Pick<BuyerRequirements["hard"], "requiredMakes"> },
): string[] {
  return [...req.hard.requiredMakes, ...req.preferredMakes, ...req.namedModels.map((key) => key.split("|")[0]!)];
}

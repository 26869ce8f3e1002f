import { formatNumber, formatScore } from "#app/lib/format";
import type { ScoreBreakdown } from "#app/lib/saved-recommendation";

/**
 * Pure scoring, no I/O. Availability comes from the number of matching ads; the final score blends
 * it with the AI's overall rating: finalScore = 0.7 × overall + 0.3 × availability.
 *
 * Rounding: the final score is rounded to one decimal, half up, computed in integer tenths
 * (7 × overall + 3 × availability) so 0.7 × 85 never turns into 59.49999…. The list is ordered by
 * that rounded value, the one pages show, so what the buyer sees and the order always agree.
 */

/** Weights in tenths, so the arithmetic stays in integers for integer inputs. */
export const SCORE_WEIGHT_TENTHS = { overall: 7, availability: 3 } as const;

/** Availability points by the number of matching ads: up to `maxAds` ads give `points`. */
const AVAILABILITY_BANDS = [
  { maxAds: 0, points: 0 },
  { maxAds: 2, points: 20 },
  { maxAds: 5, points: 60 },
  { maxAds: Number.POSITIVE_INFINITY, points: 90 },
] as const;

/** none or no result (lookup failed) → 0, then by AVAILABILITY_BANDS. */
export function availabilityScore(adCount: number | null): number {
  if (adCount === null || !Number.isFinite(adCount) || adCount <= 0) return 0;
  return AVAILABILITY_BANDS.find((band) => adCount <= band.maxAds)?.points ?? 0;
}

export function finalScore(overall: number, availability: number): number {
  return Math.round(SCORE_WEIGHT_TENTHS.overall * overall + SCORE_WEIGHT_TENTHS.availability * availability) / 10;
}

/** A weight as the pages write it: 7 tenths → "0,7". */
export const weightText = (part: keyof typeof SCORE_WEIGHT_TENTHS) => formatScore(SCORE_WEIGHT_TENTHS[part] / 10);

/** A weight as a share: 7 tenths → "70 %". */
export const weightPercent = (part: keyof typeof SCORE_WEIGHT_TENTHS) => `${formatNumber(SCORE_WEIGHT_TENTHS[part] * 10)}\u00a0%`;

/** "0,7 × bilens betyg + 0,3 × tillgång" */
export const FORMULA_TEXT = `${weightText("overall")} × bilens betyg + ${weightText("availability")} × tillgång`;

/** "0 annonser ger 0, 1–2 ger 20, 3–5 ger 60 och fler än 5 ger 90" */
export const BANDS_TEXT = AVAILABILITY_BANDS.map((band, index) => {
  const from = index === 0 ? 0 : AVAILABILITY_BANDS[index - 1]!.maxAds + 1;
  if (index === 0) return `${formatNumber(band.maxAds)} annonser ger ${band.points}`;
  const range = Number.isFinite(band.maxAds) ? (from === band.maxAds ? formatNumber(from) : `${formatNumber(from)}–${formatNumber(band.maxAds)}`) : `fler än ${formatNumber(from - 1)}`;
  return `${range} ger ${band.points}`;
}).join(", ").replace(/, ([^,]+)$/, " och $1");

/** Every raw input and result of one car's score, for the page's breakdown. */
export function scoreBreakdown(overall: number, adCount: number | null): ScoreBreakdown {
  const availability = availabilityScore(adCount);
  return { overall, adCount, availabilityScore: availability, finalScore: finalScore(overall, availability) };
}

type Scored = { ratings: { rank: number; finalScore: number } };

/**
 * Orders cars by `ratings.finalScore` (highest first; ties keep the AI's order, i.e. the incoming
 * `ratings.rank`) and renumbers ranks 1..N. Pure: returns new objects, everything else on each car
 * (its score breakdown, availability) is kept as it was.
 */
export function rankByFinalScore<T extends Scored>(cars: readonly T[]): T[] {
  return cars
    .map((car, index) => ({ car, index }))
    .sort(
      (a, b) =>
        b.car.ratings.finalScore - a.car.ratings.finalScore ||
        a.car.ratings.rank - b.car.ratings.rank ||
        a.index - b.index,
    )
    .map(({ car }, position) => ({ ...car, ratings: { ...car.ratings, rank: position + 1 } }));
}

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
const OVERALL_TENTHS = 7;
const AVAILABILITY_TENTHS = 3;

/** none or no result (lookup failed) → 0, 1–2 → 20, 3–5 → 60, more than 5 → 90. */
export function availabilityScore(adCount: number | null): number {
  if (adCount === null || !Number.isFinite(adCount) || adCount <= 0) return 0;
  if (adCount <= 2) return 20;
  if (adCount <= 5) return 60;
  return 90;
}

export function finalScore(overall: number, availability: number): number {
  return Math.round(OVERALL_TENTHS * overall + AVAILABILITY_TENTHS * availability) / 10;
}

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

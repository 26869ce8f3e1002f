import { formatScore } from "#app/lib/format";
import type { ScoreBreakdown } from "#app/lib/saved-recommendation";
import { availabilityScore, weightText } from "#app/lib/scoring";

// Apart from scoring.ts so the landing page, which imports a weight from there, ships none of this.

/** The first band the car's own rating (0–100) reaches. */
const MATCH_WORDS = [
  { min: 85, words: "mycket bra" },
  { min: 70, words: "bra" },
  { min: 55, words: "godkänt" },
  { min: 0, words: "svagt" },
] as const;

export const AVAILABILITY_WORDS: Record<number, string> = { 0: "inga annonser", 20: "få annonser", 60: "några annonser", 90: "gott om annonser" };

export function scoreInWords(score: { overall: number; adCount: number | null; availabilityChecked?: false | undefined }): string {
  // The band is the car's own rating, not the final score the list is ordered by, or 57,6 "bra" beside 74,3 "godkänt" reads as a contradiction.
  const match = `bilens eget betyg är ${MATCH_WORDS.find((band) => score.overall >= band.min)?.words ?? "svagt"} (${formatScore(score.overall)} av 100)`;
  if (score.availabilityChecked === false) return `${match}, annonser kontrolleras inte`;
  if (score.adCount === null) return `${match}, tillgång okänd`;
  return `${match}, ${AVAILABILITY_WORDS[availabilityScore(score.adCount)] ?? "okänd tillgång"}`;
}

export function formulaWithNumbers(score: ScoreBreakdown): string {
  if (score.availabilityChecked === false)
    return `${formatScore(score.finalScore)} = bilens betyg ${formatScore(score.overall)}, eftersom annonser inte kontrolleras just nu`;
  return `${formatScore(score.finalScore)} = ${weightText("overall")} × ${formatScore(score.overall)} + ${weightText("availability")} × ${formatScore(score.availabilityScore)}`;
}

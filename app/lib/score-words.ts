import { formatScore } from "#app/lib/format";
import type { ScoreBreakdown } from "#app/lib/saved-recommendation";
import { availabilityScore, weightText } from "#app/lib/scoring";

// Apart from scoring.ts so the landing page, which imports a weight from there, ships none of this.

/** The first band the car's own rating (0–100) reaches. */
const MATCH_WORDS = [
  { min: 85, words: "mycket bra match" },
  { min: 70, words: "bra match" },
  { min: 55, words: "godkänd match" },
  { min: 0, words: "svag match" },
] as const;

export const AVAILABILITY_WORDS: Record<number, string> = { 0: "inga annonser", 20: "få annonser", 60: "några annonser", 90: "gott om annonser" };

export function scoreInWords(score: { overall: number; adCount: number | null; availabilityChecked?: false | undefined }): string {
  // The band is the car's own rating, not the final score the list is ordered by: "som bil" says so, or 57,6 "bra" beside 74,3 "godkänd" reads as a contradiction.
  const match = `som bil ${MATCH_WORDS.find((band) => score.overall >= band.min)?.words ?? "svag match"}`;
  if (score.availabilityChecked === false) return `${match}, annonser kontrolleras inte`;
  if (score.adCount === null) return `${match}, tillgång okänd`;
  return `${match}, ${AVAILABILITY_WORDS[availabilityScore(score.adCount)] ?? "okänd tillgång"}`;
}

export function formulaWithNumbers(score: ScoreBreakdown): string {
  if (score.availabilityChecked === false)
    return `${formatScore(score.finalScore)} = bilens betyg ${formatScore(score.overall)}, eftersom annonser inte kontrolleras just nu`;
  return `${formatScore(score.finalScore)} = ${weightText("overall")} × ${formatScore(score.overall)} + ${weightText("availability")} × ${formatScore(score.availabilityScore)}`;
}

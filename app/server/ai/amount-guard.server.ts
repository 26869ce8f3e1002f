import type { BuyerRequirements } from "#app/lib/requirements";
import type { Candidate } from "#app/server/advice/candidates.server";
import type { CarTexts } from "#app/server/advice/contracts.server";
import { filterSentences } from "#app/server/advice/text-guard.server";

// The shared text guard does not check amounts, and an invented kronor figure hurts most: such sentences go.

const AMOUNT = /(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)\s*(?:kr\b|kronor|:-|sek\b)/giu;

export function knownAmounts(candidate: Candidate, req: BuyerRequirements): number[] {
  const { window: w, costs } = candidate;
  return [
    w.priceFrom,
    w.priceTo,
    req.hard.maxPrice,
    costs.insurance,
    costs.tax,
    costs.fuel,
    costs.maintenance,
    costs.total,
    Math.round(costs.total / 12 / 10) * 10,
    ...(costs.taxIfRegisteredAfterJuly2018 !== undefined ? [costs.taxIfRegisteredAfterJuly2018] : []),
  ];
}

/** "cirka 4 300 kr" for 4 250 kr is a rounding, not an invention: 100 kr or 3 %, whichever is more. */
function matches(amount: number, known: readonly number[]): boolean {
  return known.some((value) => Math.abs(amount - value) <= Math.max(100, value * 0.03));
}

export function inventedAmount(sentence: string, known: readonly number[]): number | null {
  for (const match of sentence.matchAll(AMOUNT)) {
    const amount = Number((match[1] ?? "").replace(/[\s\u00a0\u202f]/gu, ""));
    if (Number.isFinite(amount) && !matches(amount, known)) return amount;
  }
  return null;
}

export function dropInventedAmounts(texts: CarTexts, candidate: Candidate, req: BuyerRequirements): { texts: CarTexts; dropped: string[] } {
  const known = knownAmounts(candidate, req);
  const dropped: string[] = [];
  const keep = (sentence: string) => {
    if (inventedAmount(sentence, known) === null) return true;
    dropped.push(sentence);
    return false;
  };
  return { texts: filterSentences(texts, keep), dropped };
}

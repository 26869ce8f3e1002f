import { variantShortName } from "#app/server/cars/catalogue.server";
import type { Candidate } from "./candidates.server";
import type { CardFacts } from "./fact-check/card-facts.server";
import { checkSentence } from "./fact-check/check-card.server";
import { contradiction } from "./text-guard.server";

// When an engine's name would read as a claim about this car ("AWD" on a front-wheel-drive card), the line names no engines.

const MAX_NAMED = 3;

const years = (candidate: Candidate) =>
  candidate.window.yearFrom === candidate.window.yearTo ? `${candidate.window.yearTo}` : `${candidate.window.yearFrom}–${candidate.window.yearTo}`;

function joinSwedish(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} och ${items.at(-1)}`;
}

export function otherVariantsLine(candidate: Candidate, others: readonly Candidate[], facts: CardFacts): string | null {
  if (others.length === 0) return null;
  const model = `${candidate.variant.make} ${candidate.variant.model}`;
  const named = others.slice(0, MAX_NAMED).map((other) => `${variantShortName(other.variant)} ${other.variant.generation} (${years(other)})`);
  const more = others.length > MAX_NAMED ? ` och ${others.length - MAX_NAMED} till` : "";
  const detailed = `${model} finns också som ${joinSwedish(named)}${more}, som också klarar dina krav.`;
  const safe = (sentence: string) => contradiction(sentence, candidate.variant) === null && checkSentence(sentence, facts) === null;
  if (safe(detailed)) return detailed;
  const plain =
    others.length === 1
      ? `Ett utförande till av ${model} klarar också dina krav: sök på modellen för att se det.`
      : `Fler utföranden av ${model} klarar också dina krav: sök på modellen för att se de andra.`;
  return safe(plain) ? plain : null;
}

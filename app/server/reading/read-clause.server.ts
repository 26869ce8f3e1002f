import { eitherOrSpans } from "./alternatives.server";
import { MAKE_VOCABULARY } from "./makes.server";
import { compileLexicon, findMatches, type Match } from "./match.server";
import { MARKERS, type Marker } from "./markers.server";
import type { ClauseReading } from "./modality.server";
import { readQuantities } from "./numbers.server";
import type { Token } from "./tokenize.server";
import { CAR_CONCEPTS, type Concept } from "./vocabulary.server";
import { WISH_CONCEPTS } from "./wishes.server";

type Meaning = Marker | Concept;

const LEXICON = compileLexicon<Meaning>([...MARKERS, ...CAR_CONCEPTS, ...WISH_CONCEPTS, ...MAKE_VOCABULARY]);

const isMarker = (match: Match<Meaning>): match is Match<Marker> => match.meaning.kind === "marker";
const isConcept = (match: Match<Meaning>): match is Match<Concept> => match.meaning.kind !== "marker";

/** Quantities first (their units are theirs), then the vocabulary over the words left. */
export function readClause(tokens: readonly Token[], recognised = new Set<Token>()): ClauseReading<Concept> {
  const quantities = readQuantities(tokens);
  const taken = new Set<number>();
  for (const quantity of quantities) for (let index = quantity.index; index <= quantity.end; index++) taken.add(index);
  const matches = findMatches(LEXICON, tokens, (index) => !taken.has(index));
  for (const index of [...taken, ...matches.flatMap((match) => range(match.start, match.end))]) {
    const token = tokens[index];
    if (token !== undefined) recognised.add(token);
  }
  const concepts = matches.filter(isConcept);
  const eitherOr = eitherOrSpans(tokens, quantities, concepts);
  return { tokens, quantities, concepts, markers: matches.filter(isMarker), ...(eitherOr.length > 0 ? { eitherOr } : {}) };
}

function range(start: number, end: number): number[] {
  return Array.from({ length: end - start }, (_, offset) => start + offset);
}

import type { NotedItem } from "#app/lib/requirements";
import { isCommonWord } from "./common-words.server";
import type { MarkerKind } from "./markers.server";
import type { ClauseReading } from "./modality.server";
import { quote, type Token } from "./tokenize.server";

/** A clause stating a need the reader has no words for ("måste in i vårt lilla garage"): noted in the buyer's words; it steers nothing. */
const WANTING = new Set([
  "vill",
  "ville",
  "behöver",
  "behövs",
  "måste",
  "ska",
  "skall",
  "söker",
  "letar",
  "önskar",
  "gärna",
  "helst",
  "hellre",
  "slippa",
  "slipper",
  "bör",
  "borde",
  "kunna",
  "krav",
  "viktigt",
  "want",
  "need",
  "needs",
  "must",
  "prefer",
  "would",
  "bonus",
  "plus",
]);
const STATED: ReadonlySet<MarkerKind> = new Set<MarkerKind>(["must", "shall", "hedge", "hedgeAfter", "stress"]);
const CONTEXT: ReadonlySet<MarkerKind> = new Set<MarkerKind>(["ownership", "ownershipVerb", "reported", "notMeaning", "familyGone"]);
/** Talk about choosing ("behöver hjälp att tänka", "va ska ja välja", "annars e vi flexibla") is no need of the car's. */
const ABOUT_CHOOSING = /^(hjälp|välja|väljer|tips|råd|tänka|undrar|fundera\p{L}*|öppen|öppna|flexibl\p{L}*|kräsen|kräsna|help|choose|advice)$/u;
const LEADING = new Set(["och", "o", "å", "men", "fast", "sen", "så", "eller", "and", "but", "also", "också"]);
const NEGATIONS = new Set(["inte", "int", "ente", "ej", "ingen", "inget", "inga", "aldrig", "slippa", "slipper", "not", "no", "never"]);
const HEDGES = new Set(["gärna", "helst", "hellre", "prefer", "bonus", "plus", "would"]);

/** Longer clauses are stories more often than needs; an unknown word is one neither read nor common. */
export interface UnreadLimits {
  maxTokens: number;
  minUnknown: number;
}

/** Chosen by 5-fold cross-validation on the corpus's development part (scripts/cv-unread-notes.ts); mutable only for that script. */
export const UNREAD_LIMITS: UnreadLimits = { maxTokens: 12, minUnknown: 1 };

const unknownWord = (token: Token, recognised: ReadonlySet<Token>) =>
  token.number === undefined && /\p{L}{3,}/u.test(token.norm) && !recognised.has(token) && !isCommonWord(token.norm);

function lead(tokens: readonly Token[]): string {
  if (tokens.some((token) => NEGATIONS.has(token.norm))) return tokens.some((token) => HEDGES.has(token.norm)) ? "Helst inte: " : "Inte: ";
  return tokens.some((token) => HEDGES.has(token.norm)) ? "Gärna: " : "";
}

export function notedUnread(
  readings: readonly ClauseReading<{ kind: string }>[],
  recognised: ReadonlySet<Token>,
  description: string,
  taken: readonly NotedItem[],
  limits: UnreadLimits = UNREAD_LIMITS,
): NotedItem[] {
  const items: NotedItem[] = [];
  const seen = taken.map((item) => item.quote ?? "").filter((words) => words.length > 0);
  for (const reading of readings) {
    const { tokens } = reading;
    if (tokens.length === 0 || tokens.length > limits.maxTokens) continue;
    if (reading.quantities.length > 0 || reading.concepts.some((concept) => concept.meaning.kind !== "neutral")) continue;
    if (reading.markers.some((marker) => CONTEXT.has(marker.meaning.marker))) continue;
    const stated = tokens.some((token) => WANTING.has(token.norm)) || reading.markers.some((marker) => STATED.has(marker.meaning.marker));
    if (tokens.some((token) => ABOUT_CHOOSING.test(token.norm))) continue;
    if (!stated || tokens.filter((token) => unknownWord(token, recognised)).length < limits.minUnknown) continue;
    let from = 0;
    while (from < tokens.length - 1 && LEADING.has(tokens[from]?.norm ?? "")) from++;
    const words = quote(description, tokens, from, tokens.length - 1);
    if (words.length < 3 || seen.some((other) => other.includes(words) || words.includes(other))) continue;
    seen.push(words);
    items.push({ text: `${lead(tokens)}"${words}"`, quote: words, steers: false });
  }
  return items;
}

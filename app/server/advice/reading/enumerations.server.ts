import type { Marker, MarkerKind } from "./markers.server";
import type { Match } from "./match.server";
import { SUBCLAUSE_JOINERS, type ClauseReading } from "./modality.server";
import type { Clause, Token } from "./tokenize.server";
import type { Concept } from "./vocabulary.server";

/**
 * Enumerations that run across commas. A comma usually starts a new statement, with its own
 * negation and hedges ("gärna Volvo, vi kör mycket", "inte diesel, bensin går bra"), so the
 * tokenizer ends a clause at every comma. A comma that continues a list of things of one kind
 * (makes and origins, fuels or bodies) that ends in "eller"/"och" and a last item does not:
 * "gärna Volvo, Toyota eller Kia" prefers all three, "ingen diesel, bensin eller etanol" refuses
 * all three, and "japansk, koreansk eller tysk bil" names three origins. Such a list is one
 * mention: the markers around it, before its first item or after its last, govern every item.
 */

type Kind = "make" | "fuel" | "body";

/** Makes, models and origins are one kind ("Volvo, tysk eller japansk"). */
function kindOf(concept: Concept): Kind | undefined {
  switch (concept.kind) {
    case "make":
    case "model":
    case "origin":
      return "make";
    case "fuel":
      return "fuel";
    case "body":
      return "body";
    default:
      return undefined;
  }
}

/** A list: token indices of its first item's start and one past its last item, and its commas. */
export interface Enumeration {
  start: number;
  end: number;
  commas: readonly number[];
}

const isComma = (token: Token | undefined): boolean => token?.norm === ",";

const CONJUNCTIONS = new Set(["eller", "och", "samt", "or", "and", "nor"]);
const ARTICLES = new Set(["en", "ett", "a", "an"]);
/** "el." abbreviates "eller". */
const isConjunction = (token: Token | undefined): boolean =>
  token !== undefined && (CONJUNCTIONS.has(token.norm) || (token.norm === "el" && token.dotAfter));

/**
 * The lists in `tokens` that run across a kept comma ("Volvo , Toyota eller Kia", "Volvo ,
 * Toyota , or Kia"): items of one kind, each perhaps after an article, parted by commas, the
 * last by a conjunction. A list that already ended in a conjunction before the comma does not
 * run on: "ingen diesel eller bensin, el eller laddhybrid" is two statements.
 */
export function findEnumerations(tokens: readonly Token[], concepts: readonly Match<Concept>[]): Enumeration[] {
  const itemAt = (position: number, kind: Kind): Match<Concept> | undefined => {
    const at = (index: number) => concepts.find((match) => match.start === index && kindOf(match.meaning) === kind);
    return at(position) ?? (ARTICLES.has(tokens[position]?.norm ?? "") ? at(position + 1) : undefined);
  };
  const lists: Enumeration[] = [];
  for (let comma = 0; comma < tokens.length; comma++) {
    if (!isComma(tokens[comma])) continue;
    const head = concepts.find((match) => match.end === comma && kindOf(match.meaning) !== undefined);
    const kind = head === undefined ? undefined : kindOf(head.meaning);
    if (head === undefined || kind === undefined) continue;
    const beforeHead = ARTICLES.has(tokens[head.start - 1]?.norm ?? "") ? head.start - 2 : head.start - 1;
    if (isConjunction(tokens[beforeHead])) continue;

    const commas = [comma];
    let end: number | undefined;
    for (let position = comma + 1; ;) {
      // "Volvo, Toyota, or Kia": the last comma before the conjunction.
      if (isConjunction(tokens[position])) {
        end = itemAt(position + 1, kind)?.end;
        break;
      }
      const item = itemAt(position, kind);
      if (item === undefined) break;
      if (isComma(tokens[item.end])) {
        commas.push(item.end);
        position = item.end + 1;
        continue;
      }
      if (isConjunction(tokens[item.end])) end = itemAt(item.end + 1, kind)?.end;
      break;
    }
    if (end === undefined) continue;
    lists.push({ start: head.start, end, commas });
    comma = end - 1;
  }
  return lists;
}

/** Markers that give a statement its own strength or polarity. */
// prettier-ignore
const GOVERNING: ReadonlySet<MarkerKind> = new Set<MarkerKind>([
  "negation", "negationAfter", "dislike", "dislikeAfter", "hedge", "hedgeAfter", "must", "shall", "indifference",
  "acceptable", "comparison", "comparisonAfter",
]);

/**
 * A list governed before its first item and again after its last is two statements: "inte
 * diesel, bensin eller hybrid går bra" refuses diesel and lets the others be. Before: from the
 * comma, if any, that opens the first item's part. After: up to the next comma or joining word
 * ("ingen diesel, bensin eller etanol och måste ha automat": the "måste" is the automatic's).
 */
function governedTwice(reading: ClauseReading<Concept>, list: Enumeration): boolean {
  const { tokens, markers } = reading;
  let from = list.start;
  while (from > 0 && !isComma(tokens[from - 1])) from--;
  let to = list.end;
  while (to < tokens.length && !isComma(tokens[to]) && !SUBCLAUSE_JOINERS.has(tokens[to]?.norm ?? "")) to++;
  const governing = (marker: Match<Marker>) => GOVERNING.has(marker.meaning.marker);
  const before = markers.some((marker) => governing(marker) && marker.start >= from && marker.end <= list.start);
  const after = markers.some((marker) => governing(marker) && marker.start >= list.end && marker.start < to);
  return before && after;
}

/**
 * The clauses to read: runs of clauses parted by lone commas are read together once, to find the
 * lists among them (an origin word needs its neighbours across the comma to count: "japansk,
 * koreansk eller tysk bil"), then split again at every comma that does not continue a list. The
 * commas kept stay in the tokens, so the list's items are still told apart.
 */
export function joinEnumerations(
  clauses: readonly Clause[],
  read: (tokens: readonly Token[]) => ClauseReading<Concept>,
): Token[][] {
  const joined: Token[][] = [];
  let run: Token[] = [];
  const flush = () => {
    if (run.length > 0) joined.push(...splitRun(run, read));
    run = [];
  };
  for (const clause of clauses) {
    if (clause.comma === undefined) flush();
    else run.push(clause.comma);
    run.push(...clause.tokens);
  }
  flush();
  return joined;
}

function splitRun(run: readonly Token[], read: (tokens: readonly Token[]) => ClauseReading<Concept>): Token[][] {
  if (!run.some(isComma)) return [[...run]];
  const reading = read(run);
  const kept = new Set<number>();
  for (const list of findEnumerations(reading.tokens, reading.concepts))
    if (!governedTwice(reading, list)) for (const comma of list.commas) kept.add(comma);
  const parts: Token[][] = [[]];
  run.forEach((token, index) => {
    if (isComma(token) && !kept.has(index)) parts.push([]);
    else parts.at(-1)?.push(token);
  });
  return parts.filter((part) => part.length > 0);
}

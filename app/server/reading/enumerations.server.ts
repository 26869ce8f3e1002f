import type { Marker, MarkerKind } from "./markers.server";
import type { Match } from "./match.server";
import { SUBCLAUSE_JOINERS, type ClauseReading } from "./modality.server";
import type { Clause, Token } from "./tokenize.server";
import type { Concept } from "./vocabulary.server";

// A comma usually starts a new statement ("gärna Volvo, vi kör mycket"), but a list of one kind ending in
// "eller"/"och" runs across it: "gärna Volvo, Toyota eller Kia" is one mention, governed as a whole.

type Kind = "make" | "fuel" | "body";

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

export interface Enumeration {
  start: number;
  end: number;
  commas: readonly number[];
}

const isComma = (token: Token | undefined): boolean => token?.norm === ",";

const CONJUNCTIONS = new Set(["eller", "och", "samt", "or", "and", "nor"]);
const ARTICLES = new Set(["en", "ett", "a", "an"]);
/** "el." abbreviates "eller". */
const isConjunction = (token: Token | undefined): boolean => token !== undefined && (CONJUNCTIONS.has(token.norm) || (token.norm === "el" && token.dotAfter));

/** A list that ended in a conjunction before the comma does not run on: "ingen diesel eller bensin, el eller laddhybrid". */
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

// prettier-ignore
const GOVERNING: ReadonlySet<MarkerKind> = new Set<MarkerKind>([
  "negation", "negationAfter", "dislike", "dislikeAfter", "hedge", "hedgeAfter", "must", "shall", "indifference",
  "acceptable", "acceptableBefore", "comparison", "comparisonAfter",
]);

/** Governed both before its first item and after its last, a list is two statements ("inte diesel, bensin eller hybrid går bra"). */
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

/** Clauses parted by lone commas are read together to find lists (origins need their neighbours), then split at the other commas. */
export function joinEnumerations(clauses: readonly Clause[], read: (tokens: readonly Token[]) => ClauseReading<Concept>): Token[][] {
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

/** "varken mg, byd, nio eller volvo": every comma between "varken" and its "eller" is inside the one refused list, whatever the items are. */
function neitherListCommas(run: readonly Token[]): number[] {
  const commas: number[] = [];
  let open = false;
  run.forEach((token, index) => {
    if (token.norm === "varken" || token.norm === "neither") open = true;
    else if (token.norm === "eller" || token.norm === "nor" || token.sentenceStart) open = false;
    else if (open && isComma(token)) commas.push(index);
  });
  return commas;
}

function splitRun(run: readonly Token[], read: (tokens: readonly Token[]) => ClauseReading<Concept>): Token[][] {
  if (!run.some(isComma)) return [[...run]];
  const reading = read(run);
  const kept = new Set<number>();
  for (const list of findEnumerations(reading.tokens, reading.concepts)) if (!governedTwice(reading, list)) for (const comma of list.commas) kept.add(comma);
  for (const comma of neitherListCommas(run)) kept.add(comma);
  const parts: Token[][] = [[]];
  run.forEach((token, index) => {
    if (isComma(token) && !kept.has(index)) parts.push([]);
    else parts.at(-1)?.push(token);
  });
  return parts.filter((part) => part.length > 0);
}

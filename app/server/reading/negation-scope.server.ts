import type { Match } from "./match.server";
import type { Token } from "./tokenize.server";

interface Scoped {
  tokens: readonly Token[];
  concepts: readonly Match<unknown>[];
  markers: readonly Match<unknown>[];
}

export const IF_WORDS = new Set(["om", "if"]);
export const CONCESSIVES = new Set(["även", "trots", "fast", "fastän", "although", "though"]);
const coveringAt = <T>(matches: readonly Match<T>[], index: number) => matches.find((match) => match.start <= index && index < match.end);
const kindAt = (reading: Scoped, index: number) => (coveringAt(reading.concepts, index)?.meaning as { kind?: string } | undefined)?.kind;
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, offset) => from + offset);

const DEGREE_WORDS = new Set(["för", "alltför", "så", "överdrivet", "too", "so"]);
const REFUSABLE_KINDS = new Set(["fuel", "body", "size", "make", "origin", "model", "awd", "gearbox", "thirdRow", "towing"]);

/** Words of amount between a negation and its thing ("en massa skärmar", "för många knappar"). */
export const AMOUNT_WORDS = new Set([
  "massa",
  "massor",
  "mycket",
  "många",
  "flera",
  "fler",
  "stora",
  "stor",
  "hel",
  "del",
  "drös",
  "massvis",
  "tusen",
  "lots",
  "many",
  "much",
  "big",
]);
const CAUSE_WORDS = new Set(["med", "me", "with"]);

/** "inte för låg insteg", "inte alltför dålig sikt": the negation is of the degree, so a need named after it is wished as it is. */
export function negatesDegree(reading: Scoped, negationEnd: number, start: number): boolean {
  const kind = kindAt(reading, start);
  if (kind !== undefined && REFUSABLE_KINDS.has(kind)) return false;
  const degree = reading.tokens.findIndex((token, index) => index >= negationEnd && index < start && DEGREE_WORDS.has(token.norm));
  if (degree < 0) return false;
  // "inte för många skärmar", "inte för krånglig med massa skärmar": too much of the thing, so the thing is refused.
  const norm = (index: number) => reading.tokens[index]?.norm ?? "";
  if (AMOUNT_WORDS.has(norm(start - 1)) || range(degree + 1, start).some((index) => CAUSE_WORDS.has(norm(index)))) return false;
  const plain = (index: number) => coveringAt(reading.markers, index) === undefined && coveringAt(reading.concepts, index) === undefined;
  return range(degree + 1, start).some(plain);
}

/** "inget fel på en kombi", "kombi skadar inte" lean (litotes); "utesluter inte diesel", "en kia är inte otänkbar" allow. */
const NEGATED_WORDS = {
  fault: {
    word: /^(fel|dum|dumt|dåligt|dålig|illa|tokigt|galet|fy|problem|problemet|skadar|skada|skadat|emot|wrong|bad|harm|hurts?)$/u,
    kinds: new Set([...REFUSABLE_KINDS, "wish"]),
  },
  rulingOut: {
    word: /^(uteslut\p{L}*|omöjlig\p{L}*|otänkbar\p{L}*|bannlys\p{L}*|förbjud\p{L}*|borta|stänger|stängd|ratar|dissar|avfärdar|stryker|struken|rule|rules|ruled)$/u,
    kinds: REFUSABLE_KINDS,
  },
} as const;
const NOTS = new Set(["inte", "int", "ej", "inget", "ingen", "inga", "aldrig", "not", "no", "never"]);
const DEGREE_FILLERS = new Set(["så", "helt", "alls", "direkt", "heller", "riktigt"]);
const LINKING_VERBS = new Set(["suttit", "sitta", "sitter", "satt", "varit", "vara", "va", "vore", "bli", "blir", "blivit", "kännas", "känns", "kännts"]);
const NEAR = 4;

/** A negation beside such a word, close to the mention and not across a condition or a concession. */
export function negatedWordNear(reading: Scoped, start: number, end: number, [from, to]: [number, number], which: keyof typeof NEGATED_WORDS): boolean {
  const { word, kinds } = NEGATED_WORDS[which];
  const kind = kindAt(reading, start);
  if (kind !== undefined && !kinds.has(kind)) return false;
  const norm = (index: number) => reading.tokens[index]?.norm ?? "";
  const is = (index: number) => word.test(norm(index)) && coveringAt(reading.concepts, index) === undefined;
  const apart = (a: number, b: number) => range(a, b).some((index) => CONCESSIVES.has(norm(index)) || IF_WORDS.has(norm(index)));
  for (let index = from; index < to; index++) {
    if (!NOTS.has(norm(index))) continue;
    let next = index + 1;
    while (next - index <= 2 && (DEGREE_FILLERS.has(norm(next)) || LINKING_VERBS.has(norm(next)))) next++;
    const other = is(next) ? next : is(index - 1) ? index - 1 : undefined;
    if (other === undefined) continue;
    const [first, last] = [Math.min(index, other), Math.max(index, other)];
    if (last < start ? start - last <= NEAR && !apart(last, start) : first >= end && first - end <= NEAR && !apart(end, first)) return true;
  }
  return false;
}

const CLOSING_NOTS = new Set(["inte", "int", "ej", "aldrig", "nej", "icke", "not", "never"]);
const CLOSING_TAILS = new Set(["tack", "i", "livet", "nånsin", "någonsin", "igen", "mer", "!", "ever"]);

/** "elbil blir det aldrig", "diesel tänker jag inte köpa": the thing put first, then a verb and its subject before the negation. */
const FRONTED_VERBS = /^(blir|bli|är|e|vill|ska|skall|kommer|tänker|köper|tar|skaffar|väljer|orkar|kör)$/u;
const FRONTED_SUBJECTS = new Set(["det", "de", "dom", "jag", "ja", "vi", "man", "du", "it", "i", "we"]);
const FRONTED_ADVERBS = new Set(["nog", "ju", "absolut", "definitivt", "garanterat", "säkert", "helt", "verkligen", "då", "nu", "heller"]);
const FRONTED_TAILS = /^(ha|köpa|bli|ta|skaffa|välja|köra|tal|om|fråga|snack|aktuellt|aktuell|på|kartan)$/u;

/** "Elbil absolut inte", "automat, inte", "diesel aldrig i livet": a bare negation right after the thing, closing its part, refuses it. */
export function closingNegation(reading: Scoped, end: number): boolean {
  const norm = (index: number) => reading.tokens[index]?.norm ?? "";
  let index = end;
  while (norm(index) === "," || (coveringAt(reading.markers, index)?.meaning as { marker?: string } | undefined)?.marker === "stress") index++;
  const fronted = FRONTED_VERBS.test(norm(index)) && FRONTED_SUBJECTS.has(norm(index + 1));
  if (fronted) for (index += 2; FRONTED_ADVERBS.has(norm(index)); index++);
  if (!CLOSING_NOTS.has(norm(index))) return false;
  const marker = coveringAt(reading.markers, index)?.meaning as { marker?: string } | undefined;
  if (marker !== undefined && marker.marker !== "negation" && marker.marker !== "negationAfter") return false;
  for (index++; index < reading.tokens.length && norm(index) !== ","; index++)
    if (!CLOSING_TAILS.has(norm(index)) && !(fronted && FRONTED_TAILS.test(norm(index)))) return false;
  return true;
}

const CLEFT_HEADS = new Set(["det", "de", "vad", "den", "that", "what"]);
const CLEFT_FILLERS = new Set(["enda", "som", "only"]);
const CLEFT_SUBJECTS = new Set(["jag", "ja", "vi", "man", "i", "we"]);
const COPULAS = new Set(["är", "e", "blir", "va", "vore", "is", "would"]);
const CLEFT_REACH = 6;

/** "det jag inte vill ha e nåt lågt": a negative pseudo-cleft refuses all after its copula; returns where the negation stands. */
export function cleftNegation(reading: Scoped, start: number): number | undefined {
  const norm = (index: number) => reading.tokens[index]?.norm ?? "";
  for (let head = 0; head < start; head++) {
    if (!CLEFT_HEADS.has(norm(head)) || (head > 0 && norm(head - 1) !== "," && !CONCESSIVES.has(norm(head - 1)) && norm(head - 1) !== "men")) continue;
    let at = head + 1;
    while (CLEFT_FILLERS.has(norm(at))) at++;
    if (!CLEFT_SUBJECTS.has(norm(at))) continue;
    let negation = at + 1;
    while (FRONTED_ADVERBS.has(norm(negation))) negation++;
    if (!NOTS.has(norm(negation))) continue;
    const copula = range(negation + 1, Math.min(start, negation + 1 + CLEFT_REACH)).find((index) => COPULAS.has(norm(index)));
    if (copula !== undefined) return negation;
  }
  return undefined;
}

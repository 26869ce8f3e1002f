import { eitherOrAround, type EitherOr } from "./alternatives.server";
import type { Match } from "./match.server";
import { OTHERS_POSSESSIVES, ownerBefore } from "./possessors.server";
import { OTHER_OWNERS, type Marker, type MarkerKind } from "./markers.server";
import type { Quantity } from "./numbers.server";
import { hardnessEvidence, sharedPartStart, type EvidenceReading } from "./hardness.server";
import { AMOUNT_WORDS, CONCESSIVES, IF_WORDS, cleftNegation, closingNegation, negatedWordNear, negatesDegree } from "./negation-scope.server";
import { vetoed } from "./tagger.server";
import type { Token } from "./tokenize.server";
import type { Modality } from "./contracts.server";

export type { Modality };

export interface ClauseReading<C> {
  tokens: readonly Token[];
  quantities: readonly Quantity[];
  concepts: readonly Match<C>[];
  markers: readonly Match<Marker>[];
  answeredByNext?: boolean;
  /** Alternatives of different kinds ("7 säten eller 3 i bredd"): each leans, neither is required alone. */
  eitherOr?: readonly EitherOr[];
}

const NEGATION_WINDOW = 3;
const TRAILING_NEGATION_WINDOW = 6;
/** "inte för dyr och automat": the negation stops at "och". */
const NEGATION_STOPS = new Set(["och", "and", "som", "att", "that", "which", "samt"]);
const ALTERNATIVES = new Set(["eller", "or", "nor"]);
const ARTICLES = new Set(["en", "ett", "a", "an"]);
/** Where one statement ends and the next begins ("vi har en Volvo och vill ha en Toyota"): a verb of wanting opens it. */
export const SUBCLAUSE_JOINERS = new Set(["och", "samt", "mot", "till", "eftersom", "därför", "and", "because"]);
// prettier-ignore
export const SUBCLAUSE_OPENERS = new Set(["vill", "söker", "letar", "behöver", "önskar", "ska", "want", "need", "looking"]);
// prettier-ignore
const OWNERSHIP_FILLERS = new Set([
  "en", "ett", "a", "an", "nu", "idag", "redan", "just", "också", "now", "also", "currently", "nästan", "alla", "bara",
  "mest", "typ", "två", "flera", "all", "only", "mostly", "är", "gammal", "gamla", "gammalt", "alltid", "is", "always",
  "kört", "haft", "ägt", "driven", "had", "owned",
]);

function coveringAt<T>(matches: readonly Match<T>[], index: number): Match<T> | undefined {
  return matches.find((match) => match.start <= index && index < match.end);
}

function subclauseBounds(tokens: readonly Token[], start: number, end: number): [number, number] {
  let from = start;
  while (from > 0 && !SUBCLAUSE_JOINERS.has(tokens[from - 1]?.norm ?? "") && !SUBCLAUSE_OPENERS.has(tokens[from]?.norm ?? "")) from--;
  let to = end;
  while (to < tokens.length && !SUBCLAUSE_JOINERS.has(tokens[to]?.norm ?? "") && !SUBCLAUSE_OPENERS.has(tokens[to]?.norm ?? "")) to++;
  return [from, to];
}

interface Negation {
  start: number;
  dislike: boolean;
}

function sameKind<C>(reading: ClauseReading<C>, before: number, start: number): boolean {
  const kindOf = (index: number) => (coveringAt(reading.concepts, index)?.meaning as { kind?: string } | undefined)?.kind;
  const kind = kindOf(before);
  return kind !== undefined && kind === kindOf(start);
}

function negationBefore<C>(reading: ClauseReading<C>, start: number): Negation | undefined {
  let words = 0;
  for (let index = start - 1; index >= 0; index--) {
    const marker = coveringAt(reading.markers, index);
    if (marker !== undefined) {
      const kind = marker.meaning.marker;
      if (kind === "negation" && negatesDegree(reading, marker.end, start)) return undefined;
      if (kind === "negation" || kind === "dislike") return { start: marker.start, dislike: kind === "dislike" };
      if (kind === "indifference" || kind === "exception") return undefined;
      index = marker.start;
      continue;
    }
    const concept = coveringAt(reading.concepts, index);
    if (concept !== undefined) {
      index = concept.start;
      continue;
    }
    const norm = reading.tokens[index]?.norm ?? "";
    // "tröttnat på diesel och dieselfilter": two things of a kind joined by "och" share the refusal.
    if (norm === "och" && sameKind(reading, index - 1, start)) continue;
    if (NEGATION_STOPS.has(norm)) return undefined;
    if (ALTERNATIVES.has(norm) || norm === ",") continue;
    if (AMOUNT_WORDS.has(norm) || ARTICLES.has(norm)) continue;
    if (++words > NEGATION_WINDOW) return undefined;
  }
  return undefined;
}

function trailing<C>(reading: ClauseReading<C>, end: number, kind: MarkerKind): boolean {
  return reading.markers.some((marker) => marker.meaning.marker === kind && marker.start >= end && marker.start - end <= TRAILING_NEGATION_WINDOW);
}

/** "vore", "hade varit": the conditional hedges what it follows as well as what it precedes. */
const CONDITIONALS = new Set(["vore", "hade", "skulle", "would"]);

const OFFERED = /^(finns|fanns|går|gick|räcker|räckte|tillåter|tillät|dyker|hittas|hittar|passar|funkar|fungerar|klarar|råd|exists|allows)$/u;
const SUPINE = /^\p{L}{3,}(t|it)$/u;
function offeredIf(tokens: readonly Token[], at: number): boolean {
  if (!IF_WORDS.has(tokens[at]?.norm ?? "") && tokens[at]?.norm !== "ifall") return false;
  return tokens.slice(at + 1, at + 5).some((token) => OFFERED.test(token.norm));
}
/** "automat om det finns", "om budgeten räcker blir det en elbil", "en hybrid skulle sitta fint": a condition leans unless a must stands in the clause. */
function conditional<C>(reading: ClauseReading<C>, start: number, end: number): boolean {
  if (reading.markers.some((marker) => marker.meaning.marker === "must" || marker.meaning.marker === "shall")) return false;
  const { tokens } = reading;
  if (tokens.slice(0, start).some((token, index) => token.norm === "kunde" || (token.norm === "kunna" && tokens[index - 1]?.norm === "skulle"))) return true;
  const opens = BUT.has(tokens[0]?.norm ?? "") ? 1 : 0;
  if (start > opens + 2 && offeredIf(tokens, opens)) return true;
  if (offeredIf(tokens, tokens[end]?.norm === "," ? end + 1 : end)) return true;
  for (let index = end; index < Math.min(tokens.length, end + 3); index++) {
    const norm = tokens[index]?.norm ?? "";
    if (norm === "skulle" || norm === "would" || norm === "beror" || (norm === "hade" && SUPINE.test(tokens[index + 1]?.norm ?? ""))) return true;
  }
  return false;
}

/** The nearest hedge or must before the mention wins; "om möjligt" after counts unless a "måste" stands between. */
function hedged<C>(reading: ClauseReading<C>, start: number, end: number, from: number): boolean {
  if (conditional(reading, start, end)) return true;
  // "automat om möjligt.": a hedge closing the clause right after the thing is about it, whatever came before.
  const closing = reading.markers.find(
    (marker) =>
      (marker.meaning.marker === "hedge" || marker.meaning.marker === "hedgeAfter") &&
      marker.start >= end &&
      marker.start - end <= 1 &&
      marker.end === reading.tokens.length,
  );
  if (closing !== undefined) return true;
  if (reading.markers.some((marker) => marker.meaning.marker === "fallback" && marker.start >= end && marker.start - end <= 1)) return true;
  const before = governingBefore(reading, start, from);
  if (before !== undefined) return before === "hedge";
  const concession = reading.tokens.findIndex((token, index) => index >= end && CONCESSIVES.has(token.norm));
  for (const marker of reading.markers) {
    if (marker.start < end) continue;
    // "elbil känns dumt även om det hade varit kul": what the concession grants is no wish for the thing.
    if (concession >= 0 && marker.start > concession) break;
    if (marker.meaning.marker === "must" || marker.meaning.marker === "shall") return false;
    // "fyrhjulsdrift tror vi är nödvändigt": an opinion that ends in a must is a must.
    if (marker.meaning.marker === "hedgeAfter")
      return !reading.markers.some((later) => later.start > marker.start && (later.meaning.marker === "must" || later.meaning.marker === "shall"));
    if (marker.meaning.marker === "hedge" && CONDITIONALS.has(reading.tokens[marker.start]?.norm ?? "")) return true;
    // "elbil om det går, annars laddhybrid": a condition right after the thing is about it.
    if (marker.meaning.marker === "hedge" && marker.start === end && IF_WORDS.has(reading.tokens[marker.start]?.norm ?? "")) return true;
  }
  return false;
}

function governingBefore<C>(reading: ClauseReading<C>, start: number, from: number): MarkerKind | undefined {
  const before = reading.markers.filter((marker) => marker.end <= start && ["hedge", "must", "shall"].includes(marker.meaning.marker)).at(-1);
  const newStatement = SUBCLAUSE_OPENERS.has(reading.tokens[from]?.norm ?? "") && SUBCLAUSE_JOINERS.has(reading.tokens[from - 1]?.norm ?? "");
  return before !== undefined && !(newStatement && before.end <= from) ? before.meaning.marker : undefined;
}

/** "bara", "only": they limit a choice ("bara bensin"), they do not make the thing before them a must. */
const LIMITING_WORDS = new Set(["bara", "endast", "enbart", "only"]);

/** "dragkrok är ett måste", "vi måste ha 4WD och dragkrok"; a plain or hedged mention is not a must. */
function required<C>(reading: ClauseReading<C>, end: number, [from, to]: [number, number], before: MarkerKind | undefined): boolean {
  if (before === "must" || before === "shall") return true;
  if (before === "hedge") return false;
  const musts = reading.markers.filter((marker) => ["must", "shall"].includes(marker.meaning.marker));
  if (musts.some((marker) => within(marker, from, to))) return true;
  // A must after the mention and past the "och" that ends its part, with no hedge or new statement between.
  for (let index = end; index < reading.tokens.length; index++) {
    const marker = coveringAt(reading.markers, index);
    const kind = marker?.meaning.marker;
    if (kind === "hedge" || kind === "hedgeAfter") return false;
    if ((kind === "must" || kind === "shall") && marker !== undefined) {
      const words = reading.tokens.slice(marker.start, marker.end).map((token) => token.norm);
      if (!words.some((word) => LIMITING_WORDS.has(word))) return true;
    }
    if (kind === undefined && SUBCLAUSE_OPENERS.has(reading.tokens[index]?.norm ?? "")) return false;
  }
  return false;
}

/** Markers that reach into the span [from, to), as "behöver inte" does though "behöver" bounds it. */
const within = (marker: { start: number; end: number }, from: number, to: number) => marker.end > from && marker.start < to;

const OWN_POSSESSIVES = new Set(["my", "our"]);
const CAR_ADJECTIVES = new Set(["gamla", "nuvarande", "förra", "älskade", "trogna", "kära", "old", "current"]);
const PERSON_GENITIVE = new RegExp(
  `^(${[...OTHER_OWNERS, "mormor", "farmor", "morfar", "farfar", "svärfar", "svärmor", "brodern", "systern", "kompis", "granne", "chef", "kollega"]
    .filter((owner) => !owner.includes(" "))
    .join("|")})s$`,
  "u",
);

/** A car named after a possessive or a genitive (a person's, kin's, job's or employer's, by form) is that one's car, not a wish. */
function possessed(tokens: readonly Token[], start: number): boolean {
  if (tokens[start]?.number !== undefined) return false;
  if (ownerBefore(tokens, start) !== undefined) return true;
  let index = start - 1;
  while (index >= 0 && CAR_ADJECTIVES.has(tokens[index]?.norm ?? "")) index--;
  const norm = tokens[index]?.norm ?? "";
  return OTHERS_POSSESSIVES.has(norm) || OWN_POSSESSIVES.has(norm) || PERSON_GENITIVE.test(norm);
}

const THE_CAR = new Set(["den", "det", "bilen", "it"]);
const subjunctive = (tokens: readonly Token[], at: number) => IF_WORDS.has(tokens[at - 2]?.norm ?? "") && THE_CAR.has(tokens[at - 1]?.norm ?? "");

function ownership<C>(reading: ClauseReading<C>, start: number, [from, to]: [number, number]): boolean {
  if (possessed(reading.tokens, start)) return true;
  const joined = coveringAt(reading.concepts, start - 1);
  if (joined !== undefined && joined.end === start && possessed(reading.tokens, joined.start)) return true;
  return reading.markers.some((marker) => {
    if (marker.meaning.marker === "ownership") return within(marker, from, to) && !subjunctive(reading.tokens, marker.start);
    if (marker.meaning.marker !== "ownershipVerb" || marker.end > start) return false;
    // "min man kör en Audi A4": fillers and other names may stand between.
    for (let index = marker.end; index < start; index++) {
      // "min sambo kör en Audi A6 med 340 hk": a figure joined to the car named is that car's.
      const norm = reading.tokens[index]?.norm ?? "";
      const afterCar = coveringAt(reading.concepts, index - 1) !== undefined || MODEL_CODE.test(reading.tokens[index - 1]?.norm ?? "");
      const joined = (CAR_JOINERS.has(norm) || MODEL_CODE.test(norm)) && afterCar;
      if (!joined && !OWNERSHIP_FILLERS.has(reading.tokens[index]?.norm ?? "") && coveringAt(reading.concepts, index) === undefined) return false;
    }
    return true;
  });
}

const WITH = new Set(["med", "with"]);
const CAR_JOINERS = new Set(["med", "på", "with"]);
const MODEL_CODE = /^(?=\p{L}*\d)[\p{L}\d]{2,6}$/u;

function acceptable<C>(reading: ClauseReading<C>, start: number, end: number, from: number): boolean {
  const firstAfter = (marker: { end: number }) => !reading.concepts.some((concept) => concept.start >= marker.end && concept.start < start);
  // "inte omöjligt att vi behöver sju platser": the permission reaches the statement it opens.
  const reaches = (marker: { start: number; end: number }) => marker.start >= from || from - marker.end <= 2;
  if (reading.markers.some((marker) => marker.meaning.marker === "acceptableBefore" && marker.end <= start && reaches(marker) && firstAfter(marker)))
    return true;
  if (reading.markers.some((marker) => marker.meaning.marker === "exception" && marker.end <= start && marker.start >= from)) return true;
  if (
    ALTERNATIVES.has(reading.tokens[start - 1]?.norm ?? "") &&
    reading.markers.some((marker) => marker.meaning.marker === "acceptable" && marker.end === start - 1)
  )
    return true;
  let index = end;
  for (;;) {
    const concept = coveringAt(reading.concepts, index);
    if (concept !== undefined) index = concept.end;
    else if (ALTERNATIVES.has(reading.tokens[index]?.norm ?? "")) index++;
    else if (WITH.has(reading.tokens[index]?.norm ?? "") && coveringAt(reading.concepts, index + 1) !== undefined) index++;
    else break;
  }
  return reading.markers.some((marker) => marker.meaning.marker === "acceptable" && marker.start >= index && marker.start - index <= 1);
}

const COMPARISON_AFTER_WINDOW = 4;

const ALTERNATIVE_GAP = 3;

function comparison<C>(reading: ClauseReading<C>, start: number, end: number): boolean {
  if (directComparison(reading, start, end)) return true;
  // The second of two alternatives shares the first one's "typ": "typ en golf gti eller en bmw 330".
  for (let index = start - 1; index >= Math.max(0, start - ALTERNATIVE_GAP); index--) {
    if (!ALTERNATIVES.has(reading.tokens[index]?.norm ?? "")) continue;
    if (coveringAt(reading.markers, index) !== undefined || coveringAt(reading.markers, index + 1) !== undefined) return false;
    for (let back = index - 1; back >= Math.max(0, index - ALTERNATIVE_GAP); back--) {
      const earlier = coveringAt(reading.concepts, back);
      if (earlier !== undefined) return directComparison(reading, earlier.start, earlier.end);
    }
    return false;
  }
  return false;
}

function directComparison<C>(reading: ClauseReading<C>, start: number, end: number): boolean {
  return reading.markers.some(
    ({ meaning, start: markerStart, end: markerEnd }) =>
      (meaning.marker === "comparison" && markerEnd <= start && start - markerEnd <= 2) ||
      (meaning.marker === "comparisonAfter" && markerStart >= end && markerStart - end <= COMPARISON_AFTER_WINDOW),
  );
}

/** "aldrig mer en bil utan fyrhjulsdrift", "ingen bil utan motorvärmare": a negation before "utan" makes it a must. */
const WITHOUT = new Set(["utan", "without"]);
function doubleNegation<C>(reading: ClauseReading<C>, negation: Negation | undefined): boolean {
  if (negation === undefined || !WITHOUT.has(reading.tokens[negation.start]?.norm ?? "")) return false;
  return reading.markers.some((marker) => marker.meaning.marker === "negation" && marker.end <= negation.start && negation.start - marker.end <= 4);
}

const BUT = new Set(["men", "fast", "but"]);
const HEDGES: ReadonlySet<MarkerKind> = new Set<MarkerKind>(["hedge", "hedgeAfter"]);

/** "automat inte superviktigt men vore skönt": waived as a must, then welcomed, it is a leaning. */
function welcomedAfterWaiver<C>(reading: ClauseReading<C>, from: number, to: number): boolean {
  const waiver = reading.markers.find((marker) => marker.meaning.marker === "indifference" && within(marker, from, to));
  if (waiver === undefined || !BUT.has(reading.tokens[waiver.end]?.norm ?? "")) return false;
  return reading.markers.some((marker) => HEDGES.has(marker.meaning.marker) && marker.start > waiver.end);
}

/** The rules' modality of a mention, taken back to soft where the development-trained tagger is sure it is not hard. */
export function modalityOf<C>(reading: ClauseReading<C>, start: number, end: number): Modality {
  return vetoed(ruleModalityOf(reading, start, end), { ...reading, start, end });
}

/** "inga kinesiska märken som MG, BYD o Nio": makes named as examples of a group right before "som" are held as the group is. */
const EXAMPLE_LEADS = new Set(["som", "såsom", "like"]);
const GROUP_NOUNS = /^(märke|märken|märkena|märkesbil\p{L}*|bil|bilar|bilarna|tillverkare|tillverkarna|brands?|cars?|makes?)$/u;
function groupBefore<C>(reading: ClauseReading<C>, start: number): Match<C> | undefined {
  if (!EXAMPLE_LEADS.has(reading.tokens[start - 1]?.norm ?? "")) return undefined;
  const at = GROUP_NOUNS.test(reading.tokens[start - 2]?.norm ?? "") ? start - 3 : start - 2;
  const group = coveringAt(reading.concepts, at);
  const meaning = group?.meaning as { kind?: string; group?: boolean } | undefined;
  return meaning?.kind === "origin" || meaning?.group === true ? group : undefined;
}

function ruleModalityOf<C>(reading: ClauseReading<C>, start: number, end: number): Modality {
  const group = groupBefore(reading, start);
  if (group !== undefined) return ruleModalityOf(reading, group.start, group.end);
  const bounds = subclauseBounds(reading.tokens, start, end);
  const [from, to] = bounds;
  const mild = negatedWordNear(reading, start, end, bounds, "fault");
  const permitted = negatedWordNear(reading, start, end, bounds, "rulingOut");
  const cleft = cleftNegation(reading, start);
  const found = mild || permitted ? undefined : cleft !== undefined ? { start: cleft, dislike: false } : negationBefore(reading, start);
  const twice = doubleNegation(reading, found);
  const negation = twice ? undefined : found;
  const negationStart = negation?.start;
  const has = (kinds: readonly MarkerKind[], subclause = false) =>
    reading.markers.some((marker) => kinds.includes(marker.meaning.marker) && (!subclause || within(marker, from, to)));
  const dislikedAfter = negation === undefined && trailing(reading, end, "dislikeAfter");
  const disliked = negation?.dislike === true || dislikedAfter;
  const welcome = welcomedAfterWaiver(reading, from, to);
  const ruleHedged = mild || disliked || welcome || hedged(reading, start, end, from);
  // A hedge the rules found is the buyer's own ("vi helst kör bensin"); otherwise the evidence decides (hardness.server.ts).
  const evidence = ruleHedged ? "asRead" : hardnessEvidence(reading as EvidenceReading, start, bounds);
  const asks = evidence === "asks";
  // "det betyder inte att jag vill ha VW": what follows is neither asked for nor refused.
  const indifferent =
    !welcome && (has(["indifference"], true) || reading.markers.some((marker) => marker.meaning.marker === "notMeaning" && marker.end <= start));
  const negated =
    !permitted && (negation !== undefined || dislikedAfter || (!mild && (trailing(reading, end, "negationAfter") || closingNegation(reading, end))));
  const stressed = !asks && (has(["stress"], true) || (!ruleHedged && (has(["stress"]) || has(["must"], true))));
  const alternative = !negated && eitherOrAround(reading.eitherOr, start, end) !== undefined;
  const isRequired = !asks && !alternative && (twice || (!ruleHedged && !indifferent && required(reading, end, bounds, governingBefore(reading, start, from))));
  const isHedged = ruleHedged || asks || alternative || (!negated && !indifferent && !isRequired && !stressed && evidence === "lean");
  return {
    negated,
    ...(negationStart === undefined ? {} : { negationStart }),
    hedged: isHedged,
    // Stress carries through the clause but not past a hedge; "måste" stresses only its own part.
    stressed,
    indifferent,
    acceptable: permitted || acceptable(reading, start, end, from),
    required: isRequired,
    ownership: evidence === "told" || ownership(reading, start, [sharedPartStart(reading as EvidenceReading, from, to), to]),
    reported: reading.markers.some((marker) => marker.meaning.marker === "reported" && (marker.end <= start || within(marker, from, to))),
    comparison: comparison(reading, start, end),
    familyGone: has(["familyGone"]),
  };
}

export type Comparator = Extract<MarkerKind, "atLeast" | "atMost" | "noOlderThan" | "newerThan">;

const isComparator = (kind: MarkerKind): kind is Comparator => kind === "atLeast" || kind === "atMost" || kind === "noOlderThan" || kind === "newerThan";

/** "max typ 8 år", "högst ca tio år": a word of approximation between a limit and its number hedges it, and is no comparison. */
export const APPROXIMATE = new Set(["typ", "ca", "cirka", "circa", "ungefär", "ung", "runt", "omkring", "kring", "about", "roughly", "around"]);

export function comparatorBefore<C>(reading: ClauseReading<C>, index: number): { kind: Comparator; start: number } | undefined {
  const approximate = (found: { start: number; end: number }) => found.end - found.start === 1 && APPROXIMATE.has(reading.tokens[found.start]?.norm ?? "");
  const marker = reading.markers.filter((found) => found.end <= index && index - found.end <= 2 && !approximate(found)).at(-1);
  if (marker === undefined) return undefined;
  const kind = marker.meaning.marker;
  return isComparator(kind) ? { kind, start: marker.start } : undefined;
}

export function orNewerAfter<C>(reading: ClauseReading<C>, last: number): boolean {
  return reading.markers.some((marker) => marker.meaning.marker === "orNewer" && marker.start > last && marker.start - last <= 2);
}

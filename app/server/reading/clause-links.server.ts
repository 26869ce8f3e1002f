import type { Marker } from "./markers.server";
import { modalityOf, SUBCLAUSE_OPENERS, type ClauseReading } from "./modality.server";
import type { Match } from "./match.server";
import type { Concept } from "./vocabulary.server";
import type { Token } from "./tokenize.server";

type Reading = ClauseReading<Concept>;

function withMarker(reading: Reading, marker: Marker["marker"], start: number, end: number): Reading {
  return { ...reading, markers: [...reading.markers, { meaning: { kind: "marker", marker }, start, end }] };
}

/** "vore nice med automat men inget krav": a clause that only waives hedges the one before it. */
const WAIVER_FILLERS = new Set(["men", "fast", "det", "är", "något", "heller", "ju", "dock", "but", "it", "is", "och"]);
function waives(reading: Reading | undefined): boolean {
  if (reading === undefined || reading.concepts.length > 0) return false;
  const waiver = reading.markers.filter((match) => match.meaning.marker === "indifference");
  if (waiver.length === 0) return false;
  return reading.tokens.every(
    (token, index) => WAIVER_FILLERS.has(token.norm) || token.norm === "," || waiver.some((match) => match.start <= index && index < match.end),
  );
}
/** "diesel, om det nu spelar nån roll", "kombi, om möjligt": a clause that only hedges softens a clause before it with no must. */
function hedgesOnly(reading: Reading | undefined): boolean {
  if (reading === undefined || reading.concepts.length > 0 || reading.tokens[0]?.sentenceStart !== false) return false;
  const hedges = reading.markers.filter((match) => HEDGE_KINDS.has(match.meaning.marker));
  return hedges.length > 0 && reading.tokens.every((token, index) => token.norm === "," || hedges.some((match) => match.start <= index && index < match.end));
}
const HEDGE_KINDS: ReadonlySet<string> = new Set(["hedge", "hedgeAfter"]);
const MUSTS: ReadonlySet<string> = new Set(["must", "shall"]);
function hedgedByNext(reading: Reading, next: Reading | undefined): Reading {
  const softened = hedgesOnly(next) && !reading.markers.some((match) => MUSTS.has(match.meaning.marker));
  if (!waives(next) && !softened) return reading;
  return withMarker(reading, "hedgeAfter", reading.tokens.length, reading.tokens.length);
}

/** "automat inte superviktigt, men vore skönt": a waived thing welcomed by the next clause is a leaning. */
const WELCOME_FILLERS = new Set(["men", "fast", "det", "den", "ju", "nog", "but", "it", "skönt", "fint", "gött", "najs", "nice", "trevligt", "bra", "kul"]);
function welcomes(reading: Reading | undefined): boolean {
  if (reading === undefined || !reading.concepts.every((match) => match.meaning.kind === "wish")) return false;
  const hedges = reading.markers.filter((match) => match.meaning.marker === "hedge" || match.meaning.marker === "hedgeAfter");
  if (hedges.length === 0) return false;
  return reading.tokens.every(
    (token, index) => WELCOME_FILLERS.has(token.norm) || token.norm === "," || hedges.some((match) => match.start <= index && index < match.end),
  );
}
function welcomedByNext(reading: Reading, next: Reading | undefined): Reading {
  if (!welcomes(next) || !reading.markers.some((match) => match.meaning.marker === "indifference")) return reading;
  const own = { ...reading, markers: reading.markers.filter((match) => match.meaning.marker !== "indifference") };
  return withMarker(own, "hedgeAfter", reading.tokens.length, reading.tokens.length);
}

/** "… en elbil, men det vill jag inte": a clause that only refuses "det" refuses what the one before it named. */
const BACK_REFERENCES = new Set(["det", "den", "dom", "dem", "de", "that", "it"]);
const REFUSALS: ReadonlySet<string> = new Set(["negationAfter", "dislikeAfter"]);
function refusesBack(reading: Reading | undefined): Marker["marker"] | undefined {
  if (reading === undefined || reading.concepts.length > 0 || !BACK_REFERENCES.has(reading.tokens[0]?.norm ?? "")) return undefined;
  return reading.markers.find((match) => REFUSALS.has(match.meaning.marker))?.meaning.marker;
}
/** "bensin igen? nej tack", "automat, absolut inte": a question answered no, or a bare no after a comma, refuses what came before. */
function answeredNo(reading: Reading, next: Reading | undefined): Marker["marker"] | undefined {
  if (next === undefined || next.concepts.length > 0) return undefined;
  if (reading.tokens.at(-1)?.questionAfter !== true && next.tokens[0]?.sentenceStart !== false) return undefined;
  const refusal = next.markers.find((match) => match.meaning.marker === "negationAfter" || match.meaning.marker === "negation");
  return refusal !== undefined && next.tokens.every((token) => NO_FILLERS.has(token.norm)) ? "negationAfter" : undefined;
}
const NO_FILLERS = new Set([
  "nej",
  "nä",
  "nää",
  "tack",
  "aldrig",
  "inte",
  "ej",
  "absolut",
  "verkligen",
  "i",
  "livet",
  "no",
  "not",
  "thanks",
  "never",
  "!",
  ",",
]);
function refusedByNext(reading: Reading, next: Reading | undefined): Reading {
  const refusal = refusesBack(next) ?? answeredNo(reading, next);
  if (refusal === undefined) return reading;
  const own = { ...reading, markers: reading.markers.filter((match) => match.meaning.marker !== "reported"), answeredByNext: true };
  return withMarker(own, refusal, reading.tokens.length, reading.tokens.length);
}

/** "min gamla hade dragkrok, det vill jag ha igen" (not "den vill jag sälja"): wanting "det" back wants what the clause before named on another car. */
const WANTING = new Set(["behöver", "saknar", "need", "miss"]);
const NEGATING = new Set(["inte", "ej", "aldrig", "not", "never", "no"]);
function wantsBack(reading: Reading | undefined): boolean {
  if (reading === undefined || reading.concepts.length > 0 || !BACK_REFERENCES.has(reading.tokens[0]?.norm ?? "")) return false;
  const words = new Set(reading.tokens.map((token) => token.norm));
  const wants = [...WANTING].some((word) => words.has(word)) || (words.has("vill") && words.has("ha")) || (words.has("want") && words.has("again"));
  return wants && ![...NEGATING].some((word) => words.has(word));
}
function wantedByNext(reading: Reading, next: Reading | undefined): Reading {
  if (!wantsBack(next)) return reading;
  return { ...reading, markers: reading.markers.filter((match) => !ABOUT_ANOTHER.has(match.meaning.marker)), answeredByNext: true };
}

/** "körde hyrbil, en Skoda Octavia", "maken kör tjänstebil (en Passat)": an apposition names the same car as the clause before. */
const APPOSITION_LEADS = new Set(["en", "ett", "typ", "a", "an"]);
const ABOUT_ANOTHER: ReadonlySet<string> = new Set(["ownership", "ownershipVerb", "reported"]);
const ITS_OWN: ReadonlySet<string> = new Set([
  "must",
  "shall",
  "hedge",
  "hedgeAfter",
  "negation",
  "negationAfter",
  "dislike",
  "dislikeAfter",
  "acceptable",
  "indifference",
]);
function appositionOf(reading: Reading, previous: Reading | undefined): Reading {
  const first = reading.tokens[0];
  if (previous === undefined || first === undefined || first.sentenceStart || !APPOSITION_LEADS.has(first.norm)) return reading;
  if (!previous.markers.some((match) => ABOUT_ANOTHER.has(match.meaning.marker))) return reading;
  if (reading.markers.some((match) => ITS_OWN.has(match.meaning.marker)) || reading.tokens.some((token) => SUBCLAUSE_OPENERS.has(token.norm))) return reading;
  return withMarker(reading, "ownership", 0, 1);
}

/** "tysk premium helst, bmw eller audi": a bare list after a comma spells out the hedged choice before it. */
const LIST_WORDS = new Set(["eller", "och", "el", "or", "and", ",", "en", "ett", "typ", "kanske", "t", "ex", "tex"]);
const MAKE_KINDS: ReadonlySet<string> = new Set(["make", "origin", "model"]);
function spelledOut(reading: Reading, previous: Reading | undefined): Reading {
  if (previous === undefined || reading.tokens[0]?.sentenceStart !== false || reading.concepts.length === 0) return reading;
  if (!reading.concepts.every((match) => MAKE_KINDS.has(match.meaning.kind))) return reading;
  const covered = (index: number) => reading.concepts.some((match) => match.start <= index && index < match.end);
  if (!reading.tokens.every((token, index) => covered(index) || LIST_WORDS.has(token.norm))) return reading;
  const last = previous.concepts.at(-1);
  if (last === undefined || !MAKE_KINDS.has(last.meaning.kind)) return reading;
  const modality = modalityOf(previous, last.start, last.end);
  if (!(modality.hedged || modality.comparison) || modality.negated) return reading;
  return withMarker(reading, "hedge", 0, 0);
}

/** "gärna nåt med lite kraft, 200 hk+", "inte fel med lite kraft, säg 200 hk": a bare figure after a comma spells out the leaning or allowance before it. */
const FIGURE_FILLERS = new Set(["+", "typ", "ca", "säg", "eller", "mer", "uppåt", "plus", "och", "or", "more"]);
const LEANINGS: ReadonlySet<string> = new Set(["hedge", "hedgeAfter", "acceptable", "acceptableBefore"]);
function figureOfHedged(reading: Reading, previous: Reading | undefined): Reading {
  const first = reading.tokens[0];
  if (previous === undefined || first === undefined || first.sentenceStart || reading.concepts.length > 0 || reading.quantities.length === 0) return reading;
  const inFigure = (index: number) => reading.quantities.some((quantity) => quantity.index <= index && index <= quantity.end);
  if (!reading.tokens.every((token, index) => inFigure(index) || FIGURE_FILLERS.has(token.norm))) return reading;
  const kinds = previous.markers.map((match) => match.meaning.marker);
  if (!kinds.some((kind) => LEANINGS.has(kind)) || kinds.some((kind) => kind === "must" || kind === "shall")) return reading;
  return withMarker(reading, "hedge", 0, 0);
}

const HEAD_STOPS = new Set(["men", "fast", "but", ","]);
const HEAD_NEGATIONS = new Set(["inte", "int", "ej", "ingen", "inget", "inga", "inge", "aldrig", "slippa", "not", "no", "never"]);
const RELATIVES = new Set(["som", "that", "which"]);
/** "vill inte ha nåt som rasar direkt", "ingen bil som dör": the refusal is of the thing the relative clause describes. */
export function refusedHead(tokens: readonly Token[], at: number): boolean {
  const relative = [at - 1, at - 2].find((index) => RELATIVES.has(tokens[index]?.norm ?? ""));
  if (relative === undefined) return false;
  for (let index = relative - 1; index >= Math.max(0, relative - 5); index--) {
    const norm = tokens[index]?.norm ?? "";
    if (HEAD_NEGATIONS.has(norm)) return true;
    if (HEAD_STOPS.has(norm)) return false;
  }
  return false;
}

/** "automat vore skönt", "men vore skönt": pleasant said of another thing, or of the clause before, is no comfort wish. */
const COPULAS = new Set(["vore", "är", "varit", "would"]);
export function pleasantOfAnother(reading: ClauseReading<Concept>, match: Match<Concept>): boolean {
  if (!/^skön/u.test(reading.tokens[match.start]?.norm ?? "") || !COPULAS.has(reading.tokens[match.start - 1]?.norm ?? "")) return false;
  const thingBefore = reading.concepts.some((other) => other.end <= match.start && other.meaning.kind !== "neutral" && other.meaning.kind !== "wish");
  return thingBefore || match.start - 1 === 0 || BUT_WORDS.has(reading.tokens[match.start - 2]?.norm ?? "");
}
const BUT_WORDS = new Set(["men", "fast", "but"]);

/** "den va bekväm", "it was comfy": a car described in the past is one driven before, not the wish. */
const PAST_SUBJECTS = new Set(["den", "dom", "de", "it"]);
const PAST_VERBS = new Set(["var", "va", "gick", "was"]);
export function describedBefore(reading: ClauseReading<Concept>, match: Match<Concept>): boolean {
  for (let index = Math.max(0, match.start - 4); index + 1 < match.start; index++) {
    const verb = reading.tokens[index + 1];
    if (PAST_SUBJECTS.has(reading.tokens[index]?.norm ?? "") && PAST_VERBS.has(verb?.text.toLowerCase() ?? "")) return true;
  }
  return false;
}

/** "måste ha 4wd o markfrigång, dragkrok för kärran": a bare list after a comma runs on under the must before it. */
const RUN_ON_FILLERS = new Set(["och", "samt", "plus", "en", "ett", "bra", "hög", "högt", "stor", "stort", "and", "a", "an"]);
function mustRunsOn(reading: Reading, previous: Reading | undefined): Reading {
  if (previous === undefined || reading.tokens[0]?.sentenceStart !== false || reading.tokens.at(-1)?.questionAfter === true) return reading;
  if (reading.markers.some((match) => ITS_OWN.has(match.meaning.marker) || ABOUT_ANOTHER.has(match.meaning.marker))) return reading;
  if (reading.tokens.some((token) => SUBCLAUSE_OPENERS.has(token.norm))) return reading;
  let first = 0;
  while (RUN_ON_FILLERS.has(reading.tokens[first]?.norm ?? "")) first++;
  const named = reading.concepts.some((match) => match.start === first) || reading.quantities.some((quantity) => quantity.index === first);
  const last = previous.concepts.at(-1);
  if (!named || last === undefined) return reading;
  const modality = modalityOf(previous, last.start, last.end);
  if (!modality.required || modality.hedged || modality.negated || modality.ownership) return reading;
  return withMarker(reading, "must", 0, 0);
}

export function linkedClause(read: Reading, previous: Reading | undefined, next: Reading | undefined): Reading {
  const linked = appositionOf(wantedByNext(refusedByNext(welcomedByNext(hedgedByNext(read, next), next), next), next), previous);
  return mustRunsOn(figureOfHedged(spelledOut(linked, previous), previous), previous);
}

import type { Match } from "./match.server";
import type { Token } from "./tokenize.server";

/** Whether a car property the rules read plainly was asked for, told of another car, leaned to or asked about (decision 022). */

// prettier-ignore
const WANTING = new Set([
  "vill", "söker", "letar", "behöver", "behövs", "önskar", "ska", "skall", "måste", "kräver", "krav", "blir", "nästa",
  "bli", "köpa", "skaffa", "lägga", "spendera", "hitta", "want", "wants", "need", "needs", "looking", "must", "require",
  "required", "buy", "find",
]);

const LONG_WANTING = [...WANTING].filter((word) => word.length >= 5);

function wanting(norm: string): boolean {
  if (WANTING.has(norm)) return true;
  return norm.length >= 5 && LONG_WANTING.some((word) => Math.abs(word.length - norm.length) <= 1 && oneEditApart(word, norm));
}

function oneEditApart(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1);
}

// prettier-ignore
const OTHERS = new Set([
  "han", "hon", "hen", "de", "dom", "dem", "he", "she", "they", "man", "fru", "frun", "frugan", "sambo", "sambon",
  "gubben", "maken", "pappa", "mamma", "farsan", "morsan", "bror", "brorsan", "syster", "syrran", "kompis", "kompisen",
  "chef", "chefen", "kollega", "kollegan", "kollegor", "kollegorna", "granne", "grannen", "son", "sonen", "dotter",
  "dottern", "barnen", "ungarna", "säljaren", "mekaniker", "mekanikern", "alla",
]);

// prettier-ignore
const TELLING = new Set([
  "har", "hade", "haft", "hadde", "var", "varit", "kör", "körde", "kört", "äger", "ägde", "ägt", "lånar", "lånade", "hyr",
  "hyrde", "hyrt", "jobbar", "jobbade", "bodde", "åkte", "drog", "tog", "fick", "gick", "kom", "såg", "sålde", "köpte",
  "bytte", "dog", "stod", "funkade", "fungerade", "brukar", "brukade", "svor", "svär", "växte", "säger", "sa", "sade",
  "tjatar", "has", "had", "was", "were", "drives", "drove", "owns", "owned", "rented", "borrowed", "tried", "says", "said",
]);
const PAST_ENDING = /^\p{L}{3,}(ade|dde)$/u;

const THE_CAR = new Set(["den", "det", "bilen", "nya", "it", "en", "ett", "något", "någon", "bil"]);
const PRESENT = /(ar|er|ör|år)$/u;
const IF = new Set(["om", "ifall", "if"]);

/** A present verb with no subject of its own ("… och har vuxenplats för sju"), or said of the car ("elbil som drar", "om den har"). */
function ofTheCarToBuy(reading: EvidenceReading, index: number, local: number): boolean {
  const norm = reading.tokens[index]?.norm ?? "";
  const before = reading.tokens[index - 1]?.norm ?? "";
  if (IF.has(reading.tokens[index - 2]?.norm ?? "") && THE_CAR.has(before)) return true;
  if (!PRESENT.test(norm)) return false;
  if (index === local || THE_CAR.has(before)) return true;
  return before === "som" && (THE_CAR.has(reading.tokens[index - 2]?.norm ?? "") || covering(reading.concepts, index - 2));
}

// prettier-ignore
const LEANING = new Set([
  "gillar", "gillade", "älskar", "älskade", "tycker", "tyckte", "tror", "trodde", "tänker", "verkar", "funderar", "kollar",
  "kollade", "tittar", "tittade", "provkör", "provkörde", "provkört", "testar", "testade", "testat", "tänkt", "funderat",
  "tittat", "kollat", "velat", "planerat", "likes", "like",
  "love", "loves", "think",
]);

const CONCLUSIONS = new Set(["så", "so", "därför", "alltså"]);

const LIMITS = new Set(["atLeast", "atMost", "noOlderThan", "newerThan", "orNewer"]);

interface Span {
  start: number;
  end: number;
}
const covering = (spans: readonly Span[], index: number) => spans.some((span) => span.start <= index && index < span.end);

function buyerWants(tokens: readonly Token[], from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    if (!wanting(tokens[index]?.norm ?? "")) continue;
    const subject = tokens.slice(Math.max(from, index - 2), index).map((token) => token.norm);
    if (!subject.some((word) => OTHERS.has(word))) return true;
  }
  return false;
}

export interface EvidenceReading {
  tokens: readonly Token[];
  concepts: readonly (Span & { meaning: unknown })[];
  markers: readonly (Span & { meaning: { marker: string } })[];
  quantities: readonly { index: number; end: number; unit: string | null }[];
  answeredByNext?: boolean;
}

const CAR_KINDS = new Set(["fuel", "body", "size", "make", "origin", "model", "awd", "gearbox", "thirdRow"]);

/** A load to pull is the buyer's need told as a fact ("har en båttrailer på 1200 kg"), never another car; a towbar is the car's. */
function notACarProperty(reading: EvidenceReading, start: number): boolean {
  const quantity = reading.quantities.find((found) => found.index === start);
  if (quantity !== undefined) return quantity.unit === "kg" || quantity.unit === "ton";
  const concept = reading.concepts.find((found) => found.start <= start && start < found.end);
  const meaning = concept?.meaning as { kind?: string; load?: boolean; minKg?: number } | undefined;
  if (meaning?.kind === "towing") return meaning.load === true || meaning.minKg !== undefined;
  return !CAR_KINDS.has(meaning?.kind ?? "");
}

/** "vår skoda med 150 hk har pajat": a car that broke down is the one the buyer has had, whatever the order of words. */
// prettier-ignore
const FAILED = new Set([
  "rasade", "rasat", "rasar", "pajade", "pajat", "pajjat", "dog", "dött", "havererade", "havererat", "kvaddad", "kvaddades",
  "krockad", "skrotad", "skrotades", "skrotas", "sönder", "broke", "died",
]);
const GAVE_UP = /^(gett|gav|gåve|lagt|la|lade)$/u;
const NOT = new Set(["inte", "int", "ej", "aldrig", "not", "never"]);
function failed(tokens: readonly Token[], from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const norm = tokens[index]?.norm ?? "";
    const said = FAILED.has(norm) || ((norm === "upp" || norm === "av") && GAVE_UP.test(tokens[index - 1]?.norm ?? ""));
    if (said && !tokens.slice(Math.max(0, index - 3), index).some((token) => NOT.has(token.norm))) return true;
  }
  return false;
}

const AND = new Set(["och", "samt", "and"]);
export function sharedPartStart(reading: EvidenceReading, from: number, to: number): number {
  const item = (index: number) => covering(reading.concepts, index) || reading.quantities.some((quantity) => quantity.index === index);
  if (reading.markers.some((marker) => marker.start >= from && marker.start < to)) return from;
  let start = from;
  while (start > 1 && AND.has(reading.tokens[start - 1]?.norm ?? "") && item(start)) {
    start -= 2;
    while (start > 0 && !AND.has(reading.tokens[start - 1]?.norm ?? "")) start--;
  }
  return start;
}

export const HARDNESS_GATE = { on: true };

type Evidence = "asRead" | "lean" | "told" | "asks";

/** "diesel har vi kört länge", "volvo hade farsan": the thing put first, then a verb that tells and its subject. */
const SUBJECTS = new Set(["vi", "jag", "ja", "han", "hon", "hen", "de", "dom", "man", "we", "i", ...OTHERS]);
function frontedAndTold(reading: EvidenceReading, start: number, local: number): boolean {
  const { tokens } = reading;
  let first = local;
  while (first < start && (tokens[first]?.norm === "en" || tokens[first]?.norm === "ett")) first++;
  const end = reading.concepts.find((found) => found.start <= start && start < found.end)?.end ?? start + 1;
  const verb = tokens[end]?.norm ?? "";
  return first === start && (TELLING.has(verb) || PAST_ENDING.test(verb)) && SUBJECTS.has(tokens[end + 1]?.norm ?? "");
}

const VAGUE = new Set(["nåt", "något", "så", "liknande", "annat", "whatever"]);
const LEADS = new Set(["en", "ett", "nån", "någon", "något", "nåt", "a", "an"]);
// prettier-ignore
const SEEMING = new Set([
  "känns", "kändes", "låter", "lät", "verkar", "verkade", "tycks", "lockar", "lockade", "frestar", "tilltalar", "seems", "sounds", "appeals",
]);
const LONGING = new Set(["drömmer", "drömt", "sneglar", "sneglat", "siktar", "spanar", "kikar", "suktar", "längtar", "hoppas", "dreaming", "eyeing"]);
const COPULAS = new Set(["är", "e", "vore", "is"]);
const GOOD = new Set([
  "bra",
  "praktiskt",
  "praktisk",
  "smidigt",
  "smidig",
  "trevligt",
  "najs",
  "nice",
  "kul",
  "guld",
  "perfekt",
  "toppen",
  "alternativ",
  "good",
  "handy",
  "option",
]);
const ATTITUDE_PARTICLES = new Set(["på", "om", "mot", "åt", "efter", "of", "on", "about"]);

/** An attitude, not an order: "suv eller nåt", "kombi känns rätt", "fyrhjulsdrift är bra att ha", "drömmer om en porsche". */
function opinion(reading: EvidenceReading, start: number, local: number, to: number, understood: readonly Span[]): boolean {
  const { tokens } = reading;
  const norm = (index: number) => tokens[index]?.norm ?? "";
  const free = (index: number) => !covering(understood, index);
  const end = reading.concepts.find((found) => found.start <= start && start < found.end)?.end ?? start + 1;
  if (norm(end) === "eller" && VAGUE.has(norm(end + 1))) return true;
  let first = local;
  while (first < start && LEADS.has(norm(first))) first++;
  if (first === start && end < to && free(end) && SEEMING.has(norm(end))) return true;
  const judged = LEADS.has(norm(end + 1)) ? end + 2 : end + 1;
  if (first === start && COPULAS.has(norm(end)) && free(judged) && GOOD.has(norm(judged))) return true;
  const before = LEADS.has(norm(start - 1)) ? start - 2 : start - 1;
  return before - 1 >= local && ATTITUDE_PARTICLES.has(norm(before)) && free(before - 1) && LONGING.has(norm(before - 1));
}

export function hardnessEvidence(reading: EvidenceReading, start: number, [from, to]: [number, number]): Evidence {
  if (!HARDNESS_GATE.on || reading.answeredByNext === true || notACarProperty(reading, start)) return "asRead";
  const { tokens } = reading;
  if (tokens.at(-1)?.questionAfter === true) return "asks";
  if (buyerWants(tokens, 0, to)) return "asRead";
  if (reading.markers.some((marker) => LIMITS.has(marker.meaning.marker) && marker.end > from && marker.start < to)) return "asRead";
  const understood: Span[] = [
    ...reading.concepts,
    ...reading.markers,
    ...reading.quantities.map((quantity) => ({ start: quantity.index, end: quantity.end + 1 })),
  ];
  let local = sharedPartStart(reading, from, to);
  for (let index = local; index < start; index++) if (CONCLUSIONS.has(tokens[index]?.norm ?? "")) local = index + 1;
  if (failed(tokens, local, to)) return "told";
  if (frontedAndTold(reading, start, local)) return "told";
  let evidence: Evidence = opinion(reading, start, local, to, understood) ? "lean" : "asRead";
  for (let index = local; index < to; index++) {
    const norm = tokens[index]?.norm ?? "";
    if (covering(understood, index)) continue;
    if (LEANING.has(norm)) evidence = "lean";
    // Only a verb before the mention tells of it ("behöver 7 platser har 4 ungar").
    else if (
      index < start &&
      (TELLING.has(norm) || PAST_ENDING.test(norm)) &&
      !ofTheCarToBuy(reading, index, local) &&
      !LEANING.has(tokens[index + 1]?.norm ?? "")
    )
      return "told";
  }
  return evidence;
}

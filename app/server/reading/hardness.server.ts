import type { Match } from "./match.server";
import type { Token } from "./tokenize.server";

/**
 * What a mention of a car's property (fuel, body, size, make, model, drive, gearbox, seats, a figure)
 * is, by its evidence, when the rules found no hedge. A hard field excludes cars the buyer would
 * accept, so hardness needs the buyer to have asked, not merely the absence of a hedge the rules know:
 * - asked ("asRead", the rules' reading stands): a verb of wanting or needing in the buyer's own voice
 *   before or in the mention's part of the clause ("vill ha", "söker", "behöver", "ska vara", "måste",
 *   "nästa blir"), not another person's ("frugan vill ha"); a limit said with a comparator ("minst 50
 *   mil"); or no verb that tells at all: a list or a noun phrase ("kombi m dragkrok, max 150"), which
 *   is how a wish states its requirements;
 * - told ("told", context like another's car): the part tells with a verb of having, driving, owning,
 *   renting, working or any past ("farsan hade alltid Mercedes", "har firmabil", "körde hyrbil med
 *   fyrhjulsdrift", "kusinen äger en Volvo") and asks for nothing: a past, someone's car or a trip can
 *   never make a hard field or a leaning, whoever's it is and whatever words say so;
 * - leaning ("lean"): an opinion, a liking or looking at cars ("tycker kombi är snyggast", "tittar på
 *   en Hilux"): a preference, never hard;
 * - asking ("asks"): a clause that ends in a question mark ("behöver man fyrhjulsdrift i Åre?") leans
 *   even with a must word in it: the buyer asks us.
 * Loads to pull, wishes, places and situations are left to the rules.
 */

/** Verbs (and "nästa", as in "nästa bil blir") by which a buyer states what the car to buy shall be, and the infinitives of getting it ("att lägga på en kombi"). */
// prettier-ignore
const WANTING = new Set([
  "vill", "söker", "letar", "behöver", "behövs", "önskar", "ska", "skall", "måste", "kräver", "krav", "blir", "nästa",
  "bli", "köpa", "skaffa", "lägga", "spendera", "hitta", "want", "wants", "need", "needs", "looking", "must", "require",
  "required", "buy", "find",
]);

const LONG_WANTING = [...WANTING].filter((word) => word.length >= 5);

/** A verb of wanting, or one typed a key wrong ("behöer", "söjer"): a want is evidence however it is spelt. */
function wanting(norm: string): boolean {
  if (WANTING.has(norm)) return true;
  return norm.length >= 5 && LONG_WANTING.some((word) => Math.abs(word.length - norm.length) <= 1 && oneEditApart(word, norm));
}

function oneEditApart(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rest = (x: string, y: string) => x === y;
  return rest(a.slice(i + 1), b.slice(i + 1)) || rest(a.slice(i + 1), b.slice(i)) || rest(a.slice(i), b.slice(i + 1));
}

/** Subjects that make a verb of wanting someone else's. */
// prettier-ignore
const OTHERS = new Set([
  "han", "hon", "hen", "de", "dom", "dem", "he", "she", "they", "man", "fru", "frun", "frugan", "sambo", "sambon",
  "gubben", "maken", "pappa", "mamma", "farsan", "morsan", "bror", "brorsan", "syster", "syrran", "kompis", "kompisen",
  "chef", "chefen", "kollega", "kollegan", "kollegor", "kollegorna", "granne", "grannen", "son", "sonen", "dotter",
  "dottern", "barnen", "ungarna", "säljaren", "mekaniker", "mekanikern", "alla",
]);

/**
 * Finite verbs that tell something rather than ask for it: having, driving, owning, renting, trying,
 * working, living, in the present or the past, and any unknown word with a past-tense ending (-ade,
 * -dde). What a part of a clause tells with them is context: another's car, a past car, the buyer's
 * current car, a trip. The present copula is not among them ("kombi är bäst" is said of the car to buy).
 */
// prettier-ignore
const TELLING = new Set([
  "har", "hade", "haft", "hadde", "var", "varit", "kör", "körde", "kört", "äger", "ägde", "ägt", "lånar", "lånade", "hyr",
  "hyrde", "hyrt", "jobbar", "jobbade", "bodde", "åkte", "drog", "tog", "fick", "gick", "kom", "såg", "sålde", "köpte",
  "bytte", "dog", "stod", "funkade", "fungerade", "brukar", "brukade", "svor", "svär", "växte", "säger", "sa", "sade",
  "tjatar", "has", "had", "was", "were", "drives", "drove", "owns", "owned", "rented", "borrowed", "tried", "says", "said",
]);
const PAST_ENDING = /^\p{L}{3,}(ade|dde)$/u;

/** The car to buy as the subject of a present verb ("om den har fyrhjulsdrift", "bilen drar 2 ton") tells of that car, not another. */
const THE_CAR = new Set(["den", "det", "bilen", "nya", "it"]);
const PRESENT = /(ar|er|ör|år)$/u;

/** Verbs of liking, opinion and looking at cars: what they say of a car is a leaning ("tycker kombi är bättre", "tittar på en Hilux"). */
// prettier-ignore
const LEANING = new Set([
  "gillar", "gillade", "älskar", "älskade", "tycker", "tyckte", "tror", "trodde", "tänker", "verkar", "funderar", "kollar",
  "kollade", "tittar", "tittade", "provkör", "provkörde", "provkört", "testar", "testade", "testat", "likes", "like",
  "love", "loves", "think",
]);

/** After "så" ("har hund så kombi") comes what follows from the telling: the buyer's conclusion. */
const CONCLUSIONS = new Set(["så", "so", "därför", "alltså"]);

/** Limits said with a comparator ("minst 50 mil", "max 10 år gammal") are requirements by their form. */
const LIMITS = new Set(["atLeast", "atMost", "noOlderThan", "newerThan", "orNewer"]);

interface Span {
  start: number;
  end: number;
}
const covering = (spans: readonly Span[], index: number) => spans.some((span) => span.start <= index && index < span.end);

/** A verb of wanting in [from, to) whose subject is the buyer (or unsaid), not another person. */
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
  /** The next clause answers what this one told of another car: wants it back or refuses it ("…, det vill jag ha igen"). */
  answeredByNext?: boolean;
}

/** What a car has (fuel, body, size, make, drive, gearbox, seats) can be another car's; the gate weighs only these and figures. */
const CAR_KINDS = new Set(["fuel", "body", "size", "make", "origin", "model", "awd", "gearbox", "thirdRow"]);

/**
 * Mentions the gate leaves to the rules: a load to pull ("har en båttrailer på 1200 kg", "dragkrok som
 * drar 2 ton") is the buyer's need told as a fact, never another car; wishes, places and situations
 * weigh the ranking and make no hard field.
 */
function notACarProperty(reading: EvidenceReading, start: number): boolean {
  const quantity = reading.quantities.find((found) => found.index === start);
  if (quantity !== undefined) return quantity.unit === "kg" || quantity.unit === "ton";
  const concept = reading.concepts.find((found) => found.start <= start && start < found.end);
  return !CAR_KINDS.has((concept?.meaning as { kind?: string } | undefined)?.kind ?? "");
}

/** Switched off only by the scripts that measure what the gate changes. */
export const HARDNESS_GATE = { on: true };

/** What a mention is, by its evidence: a requirement as the rules read it, a leaning, context told of something else, or a question. */
type Evidence = "asRead" | "lean" | "told" | "asks";

/** The evidence for a mention at [start, …) in the part [from, to) of a clause (see the header). */
export function hardnessEvidence(reading: EvidenceReading, start: number, [from, to]: [number, number]): Evidence {
  if (!HARDNESS_GATE.on || reading.answeredByNext === true || notACarProperty(reading, start)) return "asRead";
  const { tokens } = reading;
  // "diesel kanske?", "behöver man fyrhjulsdrift där?": a clause that asks states no requirement.
  if (tokens.at(-1)?.questionAfter === true) return "asks";
  if (buyerWants(tokens, 0, to)) return "asRead";
  if (reading.markers.some((marker) => LIMITS.has(marker.meaning.marker) && marker.end > from && marker.start < to)) return "asRead";
  const understood: Span[] = [
    ...reading.concepts,
    ...reading.markers,
    ...reading.quantities.map((quantity) => ({ start: quantity.index, end: quantity.end + 1 })),
  ];
  let local = from;
  for (let index = from; index < start; index++) if (CONCLUSIONS.has(tokens[index]?.norm ?? "")) local = index + 1;
  let evidence: Evidence = "asRead";
  for (let index = local; index < to; index++) {
    const norm = tokens[index]?.norm ?? "";
    if (covering(understood, index)) continue;
    if (LEANING.has(norm)) evidence = "lean";
    // Only a verb before the mention tells of it: in "behöver 7 platser, har 4 ungar" the "har" is about the children.
    else if (index < start && (TELLING.has(norm) || PAST_ENDING.test(norm)) && !(PRESENT.test(norm) && THE_CAR.has(tokens[index - 1]?.norm ?? "")))
      return "told";
  }
  return evidence;
}

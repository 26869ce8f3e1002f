import { eitherOrAround, sharedSeats } from "./alternatives.server";
import { raiseWish, wishWeight, type Draft, type Sourced } from "./draft.server";
import { APPROXIMATE, comparatorBefore, modalityOf, orNewerAfter, type ClauseReading, type Comparator, type Modality } from "./modality.server";
import { toKg, toKm, type Quantity } from "./numbers.server";
import { readDistance, type Found, type MeasureContext, type Reading } from "./distances.server";
import { quote, type Token } from "./tokenize.server";
import type { Concept } from "./vocabulary.server";

export const TOW_WORDS = new Set(["dra", "drar", "dras", "drag", "bogsera", "tow", "towing", "pull", "pulling", "haul"]);
/** A weight in a clause of its own belongs to the trailer named elsewhere ("totalvikt 2,5 ton"). */
const WEIGHT_WORDS = /^(totalvikt|vikt|väger|weigh|totalt|total|lastad|lastat|fullastad|fullastat|ekipage|ekipaget)/u;
/** Lighter than any trailer: a roof box or a load, not something to tow. */
const LIGHTEST_TRAILER_KG = 300;
// prettier-ignore
const DRIVING_WORDS = new Set([
  "köra", "kör", "körkort", "körkortet", "förare", "föraren", "driver", "drive", "drives", "driving",
]);
// prettier-ignore
const PERSON_SUBJECTS = new Set([
  "jag", "han", "hon", "dottern", "sonen", "frun", "mannen", "sambon", "tjejen", "killen", "i", "he", "she",
]);
// prettier-ignore
const PERSON_NOUNS = new Set([
  "son", "sonen", "dotter", "dottern", "fru", "frun", "sambo", "sambon", "tjej", "kille", "daughter", "wife", "husband",
  "mamma", "pappa", "morsan", "farsan", "mor", "far", "mormor", "morfar", "farmor", "farfar", "svärmor", "svärfar", "maken", "frugan",
  "hustrun", "mother", "father", "mum", "mom", "dad",
]);
const AGE_VERBS = new Set(["är", "e", "blir", "fyller", "am", "is", "turns"]);
const PERSON_ROLES = /^(pensionär|student|tjej|kille|man|kvinna|förare|mamma|pappa|gubbe|gubben|gumma|tant|farbror|påg|grabb|gôbbe)/u;
const LEARNER = /^övningskör/u;
const LUGGAGE = /^(hund|bur|burar|väsk|barnvagn|vagn|cykl|cykel|golfbag|kass|låd|kartong|skidor|par)/u;
const LICENCE_AGE = 18;
const FOUR_SEATS = 4;
const SELF_AGE = new Set(["i'm", "im", "aged"]);
const SELF_SUBJECTS = new Set(["jag", "i"]);
const OTHER_SUBJECTS = new Set(["han", "hon", "he", "she"]);
const POSSESSIVES = new Set(["min", "mitt", "vår", "my", "our"]);
const JOINERS = new Set(["och", "and"]);
const RELATIVE_WORDS = new Set(["som", "that", "which", "who"]);
const ARTICLES = new Set(["en", "ett", "a", "an"]);
const OLD_WORDS = new Set(["gammal", "gamla", "gammalt", "old"]);
// prettier-ignore
const CAR_WORDS = new Set([
  "car", "cars", "vehicle", "fordon", "fordonet", "modell", "modellen", "model", "en", "ett", "one", "something",
  "något", "den", "det", "it",
]);
const CAR_KINDS: ReadonlySet<Concept["kind"]> = new Set(["body", "make", "model", "fuel", "size"]);
const COMPARATORS: ReadonlySet<string> = new Set(["atLeast", "atMost", "noOlderThan", "newerThan", "orNewer"]);

const hasWord = (tokens: readonly Token[], words: ReadonlySet<string>) => tokens.some((token) => words.has(token.norm));
const conceptIn = (reading: Reading, test: (concept: Concept) => boolean) => reading.concepts.some((match) => test(match.meaning));
const commuteIn = (reading: Reading) => conceptIn(reading, (concept) => concept.kind === "wish" && concept.commute === true);

const wordBefore = (tokens: readonly Token[], index: number) => tokens[index - 1]?.norm ?? "";
const loadIn = (reading: Reading) => conceptIn(reading, (concept) => concept.kind === "towing" && (concept.load === true || concept.minKg !== undefined));

function readTowing(reading: Reading, found: Found, draft: Draft, context: MeasureContext): void {
  const weighed = reading.tokens.some((token) => WEIGHT_WORDS.test(token.norm));
  const load = loadIn(reading);
  const towing =
    conceptIn(reading, (concept) => concept.kind === "towing") ||
    hasWord(reading.tokens, TOW_WORDS) ||
    ((weighed || toKg(found.quantity) >= LIGHTEST_TRAILER_KG) && context.towing);
  // "släpet väger max 1 300 kg" is the trailer's weight, which the car must still pull.
  const trailerAtMost = found.comparator === "atMost" && (weighed || load || context.towing);
  if (!towing || found.modality.negated || (found.comparator === "atMost" && !trailerAtMost)) return;
  if (found.modality.hedged) raiseWish(draft, "towing", wishWeight(found.modality));
  else draft.towingKg.push({ value: toKg(found.quantity), quote: found.words });
}

const aboutAnotherCar = (modality: Modality) => modality.ownership || modality.reported;

const CHARGING_RATE_WORDS = /^(ladd|snabbladd|charg|fast$|dc$)/u;
function readPower(found: Found, draft: Draft, tokens: readonly Token[]): void {
  const { quantity, modality } = found;
  // "hade en golf gti på 230 hästar": the old car's power is context.
  if (modality.negated || modality.ownership || modality.reported || found.comparator === "atMost") return;
  if (quantity.unit === "kw" && tokens.some((token) => CHARGING_RATE_WORDS.test(token.norm))) return;
  if (describesNamedCar(tokens, quantity.index)) return;
  const hp = quantity.unit === "kw" ? quantity.low * 1.36 : quantity.low;
  if (modality.hedged || modality.acceptable) raiseWish(draft, "sporty", wishWeight(modality), found.words);
  else draft.powerHp.push(Math.round(hp));
}

/** Every car seats four unless "minst" says so ("tre platser bak" is a width, noted); a family's size yields to a hedged or approximate ("typ 7") count. */
const CAR_PRONOUNS = new Set(["den", "de", "dom", "it"]);
const HAS = new Set(["har", "has"]);
function describesNamedCar(tokens: readonly Token[], index: number): boolean {
  const at = tokens.slice(Math.max(0, index - 3), index).findIndex((token) => HAS.has(token.norm));
  if (at < 0) return false;
  return CAR_PRONOUNS.has(tokens[Math.max(0, index - 3) + at - 1]?.norm ?? "");
}

function readSeats(found: Found, draft: Draft, seats = found.quantity.low, family = false): void {
  const { modality } = found;
  const unasked = seats <= 2 || (seats <= FOUR_SEATS && found.comparator !== "atLeast");
  if (modality.negated || found.comparator === "atMost" || unasked || aboutAnotherCar(modality)) return;
  const approximate = found.approximate === true && !modality.required && !modality.stressed;
  if (modality.hedged || modality.acceptable || approximate) {
    raiseWish(draft, "space", wishWeight(modality), found.words);
    draft.seatsHedged = true;
  } else (family ? draft.familySeats : draft.seats).push({ value: Math.round(seats), quote: found.words });
}

function carAt(reading: Reading, index: number): boolean {
  const norm = reading.tokens[index]?.norm ?? "";
  if (norm.startsWith("bil") || CAR_WORDS.has(norm)) return true;
  return reading.concepts.some((match) => match.start <= index && index < match.end && CAR_KINDS.has(match.meaning.kind));
}

function subjectBefore(reading: Reading, joiner: number): { self: boolean } | undefined {
  const { tokens } = reading;
  // "Jag vill ha en bil som är snål och är …": the relative clause's subject is the car.
  if (tokens.slice(0, joiner).some((token) => RELATIVE_WORDS.has(token.norm))) return undefined;
  const first = tokens[0]?.norm ?? "";
  if (SELF_SUBJECTS.has(first)) return { self: true };
  if (OTHER_SUBJECTS.has(first) || PERSON_NOUNS.has(first)) return { self: false };
  if (POSSESSIVES.has(first) && PERSON_NOUNS.has(tokens[1]?.norm ?? "")) return { self: false };
  return undefined;
}

function ageContext(reading: Reading, found: Found): { self: boolean } | undefined {
  const { tokens } = reading;
  const index = ARTICLES.has(tokens[found.start - 1]?.norm ?? "") ? found.start - 1 : found.start;
  const previous = tokens[index - 1]?.norm ?? "";
  const before = tokens[index - 2]?.norm ?? "";
  if (SELF_AGE.has(previous)) return { self: true };
  // "nu är jag 55": the verb before its subject.
  if (SELF_SUBJECTS.has(previous) && AGE_VERBS.has(before)) return { self: true };
  if (previous === "på" && PERSON_ROLES.test(before)) return { self: true };
  if (AGE_VERBS.has(previous)) {
    if (RELATIVE_WORDS.has(before)) return carAt(reading, index - 3) ? undefined : { self: false };
    if (PERSON_SUBJECTS.has(before) || PERSON_NOUNS.has(before)) return { self: SELF_SUBJECTS.has(before) };
    // "Är 19 år och har precis tagit körkort": the writer, with the subject left out.
    if (index === 1 && found.comparator === undefined) return { self: true };
    // No one says "och är max 23 år" of themselves; that is the car ("… och är max 5 år gammal").
    if (JOINERS.has(before) && found.comparator === undefined) return subjectBefore(reading, index - 2);
  }
  if (PERSON_NOUNS.has(previous)) return { self: false };
  return undefined;
}

function standaloneAge(reading: Reading, found: Found): boolean {
  const { tokens } = reading;
  const { quantity } = found;
  if (found.comparator !== undefined || quantity.index !== 0 || quantity.end === quantity.index) return false;
  if (!OLD_WORDS.has(tokens[quantity.end]?.norm ?? "")) return false;
  const after = quantity.end + 1;
  const comparatorAfter = reading.markers.some((marker) => marker.start >= after && marker.start - after <= 1 && COMPARATORS.has(marker.meaning.marker));
  return !comparatorAfter && !carAt(reading, after);
}

function bareAge(reading: Reading, found: Found): boolean {
  const { quantity } = found;
  const last = reading.tokens[quantity.end]?.norm ?? "";
  return (
    found.comparator === undefined &&
    quantity.index === 0 &&
    quantity.end === reading.tokens.length - 1 &&
    /^(år|years?)$/u.test(last) &&
    quantity.value >= LICENCE_AGE
  );
}

function addAge(reading: Reading, draft: Draft, age: number, self: boolean, driving = hasWord(reading.tokens, DRIVING_WORDS)): void {
  // Under 18 is a learner ("vår 17-åring övningskör"), not the driver the insurance is priced for.
  if (age < LICENCE_AGE || age > 110 || reading.tokens.some((token) => LEARNER.test(token.norm))) return;
  draft.ages.push({ age: Math.round(age), driving, self });
}

const PARENT = "pappa|mamma|far|mor|farsan|morsan|farfar|morfar|farmor|mormor|svärfar|svärmor|dad|mum|mom|father|mother";
const PARENTS = new RegExp(`^(${PARENT})$`, "u");
const FOR_PARENT = new RegExp(`(?<!\\p{L})(till|åt|för|for)\\s+((min|mitt|vår|mina|våra|my|our)\\s+)?(gamla\\s+)?(${PARENT})(?!\\p{L})`, "iu");
const AGE_LINKS = new Set(["är", "e", "som", "blir", "fyller", "is"]);

/** "en bil åt min pappa, han är 82", "mamma 79": the parent the car is bought for is its driver. */
function parentDriver(reading: Reading, found: Found, description: string): boolean {
  if (!FOR_PARENT.test(description)) return false;
  for (let index = found.start - 1; index >= Math.max(0, found.start - 3); index--) {
    const norm = reading.tokens[index]?.norm ?? "";
    if (PARENTS.test(norm) || (index === 0 && /^(han|hon)$/u.test(norm))) return true;
    if (!AGE_LINKS.has(norm)) return false;
  }
  return false;
}

const PEOPLE = /^(barn|barnen|ungar|ungarna|småbarn|kids|children|personer|people|pojkar|flickor|tjejer|killar|grabbar)$/u;

function readYears(reading: Reading, found: Found, draft: Draft, context: MeasureContext): void {
  const { quantity, modality, comparator } = found;
  if (parentDriver(reading, found, context.description)) return addAge(reading, draft, quantity.value, false, true);
  const person = quantity.personAge
    ? { self: false }
    : (ageContext(reading, found) ?? (standaloneAge(reading, found) || bareAge(reading, found) ? { self: true } : undefined));
  if (person !== undefined) {
    addAge(reading, draft, quantity.value, person.self);
    return;
  }
  if (comparator === undefined || comparator === "atLeast" || modality.negated || aboutAnotherCar(modality)) return;
  if (PEOPLE.test(reading.tokens[found.start - 1]?.norm ?? "")) return;
  // "efter 40 år på bruket": a span of the buyer's life, never a car's age.
  if (comparator === "newerThan" && reading.tokens[found.start]?.norm === "efter") return;
  addModelYear(draft, modality, { value: context.referenceYear - Math.ceil(quantity.high), quote: found.words }, found.approximate);
}

function addModelYear(draft: Draft, modality: Modality, year: Sourced<number>, approximate = false): void {
  if (modality.hedged || approximate) draft.preferredModelYears.push(year.value);
  else draft.modelYears.push(year);
}

function readBare(reading: Reading, found: Found, draft: Draft, context: MeasureContext): void {
  const { tokens } = reading;
  const { quantity, modality, comparator } = found;
  const value = quantity.value;
  if (Number.isInteger(value) && value >= 1950 && value <= 2100 && quantity.low === quantity.high) {
    if (modality.negated || aboutAnotherCar(modality)) return;
    const orNewer = orNewerAfter(reading, quantity.end);
    if (comparator === "newerThan") addModelYear(draft, modality, { value: value + 1, quote: found.words }, found.approximate);
    else if (comparator === "atLeast" || comparator === "noOlderThan" || orNewer)
      addModelYear(draft, modality, { value, quote: found.words }, found.approximate);
    return;
  }
  if (parentDriver(reading, found, context.description)) return addAge(reading, draft, value, false, true);
  const person = ageContext(reading, found);
  if (person !== undefined) {
    addAge(reading, draft, value, person.self);
    return;
  }
  // "en husvagn på 1600", "totalt runt sextonhundra": a load's weight written without its unit.
  const weighed = tokens.slice(Math.max(0, quantity.index - 3), quantity.index).some((token) => WEIGHT_WORDS.test(token.norm));
  const onLoad = wordBefore(tokens, quantity.index) === "på" && loadIn(reading);
  if ((onLoad || (weighed && context.towing)) && value >= LIGHTEST_TRAILER_KG && value <= 4000) {
    readTowing(reading, { ...found, quantity: { ...quantity, unit: "kg" } }, draft, context);
    return;
  }
  const previous = tokens[quantity.index - 1]?.norm ?? "";
  const before = tokens[quantity.index - 2]?.norm ?? "";
  const thing = tokens[quantity.end + 1]?.norm ?? "";
  const roomFor = previous === "för" && /plats(er)?$/u.test(before) && !LUGGAGE.test(thing);
  if (roomFor || (previous === "är" && before === "vi") || (previous === "are" && before === "we")) {
    if (value <= 12) readSeats(found, draft);
  }
}

function readQuantity(reading: Reading, quantity: Quantity, draft: Draft, context: MeasureContext): Found | undefined {
  const read = modalityOf(reading, quantity.index, quantity.end + 1);
  if (read.indifferent) return undefined;
  const before = comparatorBefore(reading, quantity.index);
  // "inte har gått mer än 15 000 mil", "inte över 2 ton": a refused minimum is a maximum.
  const flipped = before?.kind === "atLeast" && read.negated && read.negationStart !== undefined && read.negationStart < before.start;
  const comparator = flipped ? { ...before, kind: "atMost" as const } : before;
  const modality = flipped ? { ...read, negated: false } : read;
  const start = comparator?.start ?? quantity.index;
  const from = Math.min(start, modality.negationStart ?? start);
  const words = quote(context.description, reading.tokens, from, quantity.end);
  const approximate = reading.tokens.slice(Math.max(0, start - 1), quantity.index).some((token) => APPROXIMATE.has(token.norm));
  const found: Found = { quantity, modality, comparator: comparator?.kind, start, words, ...(approximate ? { approximate } : {}) };
  switch (quantity.unit) {
    case "kg":
    case "ton":
      readTowing(reading, found, draft, context);
      break;
    case "mil":
    case "km":
    case "miles":
      readDistance(reading, found, draft, context);
      break;
    case "hp":
    case "kw":
      readPower(found, draft, reading.tokens);
      break;
    case "seats":
    case "people":
      if (!describesNamedCar(reading.tokens, found.quantity.index)) readSeats(found, draft);
      break;
    case "years":
      readYears(reading, found, draft, context);
      break;
    case null:
      readBare(reading, found, draft, context);
      break;
    case "horses":
      // "dra två hästar": the horses ride in a trailer the car pulls.
      if (hasWord(reading.tokens, TOW_WORDS) && !found.modality.negated) {
        draft.loadNamed = true;
        raiseWish(draft, "towing", wishWeight(found.modality));
      }
      break;
    case "adults":
    case "kids":
    case "kwh":
    case "sek":
      break;
  }
  const shared = sharedSeats(eitherOrAround(reading.eitherOr, quantity.index, quantity.end + 1));
  if (shared !== undefined && !modality.negated && !aboutAnotherCar(modality)) draft.seats.push({ value: shared, quote: words });
  return found;
}

export function readMeasurements(reading: Reading, draft: Draft, context: MeasureContext): void {
  let adults = 0;
  let kids = 0;
  let kidsFound: Found | undefined;
  for (const quantity of reading.quantities) {
    const found = readQuantity(reading, quantity, draft, context);
    if (found === undefined || found.modality.negated) continue;
    if (quantity.unit === "adults") adults += quantity.value;
    if (quantity.unit === "kids" && !found.modality.familyGone) {
      kids += quantity.value;
      kidsFound = found;
      raiseWish(draft, "space", wishWeight(found.modality), found.words);
      raiseWish(draft, "safety", wishWeight(found.modality), found.words);
    }
  }
  if (kidsFound === undefined) return;
  // Everyone rides at once: "2 vuxna och 3 barn" is five seats; five children bring at least one adult.
  if (adults > 0) readSeats(kidsFound, draft, adults + kids, true);
  else if (kids + 1 > 5) readSeats(kidsFound, draft, kids + 1, true);
}

import { PLAIN_WEIGHT, raiseWish, wishWeight, type Draft, type Period } from "./draft.server";
import type { ClauseReading, Comparator, Modality } from "./modality.server";
import { toKm, type Quantity } from "./numbers.server";
import { hasPhrase, periodAfter, sentenceAround, tripsPerYear } from "./trips.server";
import { quote, type Token } from "./tokenize.server";
import type { Concept } from "./vocabulary.server";

// Distances: a trip's mileage, a range, an odometer limit, told apart by the words around the figure.

export interface MeasureContext {
  description: string;
  referenceYear: number;
  towing: boolean;
  electric?: boolean;
}

export type Reading = ClauseReading<Concept>;

export interface Found {
  quantity: Quantity;
  modality: Modality;
  comparator: Comparator | undefined;
  start: number;
  words: string;
  /** "max typ 8 år": an approximation around the limit. */
  approximate?: boolean;
}

const RANGE_WORDS = new Set(["räcka", "räcker", "laddning", "laddningen", "range", "charge"]);
const ODOMETER_WORDS = new Set(["gått", "körd", "körts", "rullat", "mätaren", "mätarn", "mätare", "mileage", "odometer", "clock"]);
const words = (phrases: readonly string[]) => phrases.map((phrase) => phrase.split(" "));
const ONE_WAY = words(["enkel väg", "enkelväg", "enkel resa", "enkelresa", "varje väg", "one way", "each way"]);
const ROUND_TRIP = words(["tur och retur", "tur retur", "t r", "fram och tillbaka", "round trip", "both ways"]);
const WORK_TRIP = words(["till jobbet", "till arbetet", "till skolan", "to work", "t jobbet", "till jobbe"]);

const hasWord = (tokens: readonly Token[], words: ReadonlySet<string>) => tokens.some((token) => words.has(token.norm));
const conceptIn = (reading: Reading, test: (concept: Concept) => boolean) => reading.concepts.some((match) => test(match.meaning));
const commuteIn = (reading: Reading) => conceptIn(reading, (concept) => concept.kind === "wish" && concept.commute === true);
const aboutAnotherCar = (modality: Modality) => modality.ownership || modality.reported;

const RANGE_STEM = /^rac?kk?vidd?/u;
const isRangeWord = (token: Token) => RANGE_STEM.test(token.folded) || RANGE_WORDS.has(token.norm);
const LONGEST_RANGE_MIL = 100;
const RATED = new Set(["wltp", "nedc", "epa"]);
const IF_WORDS = new Set(["om", "if", "ifall"]);
const MANAGES = new Set(["klarar", "klara", "orkar", "räcker", "går"]);
/** A trip of ten mil or more one way is a long one (Stockholm–Uppsala and back is under it). */
const LONG_TRIP_MIL = 10;
const THITHER = new Set(["dit", "bort", "there", "away"]);
const TOWARDS = new Set(["till", "to"]);
const ONE_OFF = words(["en gång", "en enda gång", "nån gång", "någon gång", "once"]);
const WORK_WORDS = /\b(?:jobb\S*|arbete\S*|arbetsplats\S*|arbetsdag\S*|vardag\S*|skift\S*|pendl\S*|kontoret|work|commut\S*)/u;
const DAYS_A_YEAR = 365;

export function readDistance(reading: Reading, found: Found, draft: Draft, context: MeasureContext): void {
  const { tokens } = reading;
  const { quantity, modality } = found;
  if (modality.negated) return;
  const mil = toKm(quantity) / 10;
  // "24 mil tur och retur varje dag": a daily trip there and back is a working day's commute.
  const trip = [...ONE_WAY, ...ROUND_TRIP].find((phrase) => phrase.every((word, offset) => tokens[quantity.end + 1 + offset]?.norm === word));
  const period = periodAfter(tokens, quantity.end + 1) ?? (trip === undefined ? undefined : periodAfter(tokens, quantity.end + 1 + trip.length));
  if (period !== undefined) {
    const periodStart = quantity.end + 1 + (trip?.length ?? 0);
    const limit = capOrOccasional(tokens, found, period, periodStart);
    if (limit !== undefined) {
      const last = tokens.findIndex((token, index) => index >= periodStart && token.norm === ",");
      const end = Math.min(last < 0 ? tokens.length - 1 : last - 1, periodStart + 3);
      const leads = tokens.slice(Math.max(0, quantity.index - 4), quantity.index).findIndex((token) => NOW_AND_THEN.has(token.norm));
      const from = Math.min(found.start, leads < 0 ? found.start : Math.max(0, quantity.index - 4) + leads);
      draft.mileageNotes.push({ value: limit, quote: quote(context.description, tokens, from, end) });
      return;
    }
    const oneWay = period === "day" && hasPhrase(tokens, ONE_WAY) && !hasPhrase(tokens, ROUND_TRIP);
    const sentence = sentenceAround(context.description, tokens[quantity.index]?.start ?? 0);
    // Daily driving for work runs on working days; "fem dar i veckan" gives the days a year.
    if (period === "day" && (trip !== undefined || WORK_WORDS.test(sentence))) draft.commute = true;
    const days = period === "day" ? tripsPerYear(sentence) : undefined;
    if (days !== undefined && days < DAYS_A_YEAR) draft.mileage.push({ period: "year", mil: (oneWay ? mil * 2 : mil) * days, trips: true });
    else draft.mileage.push({ period, mil: oneWay ? mil * 2 : mil });
    return;
  }
  const odometer = tokens.some((token) => token.norm.startsWith("miltal") || token.norm.startsWith("mätarställning") || ODOMETER_WORDS.has(token.norm));
  // "elbil me bra räckvid, minst 40 mil": in an electric wish, a bare minimum distance is its range.
  const rated = tokens.some((token) => RATED.has(token.norm));
  const electricMinimum = context.electric === true && found.comparator === "atLeast" && !odometer && !rated && mil <= LONGEST_RANGE_MIL;
  // "elbil funkar också om den klarar 25 mil": the condition on the electric choice is its range (it filters only elbilar).
  const condition = tokens.slice(0, quantity.index).some((token) => IF_WORDS.has(token.norm));
  const electricClaim = conceptIn(reading, (concept) => concept.kind === "fuel" && concept.fuels.includes("el")) && hasWord(tokens, MANAGES);
  const minimumLater =
    found.comparator === undefined &&
    reading.markers.some(
      (marker) => marker.meaning.marker === "atLeast" && marker.start > quantity.end + 1 && reading.quantities.some((later) => later.index === marker.end),
    );
  if (minimumLater && tokens.some(isRangeWord)) {
    if (mil >= LONG_TRIP_MIL) raiseWish(draft, "longTrips", PLAIN_WEIGHT, found.words);
    return;
  }
  if (tokens.some(isRangeWord) || electricMinimum || (condition && electricClaim)) {
    if (modality.hedged && !condition) raiseWish(draft, "longTrips", wishWeight(modality), found.words);
    else draft.rangeKm.push({ value: Math.round(toKm(quantity, "low")), quote: found.words });
    return;
  }
  const odometerWords = tokens.some((token) => token.norm.startsWith("miltal") || token.norm.startsWith("mätarställning") || ODOMETER_WORDS.has(token.norm));
  const maxMil = toKm(quantity, "high") / 10;
  // Without "miltal", "max 40 mil" is a range or a trip: no used car worth a requirement has under 500 mil.
  if (odometerWords || (found.comparator === "atMost" && maxMil >= 500)) {
    // "den har gått 38 000 mil", "min gamla har rullat 45 000": a car that exists, not a limit.
    if (aboutAnotherCar(modality) || (found.comparator === undefined && perfectTense(tokens, quantity.index))) return;
    (modality.hedged ? draft.preferredOdometerMil : draft.odometerMil).push(Math.round(maxMil));
    return;
  }
  // "pendlar 3 mil enkel väg", "4 mil till jobbet": a working day's commute, there and back.
  const oneWay = (hasPhrase(tokens, ONE_WAY) || hasPhrase(tokens, WORK_TRIP)) && !hasPhrase(tokens, ROUND_TRIP);
  const times = tripsPerYear(sentenceAround(context.description, tokens[quantity.index]?.start ?? 0));
  const work = hasPhrase(tokens, WORK_TRIP) || commuteIn(reading);
  // "90 mil till Norge en gång i sommar", "60 mil till fjällen": a destination named after the figure is a trip.
  const destination = TOWARDS.has(tokens[quantity.end + 1]?.norm ?? "") && tokens[quantity.end + 2]?.number === undefined;
  const far =
    !work && found.comparator === undefined && mil >= LONG_TRIP_MIL && (oneWay || destination || hasWord(tokens, THITHER) || hasPhrase(tokens, ONE_OFF));
  if (far) raiseWish(draft, "longTrips", PLAIN_WEIGHT, found.words);
  if (times !== undefined && (oneWay || hasPhrase(tokens, ROUND_TRIP))) {
    draft.mileage.push({ period: "year", mil: (oneWay ? mil * 2 : mil) * times, trips: true });
    return;
  }
  if (far) return;
  if (oneWay || commuteIn(reading)) {
    draft.commute = true;
    draft.mileage.push({ period: "day", mil: oneWay ? mil * 2 : mil });
  }
}

const MOST_AFTER = [["som", "mest"], ["som", "max"], ["max"], ["högst"], ["at", "most"], ["tops"]];
const NOW_AND_THEN = new Set(["ibland", "emellanåt", "stundtals", "periodvis", "vissa", "enstaka", "sometimes", "occasionally"]);
const AT_TIMES = [
  ["någon", "gång"],
  ["nån", "gång"],
  ["då", "och", "då"],
  ["en", "del", "dagar"],
];

function wordsAt(tokens: readonly Token[], at: number, words: readonly string[]): boolean {
  return at >= 0 && words.every((word, offset) => tokens[at + offset]?.norm === word);
}

/** "max 12 mil per dag", "ibland 30 mil om dagen": no usual day, so never multiplied into a year; a yearly ceiling is usage. */
function capOrOccasional(tokens: readonly Token[], found: Found, period: Period, periodStart: number): "cap" | "occasional" | undefined {
  const index = found.quantity.index;
  const before = Math.max(0, index - 4);
  const leadWords = (phrases: readonly (readonly string[])[]) =>
    phrases.some((words) => Array.from({ length: index - before }, (_, offset) => before + offset).some((at) => wordsAt(tokens, at, words)));
  if (tokens.slice(before, index).some((token) => NOW_AND_THEN.has(token.norm)) || leadWords(AT_TIMES)) return "occasional";
  if (period === "year") return undefined;
  if (found.comparator === "atMost") return "cap";
  // A ceiling word after the period, not opening a limit of its own ("om dagen, max 200k").
  for (let after = periodStart + 1; after <= periodStart + 3 && tokens[after]?.norm !== ","; after++) {
    const words = MOST_AFTER.find((phrase) => wordsAt(tokens, after, phrase));
    if (words !== undefined && tokens[after + words.length]?.number === undefined) return "cap";
    if (NOW_AND_THEN.has(tokens[after]?.norm ?? "")) return "occasional";
  }
  return undefined;
}

const PERFECT_AUXILIARIES = new Set(["har", "hade", "has", "had"]);
function perfectTense(tokens: readonly Token[], index: number): boolean {
  const verb = tokens.slice(Math.max(0, index - 3), index).findIndex((token) => ODOMETER_WORDS.has(token.norm));
  if (verb < 0) return false;
  const at = Math.max(0, index - 3) + verb;
  return PERFECT_AUXILIARIES.has(tokens[at - 1]?.norm ?? "") || PERFECT_AUXILIARIES.has(tokens[at - 2]?.norm ?? "");
}

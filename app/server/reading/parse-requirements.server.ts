import { MAKE_ORIGIN, MAKES, type Gearbox } from "#app/lib/car-facts";
import { BuyerRequirementsSchema, type BuyerRequirements, type RequirementAssumption, WISH_KEYS, type WishKey } from "#app/lib/requirements";
import type { SearchInput } from "#app/lib/search-form";
import { notedAlternatives } from "./alternatives.server";
import { isCommonWord } from "./common-words.server";
import { settleHard } from "./conflicts.server";
import { mildHome, MOUNTAINS, onRoute, pastTrip, placeSense, routePlaces, seasonOf, toldSense, visitBringsWinter, winterStored } from "./context.server";
import { longTripQuote } from "./context.server";
import {
  addUnique,
  assumedWishesOf,
  emptyDraft,
  PLAIN_WEIGHT,
  raiseWish,
  wishEntries,
  wishWeight,
  type Draft,
  type Sourced,
  type SourcedMake,
} from "./draft.server";
import { describedBefore, linkedClause, pleasantOfAnother, refusedHead } from "./clause-links.server";
import { findEnumerations, joinEnumerations, type Enumeration } from "./enumerations.server";
import type { Match } from "./match.server";
import { readMeasurements, TOW_WORDS } from "./measurements.server";
import { modalityOf, type ClauseReading, type Modality } from "./modality.server";
import { settlePreferences } from "./preferences.server";
import { readSituation } from "./situation.server";
import { readClause } from "./read-clause.server";
import { quote, tokenize, type Token } from "./tokenize.server";
import { trailerTotals } from "./trailer-totals.server";
import { guardedByRules } from "./tagger.server";
import { notedMileage, settleUsage } from "./usage.server";
import { LIGHT_TRAILER_KG, type Concept } from "./vocabulary.server";
import { namedModels, notedModels } from "./named-models.server";
import { withoutOwnCar } from "./own-car.server";
import { flownToAfter } from "./possessors.server";
import { notedFeatures, notedPermissions, notedRefusals, qualifiedRefusal } from "./noted.server";
import { notedUnread } from "./unread.server";

export interface ParseOptions {
  referenceYear?: number;
}

const DEFAULT_REFERENCE_YEAR = 2026;
const HOME_WORDS = new Set(["bor", "bosatt", "bosatta", "live", "lives", "living"]);
const ADULT_WORDS = /^(vuxn|adult|tonåring|teenager)/u;
/** "inte en stor SUV" refuses a size, not the body. */
const SIZE_WORDS = /^(stor|stora|stort|större|jättestor\p{L}*|enorm\p{L}*|liten|lilla|litet|mindre|big|huge|small)$/u;
const WELCOME_NOT_REQUIRED = /(gärna|helst)\s*,?\s*(men|fast)\s+(inte|inget|ej)\b/iu;
/** "kombi går bra, suv också": the second item shares the first one's permission. */
const THE_CAR_BEFORE = new Set(["i", "med", "in"]);
const DEFINITE = /(?:en|in|et)$/u;
const ALSO_WORDS = new Set(["också", "även", "med", "too", "also"]);
const SOFT_WHEN_QUALIFIED = new Set(["fuel", "make", "origin"]);
const BIKE_CARRIER = /^(cykelhållar\p{L}*|cykelställ\p{L}*|cykelräcke\p{L}*|cykelhållare|bike ?racks?|bike carriers?)$/u;

function aboutAnotherCar(modality: Modality): boolean {
  return modality.ownership || modality.reported;
}

/** Plain: required; hedged or compared: preferred; negated: refused; hedged refusal or dislike: avoided. */
function choose<T, S extends Sourced<T>>(
  modality: Modality,
  values: readonly T[],
  source: (value: T) => S,
  lists: { wanted: S[]; refused: S[]; prefer: (values: readonly T[]) => void; avoid?: T[]; leaned?: S[] },
): void {
  if (aboutAnotherCar(modality)) return;
  if (modality.negated) {
    if (!modality.hedged) lists.refused.push(...values.map(source));
    else if (lists.avoid !== undefined) addUnique(lists.avoid, ...values);
  } else if (modality.hedged || modality.comparison) {
    lists.prefer(values);
    lists.leaned?.push(...values.map(source));
  } else lists.wanted.push(...values.map(source));
}

/** A list across commas ("gärna Volvo, Toyota eller Kia") is one mention, governed by the markers around it. */
function applyConcept(reading: ClauseReading<Concept>, match: Match<Concept>, draft: Draft, description: string, list?: Enumeration): void {
  const mention = list ?? match;
  let modality = modalityOf(reading, mention.start, mention.end);
  const concept = match.meaning;
  // "Gärna men inte nödvändigt med fyrhjulsdrift" is welcome; "fyrhjulsdrift är inget krav" alone stays indifferent.
  if (modality.indifferent && concept.kind === "awd" && WELCOME_NOT_REQUIRED.test(description))
    raiseWish(draft, "awd", wishWeight({ ...modality, hedged: true, stressed: false }));
  const quoted = quote(description, reading.tokens, modality.negationStart ?? match.start, match.end - 1);
  if (modality.acceptable && !modality.negated) accept(draft, concept);
  if (modality.acceptable && concept.kind === "gearbox") draft.accepted.gearboxes.push({ value: concept.gearbox, quote: quoted });
  if (modality.indifferent || modality.acceptable) return;
  const source = <T>(value: T): Sourced<T> => ({ value, quote: quoted });
  const aboutTheCar = !aboutAnotherCar(modality);
  if (modality.negated && SOFT_WHEN_QUALIFIED.has(concept.kind) && qualifiedRefusal(reading.tokens, modality.negationStart ?? match.start, mention.start))
    modality = { ...modality, hedged: true };

  switch (concept.kind) {
    case "fuel":
      choose(modality, concept.fuels, source, {
        wanted: draft.fuels,
        refused: draft.excludedFuels,
        prefer: (fuels) => addUnique(draft.preferredFuels, ...fuels),
        avoid: draft.avoidedFuels,
        leaned: draft.leanedFuels,
      });
      return;
    case "body":
      if (modality.negated && sizedRefusal(reading.tokens, modality.negationStart ?? match.start, match.start)) {
        raiseWish(draft, "cityFriendly", PLAIN_WEIGHT);
        return;
      }
      if (modality.negated && qualifiedRefusal(reading.tokens, modality.negationStart ?? match.start, match.start)) return;
      // "sitta lågt i sedanen": the definite form after a preposition is a car that exists.
      if (THE_CAR_BEFORE.has(reading.tokens[match.start - 1]?.norm ?? "") && DEFINITE.test(reading.tokens[match.end - 1]?.norm ?? "")) return;
      choose(modality, concept.bodies, source, {
        wanted: draft.bodies,
        refused: draft.excludedBodies,
        prefer: (bodies) => addUnique(draft.preferredBodies, ...bodies),
        leaned: draft.leanedBodies,
      });
      return;
    case "size":
      // "inte en stor SUV": a refused large size asks for a handier car, not a hard filter ("inte för stor" is a limit).
      if (modality.negated && concept.sizes.includes("large") && !tooBig(reading.tokens, match.start)) {
        raiseWish(draft, "cityFriendly", PLAIN_WEIGHT);
        return;
      }
      if (modality.negated && concept.sizes.includes("small") && !tooBig(reading.tokens, match.start)) {
        raiseWish(draft, "space", PLAIN_WEIGHT);
        return;
      }
      choose(modality, concept.sizes, source, {
        wanted: draft.sizes,
        refused: draft.excludedSizes,
        prefer: () => raiseWish(draft, "cityFriendly", wishWeight(modality)),
      });
      return;
    case "make":
    case "origin": {
      const makes = concept.kind === "make" ? concept.makes : MAKES.filter((make) => MAKE_ORIGIN[make] === concept.origin);
      const origin = concept.kind === "origin" ? { origin: concept.origin } : concept.group === true ? { group: true as const } : {};
      choose(modality, makes, (value): SourcedMake => ({ value, quote: quoted, ...origin }), {
        wanted: draft.makes,
        refused: draft.excludedMakes,
        prefer: (preferred) => addUnique(draft.preferredMakes, ...preferred),
        avoid: draft.avoidedMakes,
      });
      return;
    }
    case "model":
      if (!aboutTheCar || modality.negated) return;
      addUnique(draft.preferredMakes, concept.make);
      addUnique(draft.preferredBodies, ...concept.bodies);
      draft.leanedBodies.push(...concept.bodies.map(source));
      return;
    case "awd":
      if (concept.opposite === true) {
        if (aboutTheCar && modality.negated) raiseWish(draft, "awd", wishWeight(modality));
        if (aboutTheCar && modality.negated && !modality.hedged) draft.awd = true;
        return;
      }
      if (!aboutTheCar || modality.negated) return;
      if (modality.hedged) raiseWish(draft, "awd", wishWeight(modality));
      else draft.awd = true;
      return;
    case "gearbox": {
      // Two gearboxes: "inte manuell" asks for an automatic.
      if (!aboutTheCar) return;
      const other: Gearbox = concept.gearbox === "automat" ? "manuell" : "automat";
      const gearbox = modality.negated ? other : concept.gearbox;
      if (modality.hedged && !modality.negated) draft.leanedGearboxes.push(source(gearbox));
      if (modality.hedged) addUnique(draft.preferredGearboxes, gearbox);
      else draft.gearboxes.push(source(gearbox));
      if (modality.required && !modality.hedged) draft.requiredGearboxes.push(source(gearbox));
      return;
    }
    case "thirdRow":
      if (modality.negated) return;
      if (modality.hedged) raiseWish(draft, "space", wishWeight(modality), quoted);
      else draft.seats.push(source(7));
      if (!modality.hedged && reading.tokens.some((token) => ADULT_WORDS.test(token.norm))) draft.thirdRowAdults = true;
      return;
    case "adultsBack":
      if (!modality.negated) draft.adultsBack = true;
      return;
    case "towing":
      // The old car's towbar is its story; a load named is the buyer's own.
      if (!aboutTheCar && reading.answeredByNext !== true && concept.load !== true && concept.minKg === undefined) return;
      if (modality.negated && aboutTheCar && !modality.hedged) draft.towingRefused = true;
      if (modality.negated) return;
      if (concept.minKg !== undefined || concept.load === true) draft.loadNamed = true;
      // A caravan or horse trailer without a weight: our assumption, shown as such until a weight is stated.
      if (concept.minKg !== undefined && !modality.hedged) draft.assumedTowingKg.push(source(concept.minKg));
      else if (reading.tokens.some((token) => BIKE_CARRIER.test(token.norm))) raiseWish(draft, "towing", wishWeight(modality));
      // "Dragkrok är ett måste": the car must be approved for towing at all; a stated weight wins.
      else if (modality.required && (aboutTheCar || concept.load === true)) draft.towingFloorKg.push(LIGHT_TRAILER_KG);
      else raiseWish(draft, "towing", wishWeight(modality));
      return;
    case "wish":
      if ((modality.negated || refusedHead(reading.tokens, match.start)) && concept.refused !== undefined && aboutTheCar) {
        for (const [key, factor] of wishEntries(concept.refused)) raiseWish(draft, key, factor * wishWeight(modality));
        return;
      }
      if ((modality.negated && !costRefused(reading, modality.negationStart, match.start)) || (concept.family === true && modality.familyGone)) return;
      if (pleasantOfAnother(reading, match) || describedBefore(reading, match)) return;
      // Said as a need ("behöver stort bagage"), a wish weighs as a stressed one; a wish we read into the words does not.
      for (const [key, factor] of wishEntries(concept.wishes))
        raiseWish(
          draft,
          key,
          factor * (modality.required && !modality.hedged && impliedBy(concept, key, quoted) === undefined ? 1 : wishWeight(modality)),
          impliedBy(concept, key, quoted),
        );
      if (concept.commute === true) draft.commute = true;
      return;
    case "region":
      if (concept.winter === true && concept.northern !== true && mildHome(reading.tokens, match.start)) {
        draft.mildWinter = true;
        return;
      }
      // "aldrig mer en bil utan fyrhjulsdrift här uppe i Kiruna": a place is refused only by a negation right before it.
      if (modality.negated && (modality.negationStart ?? 0) >= match.start - 2) return;
      // "jobbar i Kiruna två veckor i månaden (flyger dit)": a place flown to is not where the car is driven.
      const lives = reading.tokens.slice(Math.max(0, match.start - 3), match.start).some((token) => HOME_WORDS.has(token.norm));
      if (!lives && flownToAfter(description, reading.tokens[match.start]?.start ?? 0)) return;
      if (concept.northern === true) {
        // "bor i Östersund" is the buyer's climate; "till fjällen på sommarn" is a trip.
        if (placeSense(reading.tokens, match.start) === "home") {
          draft.northern = true;
          draft.winter = true;
        } else if (visitBringsWinter(reading.tokens, match.start, draft.season)) draft.winter = true;
      } else if (
        concept.winter === true &&
        !winterStored(reading.tokens, match.start) &&
        (!pastTrip(reading.tokens) || toldSense(reading.tokens, match.start) === "home")
      )
        draft.winter = true;
      if (concept.area !== undefined && !(concept.area === "storstad" && onRoute(reading.tokens, match.start, description)))
        draft.areas.push({ area: concept.area, home: reading.tokens.some((token) => HOME_WORDS.has(token.norm)) });
      for (const [key, factor] of wishEntries(concept.wishes ?? {})) raiseWish(draft, key, factor * wishWeight(modality), impliedBy(concept, key, quoted));
      return;
    case "newDriver":
      if (!modality.negated) draft.newDriver = true;
      return;
    case "homeCharging":
      if (!modality.negated) addUnique(draft.preferredFuels, "el", "laddhybrid");
      return;
    case "neutral":
      return;
  }
}

/** "inte för dyr i försäkring": the refused cost is that of what follows, which is then the wish. */
function costRefused(reading: ClauseReading<Concept>, from: number | undefined, to: number): boolean {
  return reading.concepts.some(
    (other) => other.meaning.kind === "wish" && other.meaning.refused?.cheapToBuy !== undefined && other.start >= (from ?? to) && other.end <= to,
  );
}

function impliedBy(concept: { implied?: readonly WishKey[] }, key: WishKey, words: string): string | undefined {
  return concept.implied?.includes(key) === true ? words : undefined;
}

function accept(draft: Draft, concept: Concept): void {
  if (concept.kind === "fuel") addUnique(draft.accepted.fuels, ...concept.fuels);
  else if (concept.kind === "body") addUnique(draft.accepted.bodies, ...concept.bodies);
  else if (concept.kind === "make") addUnique(draft.accepted.makes, ...concept.makes);
}

/** An allow-list the buyer narrowed also holds what they said is fine; an empty one stays open. */
function widen<T>(allowed: T[], accepted: readonly T[], excluded: readonly T[] = []): T[] {
  if (allowed.length === 0) return allowed;
  return [...allowed, ...accepted.filter((value) => !allowed.includes(value) && !excluded.includes(value))];
}

function alsoPermitted(reading: ClauseReading<Concept>, previous: ClauseReading<Concept> | undefined): boolean {
  if (previous === undefined || !previous.markers.some((match) => match.meaning.marker === "acceptable")) return false;
  const last = reading.tokens.at(-1)?.norm ?? "";
  const covered = reading.concepts.reduce((sum, match) => sum + (match.end - match.start), 0);
  return ALSO_WORDS.has(last) && reading.concepts.length > 0 && covered === reading.tokens.length - 1;
}

function tooBig(tokens: readonly Token[], at: number): boolean {
  return tokens[at - 1]?.norm === "för";
}

function sizedRefusal(tokens: readonly Token[], from: number, to: number): boolean {
  return tokens.slice(from, to).some((token) => SIZE_WORDS.test(token.norm));
}

function isNonsense(all: readonly Token[], recognised: ReadonlySet<Token>): boolean {
  const words = all.filter((token) => token.number === undefined && /\p{L}/u.test(token.norm));
  const known = words.filter((token) => recognised.has(token) || isCommonWord(token.norm)).length;
  return known === 0 || (words.length >= 4 && known / words.length < 0.2);
}

export const parseRequirements = (input: SearchInput, options: ParseOptions = {}) => guardedByRules(() => readRequirements(input, options));

function readRequirements(input: SearchInput, options: ParseOptions): BuyerRequirements {
  const referenceYear = options.referenceYear ?? DEFAULT_REFERENCE_YEAR;
  const { text: description, clauses, all } = tokenize(input.description);
  const draft = emptyDraft();
  const recognised = new Set<Token>();
  const readings = joinEnumerations(clauses, (tokens) => readClause(tokens)).map((tokens) => readClause(tokens, recognised));
  // Something to pull named anywhere makes a weight in another clause its weight ("dra vår Kabe, den är på 1 700 kg").
  const towing = readings.some(
    (reading) => reading.concepts.some((match) => match.meaning.kind === "towing") || reading.tokens.some((token) => TOW_WORDS.has(token.norm)),
  );
  const electric = readings.some((reading) =>
    reading.concepts.some((match) => match.meaning.kind === "fuel" && match.meaning.fuels.includes("el") && match.meaning.fuels.length === 1),
  );
  const season = seasonOf(all);
  if (season !== undefined) draft.season = season;
  let previous: ClauseReading<Concept> | undefined;
  const linkedReadings: ClauseReading<Concept>[] = [];
  for (const [index, read] of readings.entries()) {
    const next = readings[index + 1];
    const reading = linkedClause(read, previous, next);
    linkedReadings.push(reading);
    readMeasurements(reading, draft, { description, referenceYear, towing, electric });
    const lists = findEnumerations(reading.tokens, reading.concepts);
    const permitted = alsoPermitted(reading, previous);
    previous = reading;
    if (permitted) {
      for (const match of reading.concepts) accept(draft, match.meaning);
      continue;
    }
    for (const match of reading.concepts) {
      const list = lists.find((found) => found.start <= match.start && match.end <= found.end);
      applyConcept(reading, match, draft, description, list);
    }
  }

  if (towing) draft.towingKg.push(...trailerTotals(description));
  const route = routePlaces(description);
  const trip = longTripQuote(description, route);
  if (trip) raiseWish(draft, "longTrips", PLAIN_WEIGHT, trip);
  // A trip to the mountains ("Göteborg-Åre", written as one word) drives in winter unless said otherwise.
  if (route.some((place) => MOUNTAINS.test(place)) && draft.season !== "summer") draft.winter = true;
  const { hard, conflicts } = settleHard(draft, input.maxPrice, input.carType, referenceYear);
  hard.allowedFuels = widen(hard.allowedFuels, draft.accepted.fuels, hard.excludedFuels);
  hard.bodyTypes = widen(hard.bodyTypes, draft.accepted.bodies);
  hard.requiredMakes = widen(hard.requiredMakes, draft.accepted.makes, hard.excludedMakes);
  const assumptions = towingAssumption(draft, hard.minTowingKg);
  const awdWish = (draft.wishes.awd ?? 0) > 0;
  const stated = draft.towingKg.length > 0 ? Math.max(...draft.towingKg.map((entry) => entry.value)) : undefined;
  // A requirement makes the matching wish moot ("dragkrok" beside "dra 2 ton").
  if (hard.minTowingKg !== undefined) delete draft.wishes.towing;
  if (hard.awd) delete draft.wishes.awd;
  // "Även vuxna bak" without a third row asks for room in the back seat.
  if (draft.adultsBack && !hard.adultThirdRow) raiseWish(draft, "space", PLAIN_WEIGHT);

  const noted = [
    ...notedFeatures(linkedReadings, description),
    ...notedPermissions(readings, description),
    ...notedRefusals(readings, description),
    ...notedMileage(draft),
    ...notedAlternatives(linkedReadings, description),
  ];
  const read = BuyerRequirementsSchema.parse({
    version: 1,
    hard,
    usage: settleUsage(draft),
    wishes: draft.wishes,
    ...settlePreferences(draft, hard, referenceYear),
    conflicts,
    nonsense: isNonsense(all, recognised),
    assumptions,
    assumedWishes: assumedWishesOf(draft, WISH_KEYS, description),
    namedModels: namedModels(description),
    noted: [...noted, ...notedUnread(readings, recognised, description, noted)].slice(0, 40),
    situation: readSituation(description, hard, {
      awdWish,
      ...(draft.loadNamed && stated !== undefined ? { trailerTotalKg: stated } : {}),
    }),
  });
  const settled = withoutOwnCar(read, description);
  return { ...settled, noted: [...settled.noted, ...notedModels(settled.namedModels)].slice(0, 40) };
}

function towingAssumption(draft: Draft, minTowingKg: number | undefined): RequirementAssumption[] {
  if (minTowingKg === undefined || draft.towingKg.length > 0) return [];
  const assumed = draft.assumedTowingKg.find((entry) => entry.value === minTowingKg);
  return assumed === undefined ? [] : [{ field: "minTowingKg", value: assumed.value, quote: assumed.quote }];
}

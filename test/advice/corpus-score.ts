import { BodyTypeSchema, SizeSchema } from "#app/lib/car-facts";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import type { GoldModality, GoldNeed, GoldWish } from "./corpus";
import {
  ABSENT_FIELDS,
  allowList,
  avoidList,
  baseField,
  excludeList,
  familyOf,
  familyValues,
  hardExcludes,
  hardScalar,
  KNOWN_FIELDS,
  MAX_FIELDS,
  MIN_FIELDS,
  makeKin,
  preferList,
  rawCount,
  senseOf,
  SITUATION_FIELDS,
  sizeNear,
  sizeWish,
  near,
  slack,
  USAGE_FIELDS,
  WISH_FIELDS,
  wishHeld,
  type Family,
  type ScoredReading,
} from "./corpus-fields";
import { inventedHard } from "./corpus-invented";

/**
 * Scores the reader against the blind corpus's gold: for every stated need, is it held, noted or
 * missed, and was it read the opposite way; which hard requirements did the reading make that no
 * stated must or never supports. The reading is the parser's (`parseRequirements` with the wish and
 * its price box, car type "alla"), the same reading a create ranks on when no model reads.
 *
 * A need is HELD when the reading holds its field with a compatible value and the modality's place:
 * - must: the hard requirement (bodyTypes, sizes, allowedFuels, requiredMakes, minSeats, awd, gearbox,
 *   minTowingKg, …). A must read only as a preference is missed ("read as a preference").
 * - exclude: excluded by the hard requirements: on excludedFuels / excludedMakes, or left off a
 *   non-empty allow-list (bodyTypes, sizes, allowedFuels, requiredMakes); gearbox: the other one.
 * - prefer: the soft place: preferredFuels / preferredMakes / preferredBodyTypes / preferredGearbox /
 *   preferredMinModelYear / preferredMaxOdometerMil, awd → wish awd, minTowingKg → wish towing, a small
 *   size → wish cityFriendly, a large one → wish space. A prefer made hard is missed ("made hard") and
 *   the hard field counts as invented. minSeats, minRangeKm, minPowerHp, adultThirdRow have no soft
 *   place: missed unless noted.
 * - avoid: avoidedFuels / avoidedMakes; a large size avoided → wish cityFriendly, a small one → wish
 *   space; body types and wishes have no avoid place (missed unless noted). Made hard: missed.
 * - indifferent (allowed, not required): held unless the reading excludes it (inverted) or makes it
 *   hard when no must of the wish supports that (missed, "made hard"). So a reading that says nothing
 *   holds an indifferent need; that is what "allowed" means.
 * - wishes (comfort, economy, space, towing, …): weight above 0, whatever the modality (wishes are
 *   never hard); towing also by a towing weight. Usage (milPerYear only when stated, driverAge,
 *   northern, winterNeeds), situation (homeCharging, companyCar, kids, trailerTotalKg) and maxPrice (the
 *   reading's price, from the price box) by value, whatever the modality.
 * - fields the reading does not have (childSeatsAcross, taxi, newDriver), unknown field names and
 *   `field: null`: missed unless noted.
 * NOTED: not held, but the reading's `noted` list (plain-text items, a string or { text, quote }; the
 * reader has none yet) shows it: an item's quote or text contains the gold quote or is contained in it
 * (3+ characters), or shares at least 60 % of the content words (3+ letters) of the gold quote or of
 * the need's plain words. An inverted need is never noted.
 * INVERTED: read the opposite way: a must, prefer or indifferent value refused (on excludedFuels /
 * excludedMakes, avoided, or, for body types and sizes, left off an allow-list that holds more than
 * half of the family: the reader's way to refuse one), an exclude or avoid value required or
 * preferred, an indifferent minimum or gearbox made stricter than allowed (the other gearbox), a
 * situation or usage flag read as its opposite (homeCharging true for "no charging"). A value only
 * left off a short allow-list is "excluded by another hard requirement": missed, not inverted.
 * INVENTED HARD REQUIREMENT (corpus-invented.ts): per wish and field, a hard field the reading sets that
 * no must/exclude gold need supports, or stricter than the gold (a higher minimum, a lower maximum, an
 * allow-list without a stated must value); plus any field named in the wish's notRequirements that the
 * reading fills when no gold need of the wish names it.
 * VALUES: numbers within 5 %, milPerYear within 15 %, model years ±1, seats, child seats and ages
 * exact; a null gold value accepts any value. Lists: a must allow-list is held when it has every gold value and
 * nothing outside the wish's positive values (must, prefer, indifferent) of that family; sizes need
 * only overlap, and the reading's sizes within one step of the wish's. Makes: gold names, groups (VAG,
 * Stellantis, Geely, Hyundai-Kia) and origins ("tyskt", "japanskt") expand to the catalogue's makes;
 * makes the catalogue does not carry drop out (a refused or allowed make it lacks is held, a required
 * one missed); a list may hold a kin make the writer left out (same origin or group) unless the wish
 * refuses it. Fuels and body types are exact.
 * CONTRADICTION: raised when the reading has at least one conflict; counted against the gold's
 * `contradiction`, and conflicts raised where the gold has none are counted too.
 */

export type NeedStatus = "held" | "noted" | "missed";
export type NeedOutcome = { need: GoldNeed; status: NeedStatus; inverted: boolean; reason: string };
export type WishScore = {
  id: string;
  category: GoldWish["category"];
  needs: NeedOutcome[];
  invented: string[];
  contradiction: { stated: boolean; raised: boolean };
};

type Verdict = { held: boolean; inverted: boolean; reason: string };
const held = (reason = ""): Verdict => ({ held: true, inverted: false, reason });
const missed = (reason: string): Verdict => ({ held: false, inverted: false, reason });
const inverted = (reason: string): Verdict => ({ held: false, inverted: true, reason });
const show = (value: unknown) => (value === undefined ? "–" : JSON.stringify(value));

/** The wish's gold values per family and sense: what a list may hold and what it must not. */
export type FamilyContext = { must: Set<string>; positive: Set<string>; negative: Set<string>; exclude: Set<string>; hasMust: boolean; hasExclude: boolean };
export function familyContext(wish: GoldWish, family: Family): FamilyContext {
  const context: FamilyContext = { must: new Set(), positive: new Set(), negative: new Set(), exclude: new Set(), hasMust: false, hasExclude: false };
  for (const need of wish.needs) {
    if (familyOf(need.field) !== family) continue;
    const sense = senseOf(need);
    const values = familyValues(family, need.value);
    const add = (set: Set<string>) => values.forEach((value) => set.add(value));
    if (sense === "must") (add(context.must), (context.hasMust = true));
    if (sense === "exclude") (add(context.exclude), (context.hasExclude = true));
    if (sense === "must" || sense === "prefer" || sense === "indifferent") add(context.positive);
    else add(context.negative);
  }
  return context;
}

/** A value the writer may have left out of a list: for makes, a kin make the wish does not refuse. */
export function mayHold(family: Family, value: string, context: FamilyContext): boolean {
  if (context.positive.has(value)) return true;
  if (family !== "make" || context.negative.has(value)) return false;
  return [...context.positive].some((make) => makeKin(make).has(value));
}

/**
 * Body types and sizes have no exclusion list: the reader refuses one by allowing the rest. An
 * allow-list holding more than half of the family stands for such a refusal; a short one is a
 * requirement of its own, and what it leaves out is excluded by that requirement, not refused.
 */
function complementOmits(family: Family, allow: readonly string[], value: string): boolean {
  if (family !== "body" && family !== "size") return false;
  const all = family === "body" ? BodyTypeSchema.options.length : SizeSchema.options.length;
  return allow.length > all / 2 && !allow.includes(value);
}

function allowHolds(family: Family, allow: readonly string[], gold: readonly string[], context: FamilyContext): boolean {
  if (allow.length === 0) return false;
  if (family === "size")
    return gold.some((size) => allow.includes(size)) && allow.every((size) => [...context.positive].some((wanted) => sizeNear(size, wanted)));
  return gold.every((value) => allow.includes(value)) && allow.every((value) => mayHold(family, value, context));
}

function listVerdict(need: GoldNeed, sense: GoldModality, family: Family, wish: GoldWish, reading: ScoredReading): Verdict {
  const gold = familyValues(family, need.value);
  const allow = allowList(reading, family);
  const prefer = preferList(reading, family);
  const avoid = avoidList(reading, family);
  const context = familyContext(wish, family);
  if (gold.length === 0 && rawCount(need.value) > 0) {
    // Makes the catalogue does not carry: nothing to refuse, nothing the reading could require.
    return sense === "must" || sense === "prefer" ? missed("not in the catalogue") : held("not in the catalogue");
  }
  const excluded = (value: string) => hardExcludes(reading, family, value);
  const refusedByList = (value: string) => excludeList(reading, family).includes(value) || complementOmits(family, allow, value);
  const refused = (value: string) => refusedByList(value) || avoid.includes(value);
  const got = `got allow ${show(allow)}, excluded ${show(excludeList(reading, family))}, preferred ${show(prefer)}, avoided ${show(avoid)}`;
  if (sense === "must") {
    if (gold.some(refused)) return inverted(`read as refused; ${got}`);
    if (gold.length === 0 ? allow.length > 0 : allowHolds(family, allow, gold, context)) return held();
    if (gold.length > 0 && gold.every((value) => prefer.includes(value))) return missed(`read as a preference; ${got}`);
    if (gold.length > 0 && gold.every(excluded)) return missed(`excluded by another hard requirement; ${got}`);
    return missed(got);
  }
  if (sense === "exclude") {
    if (gold.some((value) => allow.includes(value) || prefer.includes(value))) return inverted(`read as wanted; ${got}`);
    if (gold.length > 0 && gold.every(excluded)) return held();
    return missed(gold.length > 0 && gold.every((value) => avoid.includes(value)) ? `read as avoided only; ${got}` : got);
  }
  if (sense === "prefer") {
    if (gold.some(refused)) return inverted(`read as refused; ${got}`);
    const wish = family === "size" ? sizeWish(gold, "prefer") : undefined;
    if (wish !== undefined ? wishHeld(reading, wish) : gold.length === 0 ? prefer.length > 0 : gold.every((value) => prefer.includes(value))) return held();
    if (allow.length > 0 && gold.some((value) => allow.includes(value))) return missed(`made hard; ${got}`);
    return missed(gold.some(excluded) ? `excluded by another hard requirement; ${got}` : got);
  }
  if (sense === "avoid") {
    if (gold.some((value) => allow.includes(value) || prefer.includes(value))) return inverted(`read as wanted; ${got}`);
    const wish = family === "size" ? sizeWish(gold, "avoid") : undefined;
    if (wish !== undefined ? wishHeld(reading, wish) : gold.length > 0 && gold.every((value) => avoid.includes(value))) return held();
    if (gold.length > 0 && gold.every(excluded)) return missed(`made hard; ${got}`);
    return missed(family === "body" ? `no avoid place for body types; ${got}` : got);
  }
  // Indifferent: allowed, not required.
  if (gold.some((value) => refusedByList(value))) return inverted(`allowed but read as excluded; ${got}`);
  if (gold.some(excluded)) return missed(`excluded by another hard requirement; ${got}`);
  const madeHard = allow.length > 0 && !allow.some((value) => context.must.has(value)) && (gold.length === 0 || gold.some((value) => allow.includes(value)));
  if (madeHard) return missed(`made hard; ${got}`);
  if (gold.some((value) => avoid.includes(value))) return missed(`read as avoided; ${got}`);
  return held();
}

const mustOf = (wish: GoldWish, field: string) =>
  wish.needs.filter((need) => need.field !== null && baseField(need.field) === field && senseOf(need) === "must");

function gearboxVerdict(need: GoldNeed, sense: GoldModality, wish: GoldWish, reading: ScoredReading): Verdict {
  const hard = reading.hard.gearbox;
  const soft = reading.preferredGearbox;
  const value = need.value === "automat" || need.value === "manuell" ? need.value : undefined;
  const got = `got gearbox ${show(hard)}, preferred ${show(soft)}`;
  if (value === undefined) return sense === "must" && hard !== undefined ? held() : sense === "prefer" && soft !== undefined ? held() : missed(got);
  const other = value === "automat" ? "manuell" : "automat";
  if (sense === "must") {
    if (hard === other || soft === other) return inverted(got);
    return hard === value ? held() : missed(soft === value ? `read as a preference; ${got}` : got);
  }
  if (sense === "exclude") {
    if (hard === value || soft === value) return inverted(got);
    return hard === other ? held() : missed(got);
  }
  if (sense === "prefer") {
    if (hard === other || soft === other) return inverted(got);
    return soft === value ? held() : missed(hard === value ? `made hard; ${got}` : got);
  }
  if (sense === "avoid") {
    if (hard === value || soft === value) return inverted(got);
    return soft === other ? held() : missed(hard === other ? `made hard; ${got}` : got);
  }
  if (hard === other) return inverted(`allowed but read as excluded; ${got}`);
  if (hard === value && !mustOf(wish, "gearbox").some((must) => must.value === value)) return missed(`made hard; ${got}`);
  return held();
}

function softScalarHeld(field: string, value: number | null, reading: ScoredReading): boolean {
  if (field === "minModelYear") return reading.preferredMinModelYear !== undefined && (value === null || near(field, reading.preferredMinModelYear, value));
  if (field === "maxOdometerMil")
    return reading.preferredMaxOdometerMil !== undefined && (value === null || near(field, reading.preferredMaxOdometerMil, value));
  if (field === "minTowingKg") return wishHeld(reading, "towing");
  return false;
}

function scalarVerdict(need: GoldNeed, sense: GoldModality, field: string, wish: GoldWish, reading: ScoredReading): Verdict {
  const actual = hardScalar(reading, field);
  const hard = typeof actual === "number" ? actual : undefined;
  const value = typeof need.value === "number" ? need.value : null;
  const got = `got ${field} ${show(hard)}`;
  const soft = softScalarHeld(field, value, reading);
  if (sense === "must") {
    if (hard !== undefined && (value === null || near(field, hard, value))) return held();
    return missed(soft ? `read as a preference; ${got}` : got);
  }
  if (sense === "prefer") return soft ? held() : missed(hard !== undefined ? `made hard; ${got}` : got);
  if (sense === "indifferent") {
    const stricter = hard !== undefined && value !== null && (MIN_FIELDS.has(field) ? hard > value + slack(field, value) : hard < value - slack(field, value));
    if (stricter) return inverted(`allowed but read as excluded; ${got}`);
    if (hard !== undefined && mustOf(wish, field).length === 0) return missed(`made hard; ${got}`);
    return held();
  }
  return missed(`no ${sense} place for ${field}; ${got}`);
}

function flagVerdict(need: GoldNeed, sense: GoldModality, field: "awd" | "adultThirdRow", wish: GoldWish, reading: ScoredReading): Verdict {
  const hard = reading.hard[field] === true;
  const soft = field === "awd" && wishHeld(reading, "awd");
  const got = `got ${field} ${hard}${field === "awd" ? `, wish ${soft}` : ""}`;
  if (need.value === false || sense === "exclude" || sense === "avoid") return hard ? inverted(got) : missed(`no place for "not ${field}"; ${got}`);
  if (sense === "must") return hard ? held() : missed(soft ? `read as a preference; ${got}` : got);
  if (sense === "prefer") return soft ? held() : missed(hard ? `made hard; ${got}` : got);
  if (hard && mustOf(wish, field).length === 0) return missed(`made hard; ${got}`);
  return held();
}

function wishVerdict(need: GoldNeed, sense: GoldModality, key: string, wish: GoldWish, reading: ScoredReading): Verdict {
  const raised = wishHeld(reading, key);
  const towingWeight = key === "towing" ? reading.hard.minTowingKg : undefined;
  const got = `got wish ${key} ${raised}${key === "towing" ? `, minTowingKg ${show(towingWeight)}` : ""}`;
  if (sense === "avoid" || sense === "exclude") return raised ? inverted(got) : missed(`no place for "not ${key}"; ${got}`);
  if (sense === "indifferent") {
    if (
      towingWeight !== undefined &&
      !wish.needs.some((other) => senseOf(other) === "must" && (other.field === "towing" || other.field === "minTowingKg" || other.field === "trailerTotalKg"))
    )
      return missed(`made hard; ${got}`);
    return need.value === false && raised ? missed(`read as wanted; ${got}`) : held();
  }
  return raised || towingWeight !== undefined ? held() : missed(got);
}

function valueVerdict(need: GoldNeed, field: string, reading: ScoredReading): Verdict {
  const usage = reading.usage as Record<string, unknown>;
  const situation = reading.situation as Record<string, unknown>;
  const actual =
    field === "maxPrice"
      ? reading.hard.maxPrice
      : field === "milPerYear"
        ? reading.usage.milPerYearStated
          ? reading.usage.milPerYear
          : undefined
        : USAGE_FIELDS.has(field)
          ? usage[field]
          : situation[field];
  const got = `got ${field} ${show(actual)}`;
  if (typeof need.value === "number") return typeof actual === "number" && near(field, actual, need.value) ? held() : missed(got);
  if (need.value === null && (field === "milPerYear" || field === "driverAge" || field === "trailerTotalKg" || field === "maxPrice"))
    return actual !== undefined ? held() : missed(got);
  const wanted = need.value !== false;
  if (actual === wanted) return held();
  // Usage flags default to false (unknown); only a situation flag's false, or a true the buyer denied, is a reading.
  if (actual === !wanted && (SITUATION_FIELDS.has(field) || actual === true)) return inverted(got);
  return missed(got);
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3),
  );
const squash = (text: string) => text.toLowerCase().replace(/\s+/gu, " ").trim();

/** Whether the reading's noted list shows the need (see the header). */
export function isNoted(need: GoldNeed, reading: ScoredReading): boolean {
  const quote = squash(need.quote);
  for (const item of reading.noted ?? []) {
    const texts = typeof item === "string" ? [item] : [item.text, item.quote ?? ""];
    for (const raw of texts) {
      const text = squash(raw);
      if (text.length >= 3 && quote.length >= 3 && (text.includes(quote) || quote.includes(text))) return true;
      const have = words(text);
      for (const target of [words(need.quote), words(need.need)]) {
        if (target.size > 0 && [...target].filter((word) => have.has(word)).length / target.size >= 0.6) return true;
      }
    }
  }
  return false;
}

export function scoreNeed(need: GoldNeed, wish: GoldWish, reading: ScoredReading): NeedOutcome {
  const sense = senseOf(need);
  const field = need.field === null ? null : baseField(need.field);
  const family = familyOf(need.field);
  let verdict: Verdict;
  if (need.field === null || field === null) verdict = missed("no field");
  else if (!KNOWN_FIELDS.has(need.field)) verdict = missed(`unknown field ${need.field}`);
  else if (ABSENT_FIELDS.has(field)) verdict = missed(`the reading has no ${field}`);
  else if (family !== undefined) verdict = listVerdict(need, sense, family, wish, reading);
  else if (field === "gearbox") verdict = gearboxVerdict(need, sense, wish, reading);
  else if (MIN_FIELDS.has(field) || MAX_FIELDS.has(field)) verdict = scalarVerdict(need, sense, field, wish, reading);
  else if (field === "awd" || field === "adultThirdRow") verdict = flagVerdict(need, sense, field, wish, reading);
  else if (WISH_FIELDS.has(field)) verdict = wishVerdict(need, sense, field, wish, reading);
  else verdict = valueVerdict(need, field, reading);
  const status: NeedStatus = verdict.held ? "held" : !verdict.inverted && isNoted(need, reading) ? "noted" : "missed";
  return { need, status, inverted: verdict.inverted, reason: verdict.reason };
}

export function scoreWish(wish: GoldWish, reading: ScoredReading): WishScore {
  return {
    id: wish.id,
    category: wish.category,
    needs: wish.needs.map((need) => scoreNeed(need, wish, reading)),
    invented: inventedHard(wish, reading),
    contradiction: { stated: (wish.contradiction ?? "").trim() !== "", raised: reading.conflicts.length > 0 },
  };
}

export const REFERENCE_YEAR = 2026;

/** The reader's reading of a corpus wish, with the buyer's price box and no car type chosen. */
export function readWish(wish: GoldWish): ScoredReading {
  return parseRequirements({ description: wish.wish, maxPrice: wish.maxPriceSek, carType: "alla", sellerType: "alla" }, { referenceYear: REFERENCE_YEAR });
}

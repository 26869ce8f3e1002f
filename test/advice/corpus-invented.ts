import type { GoldNeed, GoldWish } from "./corpus";
import {
  allowList,
  avoidList,
  baseField,
  excludeList,
  familyOf,
  familyValues,
  hardScalar,
  HARD_SCALARS,
  KNOWN_FIELDS,
  makeKin,
  preferList,
  SITUATION_FIELDS,
  sizeNear,
  slack,
  USAGE_FIELDS,
  WISH_FIELDS,
  wishHeld,
  type Family,
  type ScoredReading,
} from "./corpus-fields";

/**
 * Invented hard requirements (rules in corpus-score.ts's header): hard fields the reading sets that no
 * must/exclude gold need supports or that demand more than it, and fields of the wish's
 * notRequirements the reading fills although no gold need names them. One entry per field and wish.
 */

const show = (value: unknown) => JSON.stringify(value);
const senseIs = (need: GoldNeed, ...senses: string[]) => {
  const field = need.field;
  const negative = field !== null && /^(excluded|avoided)/u.test(field);
  const sense = negative && need.modality === "must" ? "exclude" : negative && need.modality === "prefer" ? "avoid" : need.modality;
  return senses.includes(sense);
};
const hardNeeds = (wish: GoldWish, field: string, ...senses: string[]) =>
  wish.needs.filter((need) => need.field !== null && baseField(need.field) === field && senseIs(need, ...(senses.length > 0 ? senses : ["must"])));
const atMost = (field: string, actual: number, need: GoldNeed) => typeof need.value !== "number" || actual <= need.value + slack(field, need.value);

type FamilyGold = { must: Set<string>; positive: Set<string>; exclude: Set<string>; hasMust: boolean; hasExclude: boolean };
function familyGold(wish: GoldWish, family: Family): FamilyGold {
  const gold: FamilyGold = { must: new Set(), positive: new Set(), exclude: new Set(), hasMust: false, hasExclude: false };
  for (const need of wish.needs) {
    if (familyOf(need.field) !== family) continue;
    const values = familyValues(family, need.value);
    if (senseIs(need, "must")) ((gold.hasMust = true), values.forEach((value) => gold.must.add(value)));
    if (senseIs(need, "exclude")) ((gold.hasExclude = true), values.forEach((value) => gold.exclude.add(value)));
    if (senseIs(need, "must", "prefer", "indifferent")) values.forEach((value) => gold.positive.add(value));
  }
  return gold;
}

function allowInvented(family: Family, allow: readonly string[], gold: FamilyGold): boolean {
  if (allow.length === 0) return false;
  // An allow-list can stand for a refusal ("absolut ingen suv"), if it keeps the refused value out.
  const supported = gold.hasMust || (gold.hasExclude && allow.every((value) => !gold.exclude.has(value)));
  if (!supported) return true;
  if (family === "size") return gold.must.size > 0 && !allow.some((size) => [...gold.must].some((wanted) => sizeNear(size, wanted)));
  return [...gold.must].some((value) => !allow.includes(value));
}

function excludeInvented(family: Family, excluded: readonly string[], gold: FamilyGold): boolean {
  return excluded.some((value) => {
    if (gold.exclude.has(value)) return false;
    if (family === "make" && !gold.positive.has(value) && [...gold.exclude].some((make) => makeKin(make).has(value))) return false;
    // "bara bensin" may also be read as refusing the others.
    return !(gold.hasMust && !gold.positive.has(value));
  });
}

function scalarSupported(field: string, actual: number | string | boolean, wish: GoldWish): boolean {
  const must = hardNeeds(wish, field);
  if (typeof actual === "number" && field === "maxOdometerMil")
    return must.some((need) => typeof need.value !== "number" || actual >= need.value - slack(field, need.value));
  if (typeof actual === "number" && (field === "minModelYear" || field === "minSeats")) {
    const seatsFromThirdRow = field === "minSeats" && actual <= 7 && hardNeeds(wish, "adultThirdRow").length > 0;
    return seatsFromThirdRow || must.some((need) => atMost(field, actual, need));
  }
  if (typeof actual === "number" && field === "minTowingKg") {
    const trailer = hardNeeds(wish, "trailerTotalKg").some((need) => atMost(field, actual, need));
    return trailer || hardNeeds(wish, "towing").length > 0 || must.some((need) => atMost(field, actual, need));
  }
  if (typeof actual === "number") return must.some((need) => atMost(field, actual, need));
  if (field === "gearbox") {
    const other = actual === "automat" ? "manuell" : "automat";
    return must.some((need) => need.value === actual || need.value === null) || hardNeeds(wish, "gearbox", "exclude").some((need) => need.value === other);
  }
  return must.some((need) => need.value !== false);
}

/** A field the reading fills, as the gold names it: lists by family, the rest by their place. */
function filled(reading: ScoredReading, field: string, wish: GoldWish): boolean {
  const family = familyOf(field);
  if (family !== undefined) {
    const list = field.startsWith("preferred")
      ? preferList(reading, family)
      : field.startsWith("avoided")
        ? avoidList(reading, family)
        : field.startsWith("excluded")
          ? excludeList(reading, family)
          : allowList(reading, family);
    const named = new Set(wish.needs.filter((need) => familyOf(need.field) === family).flatMap((need) => familyValues(family, need.value)));
    return list.some((value) => !named.has(value));
  }
  if (HARD_SCALARS.has(field)) return hardScalar(reading, field) !== undefined;
  if (WISH_FIELDS.has(field)) return wishHeld(reading, field);
  if (field === "milPerYear") return reading.usage.milPerYearStated;
  if (USAGE_FIELDS.has(field)) {
    const value = (reading.usage as Record<string, unknown>)[field];
    return value !== undefined && value !== false;
  }
  if (SITUATION_FIELDS.has(field)) return (reading.situation as Record<string, unknown>)[field] !== undefined;
  return false;
}

export function inventedHard(wish: GoldWish, reading: ScoredReading): string[] {
  const invented = new Map<string, string>();
  const families: [Family, string, string | undefined][] = [
    ["body", "bodyTypes", undefined],
    ["size", "sizes", undefined],
    ["fuel", "allowedFuels", "excludedFuels"],
    ["make", "requiredMakes", "excludedMakes"],
  ];
  for (const [family, allowField, excludeField] of families) {
    const gold = familyGold(wish, family);
    const allow = allowList(reading, family);
    if (allowInvented(family, allow, gold)) invented.set(allowField, `${allowField}=${show(allow)}`);
    const excluded = excludeList(reading, family);
    if (excludeField !== undefined && excludeInvented(family, excluded, gold)) invented.set(excludeField, `${excludeField}=${show(excluded)}`);
  }
  for (const field of HARD_SCALARS) {
    const actual = hardScalar(reading, field);
    if (actual !== undefined && !scalarSupported(field, actual, wish)) invented.set(field, `${field}=${show(actual)}`);
  }
  for (const item of wish.notRequirements) {
    const field = item.field === null ? null : baseField(item.field);
    if (field === null || !KNOWN_FIELDS.has(field) || field === "maxPrice" || invented.has(field)) continue;
    // A hard field is judged above; elsewhere, filling what the wish names only as context is invented.
    const hard = HARD_SCALARS.has(field) || (familyOf(field) !== undefined && !/^(preferred|avoided)/u.test(field));
    if (hard) continue;
    const named = wish.needs.some((need) => need.field !== null && baseField(need.field) === field && familyOf(field) === undefined);
    if (!named && filled(reading, field, wish)) invented.set(field, `${field} filled from context "${item.quote}"`);
  }
  return [...invented.values()];
}

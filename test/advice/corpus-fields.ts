import { BodyTypeSchema, FuelSchema, MAKE_ORIGIN, MAKES, SizeSchema, type Make, type MakeOrigin } from "#app/lib/car-facts";
import { type BuyerRequirements, HARD_READING_FIELDS, USAGE_READING_FIELDS, type WishKey } from "#app/lib/requirements";
import type { GoldModality, GoldNeed } from "./corpus";

/**
 * What a gold field means in the reader's reading: its family (fuel, make, body, size), the
 * reading's lists for each sense, make groups, tolerances. The rules are stated in
 * corpus-score.ts's header; this module only holds the tables they use.
 */

/** A `noted` list the reader does not have yet: plain-text items, optionally with the words they come from. */
export type NotedItem = string | { text: string; quote?: string | null; steers?: boolean };
export type ScoredReading = BuyerRequirements & { noted?: readonly NotedItem[] };

export type Family = "fuel" | "make" | "body" | "size";

const LIST_FAMILY: Record<string, Family> = {
  allowedFuels: "fuel",
  excludedFuels: "fuel",
  preferredFuels: "fuel",
  avoidedFuels: "fuel",
  requiredMakes: "make",
  excludedMakes: "make",
  preferredMakes: "make",
  avoidedMakes: "make",
  bodyTypes: "body",
  preferredBodyTypes: "body",
  sizes: "size",
};
export const familyOf = (field: string | null): Family | undefined => (field === null ? undefined : LIST_FAMILY[field]);

/** A writer who files "aldrig diesel" under excludedFuels with modality "must" means exclude. */
const NEGATIVE_FIELDS = new Set(["excludedFuels", "excludedMakes", "avoidedFuels", "avoidedMakes"]);
export function senseOf(need: Pick<GoldNeed, "field" | "modality">): GoldModality {
  if (need.field !== null && NEGATIVE_FIELDS.has(need.field)) {
    if (need.modality === "must") return "exclude";
    if (need.modality === "prefer") return "avoid";
  }
  return need.modality;
}

/** The soft fields stand for the same need as their hard twin; the modality says how strong. */
const BASE_FIELD: Record<string, string> = {
  preferredGearbox: "gearbox",
  preferredMinModelYear: "minModelYear",
  preferredMaxOdometerMil: "maxOdometerMil",
};
export const baseField = (field: string): string => BASE_FIELD[field] ?? field;

export const MIN_FIELDS = new Set(["minSeats", "minTowingKg", "minRangeKm", "minModelYear", "minPowerHp"]);
export const MAX_FIELDS = new Set(["maxOdometerMil"]);
const EXACT_FIELDS = new Set(["minSeats", "childSeatsAcross", "driverAge"]);
const TOLERANCE = 0.05;
const MILEAGE_TOLERANCE = 0.15;
/**
 * How far a read value may be from the gold: seats, child seats and ages exact; model years ±1 (a
 * writer counting "fem år gammal" from last year); milPerYear 15 %; other quantities (kg, km, hp,
 * mil, kronor) 5 %.
 */
export function slack(field: string, expected: number): number {
  if (field === "minModelYear") return 1;
  if (EXACT_FIELDS.has(field)) return 0;
  return (field === "milPerYear" ? MILEAGE_TOLERANCE : TOLERANCE) * Math.abs(expected);
}
export const near = (field: string, actual: number, expected: number): boolean => Math.abs(actual - expected) <= slack(field, expected) + 1e-9;

export const WISH_FIELDS = new Set<string>([
  "comfort",
  "economy",
  "safety",
  "space",
  "reliability",
  "sporty",
  "highSeating",
  "groundClearance",
  "lowInsurance",
  "cityFriendly",
  "environment",
  "cheapToBuy",
  "towing",
  "longTrips",
  "airSuspension",
  "parkingHeater",
  "quiet",
]);
export const USAGE_FIELDS = new Set<string>(USAGE_READING_FIELDS);
export const SITUATION_FIELDS = new Set(["homeCharging", "companyCar", "trailerTotalKg", "kids"]);
/** In the brief, not (yet) in the reading: held only as noted. */
export const ABSENT_FIELDS = new Set(["childSeatsAcross", "taxi", "newDriver"]);
/** The reading's hard fields that hold one value (the lists have a family). */
export const HARD_SCALARS = new Set<string>(HARD_READING_FIELDS.filter((field) => familyOf(field) === undefined));
export const KNOWN_FIELDS = new Set<string>([
  ...Object.keys(LIST_FAMILY),
  ...Object.keys(BASE_FIELD),
  ...HARD_SCALARS,
  ...WISH_FIELDS,
  ...USAGE_FIELDS,
  ...SITUATION_FIELDS,
  ...ABSENT_FIELDS,
  "maxPrice",
]);

// ---- values -------------------------------------------------------------------------------

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9&]+/gu, "");
const MAKE_BY_FOLD = new Map<string, Make>(MAKES.map((make) => [fold(make), make]));
const MAKE_ALIASES: Record<string, Make> = { mercedes: "Mercedes-Benz", vw: "Volkswagen", lynkco: "Lynk & Co", lynk: "Lynk & Co" };
/** Corporate groups as buyers name them; only makes the catalogue carries. */
const MAKE_GROUPS: Record<string, Make[]> = {
  vag: ["Volkswagen", "Audi", "Seat", "Cupra", "Skoda", "Porsche"],
  volkswagenkoncernen: ["Volkswagen", "Audi", "Seat", "Cupra", "Skoda", "Porsche"],
  stellantis: ["Peugeot", "Citroen", "DS", "Opel", "Fiat", "Alfa Romeo", "Jeep", "Maserati"],
  geely: ["Volvo", "Polestar", "Lynk & Co", "Zeekr", "Smart"],
  hyundaikia: ["Hyundai", "Kia"],
};
const ORIGIN_WORDS: Record<string, MakeOrigin> = {
  tysk: "tysk",
  tyskt: "tysk",
  tyska: "tysk",
  german: "tysk",
  japansk: "japansk",
  japanskt: "japansk",
  japanska: "japansk",
  japanese: "japansk",
  fransk: "fransk",
  franskt: "fransk",
  franska: "fransk",
  french: "fransk",
  koreansk: "koreansk",
  koreanskt: "koreansk",
  koreanska: "koreansk",
  korean: "koreansk",
  svensk: "svensk",
  svenskt: "svensk",
  svenska: "svensk",
  swedish: "svensk",
  kinesisk: "kinesisk",
  kinesiskt: "kinesisk",
  kinesiska: "kinesisk",
  chinese: "kinesisk",
  italiensk: "italiensk",
  italienskt: "italiensk",
  italienska: "italiensk",
  italian: "italiensk",
  amerikansk: "amerikansk",
  amerikanskt: "amerikansk",
  amerikanska: "amerikansk",
  american: "amerikansk",
};
const makesOfOrigin = (origin: MakeOrigin) => MAKES.filter((make) => MAKE_ORIGIN[make] === origin);

/** A gold make, group or origin as the catalogue's makes; makes the catalogue does not carry drop out. */
export function expandMake(name: string): Make[] {
  const key = fold(name);
  const make = MAKE_BY_FOLD.get(key) ?? MAKE_ALIASES[key];
  if (make !== undefined) return [make];
  const group = MAKE_GROUPS[key];
  if (group !== undefined) return group;
  const origin = ORIGIN_WORDS[key];
  return origin === undefined ? [] : makesOfOrigin(origin);
}

const ENUMS: Record<Exclude<Family, "make">, readonly string[]> = {
  fuel: FuelSchema.options,
  body: BodyTypeSchema.options,
  size: SizeSchema.options,
};

/** The gold value as the family's values the reading can hold (unknown ones dropped). */
export function familyValues(family: Family, value: GoldNeed["value"]): string[] {
  const raw = value === null ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
  if (family === "make") return [...new Set(raw.flatMap(expandMake))];
  return [...new Set(raw.map((item) => item.toLowerCase()).filter((item) => ENUMS[family].includes(item)))];
}
export const rawCount = (value: GoldNeed["value"]): number => (value === null ? 0 : Array.isArray(value) ? value.length : 1);

/** Makes a writer's group may have left out: same origin or same corporate group. */
export function makeKin(make: string): Set<string> {
  const kin = new Set<string>([make]);
  const origin = MAKE_ORIGIN[make as Make];
  if (origin !== undefined) for (const other of makesOfOrigin(origin)) kin.add(other);
  for (const group of Object.values(MAKE_GROUPS)) if (group.includes(make as Make)) for (const other of group) kin.add(other);
  return kin;
}

const SIZE_ORDER = SizeSchema.options;
/** "liten" is mini or small to one writer and small to another: a neighbouring size is the same need. */
export function sizeNear(a: string, b: string): boolean {
  return Math.abs(SIZE_ORDER.indexOf(a as (typeof SIZE_ORDER)[number]) - SIZE_ORDER.indexOf(b as (typeof SIZE_ORDER)[number])) <= 1;
}
/** The reading has no soft size: a small size wished for is "lätt att parkera", a large one "gott om plats". */
export function sizeWish(values: readonly string[], sense: "prefer" | "avoid"): WishKey | undefined {
  const small = values.some((size) => size === "mini" || size === "small");
  const large = values.some((size) => size === "large" || size === "xl");
  if (sense === "prefer") return small ? "cityFriendly" : large ? "space" : undefined;
  return large ? "cityFriendly" : small ? "space" : undefined;
}

// ---- the reading's lists per family ---------------------------------------------------------

export function allowList(reading: ScoredReading, family: Family): string[] {
  if (family === "fuel") return reading.hard.allowedFuels;
  if (family === "make") return reading.hard.requiredMakes;
  if (family === "body") return reading.hard.bodyTypes;
  return reading.hard.sizes;
}
export function excludeList(reading: ScoredReading, family: Family): string[] {
  if (family === "fuel") return reading.hard.excludedFuels;
  if (family === "make") return reading.hard.excludedMakes;
  return [];
}
export function preferList(reading: ScoredReading, family: Family): string[] {
  if (family === "fuel") return reading.preferredFuels;
  if (family === "make") return reading.preferredMakes;
  if (family === "body") return reading.preferredBodyTypes;
  return [];
}
export function avoidList(reading: ScoredReading, family: Family): string[] {
  if (family === "fuel") return reading.avoidedFuels;
  if (family === "make") return reading.avoidedMakes;
  return [];
}
/** Excluded by the hard requirements: on the exclusion list, or left off a non-empty allow-list. */
export function hardExcludes(reading: ScoredReading, family: Family, value: string): boolean {
  const allow = allowList(reading, family);
  return excludeList(reading, family).includes(value) || (allow.length > 0 && !allow.includes(value));
}

/** A hard scalar as the reading enforces it; an assumed towing weight filters cars too. */
export function hardScalar(reading: ScoredReading, field: string): number | string | boolean | undefined {
  const value = (reading.hard as Record<string, unknown>)[field];
  if (typeof value === "number" || typeof value === "string") return value;
  return value === true ? true : undefined;
}
export function wishHeld(reading: ScoredReading, key: string): boolean {
  return (reading.wishes[key as WishKey] ?? 0) > 0;
}

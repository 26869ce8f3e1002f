import type { BodyType, Drivetrain, Fuel, Make, Size } from "#app/lib/car-facts";
import { type BuyerRequirements, HARD_READING_FIELDS, SITUATION_READING_FIELDS, USAGE_READING_FIELDS, type WishKey } from "#app/lib/requirements";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import type { SearchInput } from "#app/lib/search-form";

/**
 * The interpretation table: short wishes written the way buyers type (typos, dialect, phone
 * keyboards, words whose sense depends on their neighbours) with what a careful human reads in
 * them. Each listed field is scored on its own; a hard requirement the parser sets that the
 * phrase does not support counts as invented.
 *
 * Field names: the hard requirements and usage keep their schema names; `wish:<key>` is true when
 * the wish weighs more than 0; the situation fields (`homeCharging`, `companyCar`,
 * `trailerTotalKg`, `drive`, `tier`, `kids`) and `assumedTowingKg` (a towing weight we assumed,
 * shown as an assumption and never as a requirement) are read from the reading's situation and
 * assumptions.
 */
export type Expectation = {
  bodyTypes?: BodyType[];
  sizes?: Size[];
  minSeats?: number;
  adultThirdRow?: boolean;
  awd?: boolean;
  minTowingKg?: number;
  allowedFuels?: Fuel[];
  excludedFuels?: Fuel[];
  minRangeKm?: number;
  gearbox?: "automat" | "manuell";
  requiredMakes?: Make[];
  excludedMakes?: Make[];
  minModelYear?: number;
  minPowerHp?: number;
  maxOdometerMil?: number;
  milPerYear?: number;
  driverAge?: number;
  area?: "storstad" | "landsbygd";
  northern?: boolean;
  winterNeeds?: boolean;
  preferredFuels?: Fuel[];
  avoidedFuels?: Fuel[];
  preferredMakes?: Make[];
  avoidedMakes?: Make[];
  preferredBodyTypes?: BodyType[];
  preferredGearbox?: "automat" | "manuell";
  preferredMinModelYear?: number;
  preferredMaxOdometerMil?: number;
  nonsense?: boolean;
  homeCharging?: boolean;
  companyCar?: boolean;
  trailerTotalKg?: number;
  drive?: Drivetrain;
  tier?: "premium" | "exclusive";
  kids?: boolean;
  /** A towing weight we assumed; `true` accepts any assumed weight. */
  assumedTowingKg?: number | true;
} & { [K in `wish:${WishKey}`]?: boolean };

export type InterpretationRow = {
  text: string;
  expect: Expectation;
  /** Hard requirements the phrase implies without stating them (not counted as invented when set). */
  allow?: HardKey[];
  maxPrice?: number;
  carType?: SearchInput["carType"];
};

export const row = (text: string, expect: Expectation, extra: Omit<InterpretationRow, "text" | "expect"> = {}): InterpretationRow => ({
  text,
  expect,
  ...extra,
});

const HARD_KEYS = HARD_READING_FIELDS.flatMap((field) => (field === "bodyTypes" ? [field, "sizes" as const] : [field]));
type HardKey = (typeof HARD_KEYS)[number];
const USAGE_KEYS = new Set<string>([...USAGE_READING_FIELDS, "area"]);
const SITUATION_KEYS = new Set<string>(SITUATION_READING_FIELDS);
/** Allow-lists: a restriction appears when the list becomes non-empty. */
const ALLOW_LISTS = new Set<HardKey>(["bodyTypes", "sizes", "allowedFuels", "requiredMakes"]);
const MAXIMA = new Set<HardKey>(["maxOdometerMil"]);

type Reading = BuyerRequirements & {
  situation?: Record<string, unknown>;
  assumptions?: { field: string; value: unknown }[];
};

/** A field of the reading by its table name (`wish:economy`, `homeCharging`, `minTowingKg`). */
export function actualOf(reading: Reading, key: string): unknown {
  // The default yearly mileage is not something the buyer said.
  if (key === "milPerYear") return reading.usage.milPerYearStated ? reading.usage.milPerYear : undefined;
  // A requirement makes its wish moot (the parser drops "towing" beside a towing weight), so the
  // requirement, stated or assumed, counts as the wish.
  if (key === "wish:towing" && reading.hard.minTowingKg !== undefined) return true;
  if (key === "wish:awd" && reading.hard.awd) return true;
  if (key.startsWith("wish:")) return (reading.wishes[key.slice(5) as WishKey] ?? 0) > 0;
  // A hard value marked as our assumption is not the buyer's requirement.
  if (reading.assumptions?.some((item) => item.field === key)) return undefined;
  if ((HARD_KEYS as readonly string[]).includes(key)) return (reading.hard as Record<string, unknown>)[key];
  if (USAGE_KEYS.has(key)) return (reading.usage as Record<string, unknown>)[key];
  if (SITUATION_KEYS.has(key)) return reading.situation?.[key];
  if (key === "assumedTowingKg") return reading.assumptions?.find((item) => item.field === "minTowingKg")?.value;
  return (reading as Record<string, unknown>)[key];
}

/** The value a field has when the buyer said nothing about it. */
function isUnset(value: unknown): boolean {
  return value === undefined || value === false || (Array.isArray(value) && value.length === 0);
}

function sameValue(expected: unknown, actual: unknown, key: string): boolean {
  if (expected === true && key === "assumedTowingKg") return typeof actual === "number";
  if (expected === undefined) return SITUATION_KEYS.has(key) ? actual === undefined : isUnset(actual);
  if (Array.isArray(expected)) {
    const got = Array.isArray(actual) ? actual : [];
    return got.length === expected.length && expected.every((item) => got.includes(item));
  }
  if (typeof expected === "boolean" && !SITUATION_KEYS.has(key)) return expected === (actual === true);
  return expected === actual;
}

/** True when the reading's hard value demands more than the phrase supports. */
function invents(key: HardKey, expected: unknown, actual: unknown, allowed: boolean): boolean {
  if (isUnset(actual) || allowed) return false;
  if (isUnset(expected)) return true;
  if (typeof actual === "number" && typeof expected === "number") return MAXIMA.has(key) ? actual < expected : actual > expected;
  if (Array.isArray(actual) && Array.isArray(expected)) {
    // An allow-list narrower than stated, or an exclusion the phrase never made.
    return ALLOW_LISTS.has(key) ? expected.some((item) => !actual.includes(item)) : actual.some((item) => !expected.includes(item));
  }
  return actual !== expected;
}

export type RowResult = {
  text: string;
  fields: number;
  correct: number;
  misses: string[];
  invented: string[];
};

const show = (value: unknown) => (value === undefined ? "–" : JSON.stringify(value));

export function scoreRow(item: InterpretationRow, referenceYear = 2026): RowResult {
  const input: SearchInput = { description: item.text, maxPrice: item.maxPrice ?? 300_000, carType: item.carType ?? "alla", sellerType: "alla" };
  const reading = parseRequirements(input, { referenceYear }) as Reading;
  const expected = item.expect as Record<string, unknown>;
  const keys = new Set(Object.keys(expected));
  // A hard requirement the row does not list is scored too: its expected value is "not set".
  for (const key of HARD_KEYS) if (!isUnset(actualOf(reading, key)) && !item.allow?.includes(key)) keys.add(key);
  const misses: string[] = [];
  const invented: string[] = [];
  for (const key of keys) {
    const actual = actualOf(reading, key);
    if (!sameValue(expected[key], actual, key)) misses.push(`${key}: väntat ${show(expected[key])}, fick ${show(actual)}`);
  }
  for (const key of HARD_KEYS) {
    if (invents(key, expected[key], actualOf(reading, key), item.allow?.includes(key) ?? false)) invented.push(`${key}=${show(actualOf(reading, key))}`);
  }
  return { text: item.text, fields: keys.size, correct: keys.size - misses.length, misses, invented };
}

export type TableScore = { rows: number; fields: number; correct: number; invented: number; results: RowResult[] };

export function scoreTable(rows: readonly InterpretationRow[], referenceYear = 2026): TableScore {
  const results = rows.map((item) => scoreRow(item, referenceYear));
  return {
    rows: rows.length,
    fields: results.reduce((sum, result) => sum + result.fields, 0),
    correct: results.reduce((sum, result) => sum + result.correct, 0),
    invented: results.reduce((sum, result) => sum + result.invented.length, 0),
    results,
  };
}

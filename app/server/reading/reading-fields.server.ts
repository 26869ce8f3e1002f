import {
  type BuyerRequirements,
  HARD_READING_FIELDS,
  type ReadingField,
  SITUATION_READING_FIELDS,
  USAGE_READING_FIELDS,
  WISH_KEYS,
  type WishKey,
} from "#app/lib/requirements";

// "Absent" is a field's neutral value: unset, false (but a false home charging means "none"), an empty list, a wish of 0.

export type Scalar = number | boolean | string;
export type FieldValue = Scalar | string[] | undefined;

const HARD = new Set<string>(HARD_READING_FIELDS);
const USAGE = new Set<string>(USAGE_READING_FIELDS);
const SITUATION = new Set<string>(SITUATION_READING_FIELDS);

export const LIST_FIELDS = new Set<ReadingField>([
  "bodyTypes",
  "allowedFuels",
  "excludedFuels",
  "requiredMakes",
  "excludedMakes",
  "preferredFuels",
  "preferredMakes",
  "preferredBodyTypes",
  "avoidedFuels",
  "avoidedMakes",
]);

export function isHardField(field: ReadingField): boolean {
  return HARD.has(field);
}

export function wishKeyOf(field: ReadingField): WishKey | undefined {
  const key = field.startsWith("wish.") ? field.slice(5) : undefined;
  return WISH_KEYS.find((candidate) => candidate === key);
}

function container(req: BuyerRequirements, field: ReadingField): Record<string, unknown> {
  if (HARD.has(field)) return req.hard as Record<string, unknown>;
  if (USAGE.has(field)) return req.usage as Record<string, unknown>;
  if (SITUATION.has(field)) return req.situation as Record<string, unknown>;
  return req as unknown as Record<string, unknown>;
}

export function getField(req: BuyerRequirements, field: ReadingField): FieldValue {
  const wish = wishKeyOf(field);
  if (wish) {
    const weight = req.wishes[wish];
    return weight !== undefined && weight > 0 ? weight : undefined;
  }
  const value = container(req, field)[field];
  if (value === null || (value === false && field !== "homeCharging")) return undefined;
  if (Array.isArray(value)) return value.length > 0 ? [...(value as string[])] : undefined;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  return undefined;
}

export function setField(req: BuyerRequirements, field: ReadingField, value: FieldValue): void {
  const wish = wishKeyOf(field);
  if (wish) {
    if (typeof value === "number" && value > 0) req.wishes[wish] = Math.min(1, value);
    else delete req.wishes[wish];
    return;
  }
  const target = container(req, field);
  if (value !== undefined) {
    target[field] = value;
    if (field === "milPerYear") req.usage.milPerYearStated = true;
    return;
  }
  if (LIST_FIELDS.has(field)) target[field] = [];
  else if (SITUATION.has(field)) delete target[field];
  else if (field === "milPerYear") return;
  else if (typeof target[field] === "boolean") target[field] = false;
  else delete target[field];
}

export function valuesOf(value: FieldValue): Scalar[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

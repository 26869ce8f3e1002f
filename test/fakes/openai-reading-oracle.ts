import { BodyTypeSchema, FuelSchema, GearboxSchema, MakeSchema } from "#app/lib/car-facts";
import { READING_FIELDS, type ReadingField, WISH_KEYS } from "#app/lib/requirements";
import { emptyModelReading, type ModelReading, REJECTABLE_FIELDS } from "#app/server/reading/model-reading.server";
import { numbersIn } from "#app/server/reading/quote-evidence.server";
import type { GoldNeed, GoldWish } from "#test/advice/corpus";

/**
 * An oracle reader for the merge's tests: the answer a model that reads exactly as the corpus's
 * writers did would send on the wire (app/server/reading/model-reading.server.ts), built from a
 * wish's gold reading, with the field values that reading means in our units beside it.
 */

type Scalar = string | number | boolean;
/** `rejected`: the fields whose words the oracle names as no requirement. */
export type OracleReading = { answer: ModelReading; expected: Map<ReadingField, Scalar[]>; rejected: Set<ReadingField> };
/** One thing the oracle says, so a test can leave some out. */
type Part = { field: ReadingField; values: Scalar[]; apply: (answer: ModelReading) => void };

const said = (quote: string) => ({ quote, assumed: false, uncertain: false });
const isField = (name: string): name is ReadingField => (READING_FIELDS as readonly string[]).includes(name);
const isWish = (name: string): name is (typeof WISH_KEYS)[number] => (WISH_KEYS as readonly string[]).includes(name);
const WIRE_NAME: Record<string, string> = {
  minRangeKm: "minRange",
  maxOdometerMil: "maxOdometer",
  milPerYear: "mileage",
  homeCharging: "chargingAccess",
  trailerTotalKg: "trailerTotal",
};
const READ_FIELD: Record<string, ReadingField> = Object.fromEntries(Object.entries(WIRE_NAME).map(([read, wire]) => [wire, read as ReadingField]));

/** The reading's own conventions: demanded four-wheel drive is also the drive asked for, a towing floor replaces the towing wish, and so on. */
function asRead(expected: Map<ReadingField, Scalar[]>): Map<ReadingField, Scalar[]> {
  const total = expected.get("trailerTotalKg")?.[0];
  const towing = expected.get("minTowingKg")?.[0];
  if (typeof total === "number" && total <= 4000 && (typeof towing !== "number" || towing < total)) expected.set("minTowingKg", [total]);
  if (expected.has("minTowingKg")) expected.delete("wish.towing");
  if (expected.has("awd")) {
    expected.delete("wish.awd");
    if (!expected.has("drive")) expected.set("drive", ["awd"]);
  }
  if (expected.has("northern")) expected.set("winterNeeds", [true]);
  return expected;
}

const PER_YEAR = { day: 365, week: 52, month: 12, year: 1 } as const;

const valuesOf = (value: GoldNeed["value"]): Scalar[] => (value === null ? [] : Array.isArray(value) ? value : [value]);

/** A strict schema lets a model send only the enum's values: a writer's "Mercedes" or "sportbil" cannot travel. */
const ENUMS: Partial<Record<string, { options: readonly string[]; safeParse: (value: unknown) => { success: boolean } }>> = {
  fuel: FuelSchema,
  make: MakeSchema,
  body: BodyTypeSchema,
  gearbox: GearboxSchema,
};
function enumOf(field: string) {
  if (/Fuels$/u.test(field)) return ENUMS.fuel;
  if (/Makes$/u.test(field)) return ENUMS.make;
  if (/BodyTypes$|^bodyTypes$/u.test(field)) return ENUMS.body;
  return /[gG]earbox$/u.test(field) ? ENUMS.gearbox : undefined;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
/** A model answers in the enum's own spelling: the writer's "Citroën" or "Xpeng" travels as "Citroen", "XPeng". */
const spelled = (options: readonly string[], value: Scalar): Scalar =>
  typeof value === "string" ? (options.find((option) => fold(option) === fold(value)) ?? value) : value;

/** The number as written in the quote and the unit that gives the gold value, if the quote holds one. */
function amountFor(quote: string, target: number, units: [string, number][]): { amount: number; unit: string } | undefined {
  for (const number of numbersIn(quote)) for (const [unit, factor] of units) if (Math.abs(number * factor - target) < 1e-6) return { amount: number, unit };
  return undefined;
}

function partsOf(need: GoldNeed, referenceYear: number): Part[] {
  const { field, modality, quote } = need;
  if (field === null) return [];
  const schema = enumOf(field);
  const values = valuesOf(need.value)
    .map((value) => (schema === undefined ? value : spelled(schema.options, value)))
    .filter((value) => schema === undefined || schema.safeParse(value).success);
  if (schema !== undefined && values.length === 0) return [];
  const first = values[0];
  const number = typeof first === "number" ? first : undefined;
  const part = (name: ReadingField, scalars: Scalar[], apply: Part["apply"]): Part[] => [{ field: name, values: scalars, apply }];
  const list = (
    name: ReadingField,
    key:
      | "bodyTypes"
      | "allowedFuels"
      | "excludedFuels"
      | "requiredMakes"
      | "excludedMakes"
      | "preferredFuels"
      | "preferredMakes"
      | "preferredBodyTypes"
      | "avoidedFuels"
      | "avoidedMakes",
  ) => part(name, values, (answer) => (answer[key] as { value: unknown }[]).push(...values.map((value) => ({ value, ...said(quote) }))));
  if (modality === "indifferent") {
    const wire = WIRE_NAME[field] ?? field;
    return (REJECTABLE_FIELDS as readonly string[]).includes(wire) && isField(field)
      ? [{ field, values: [], apply: (answer) => answer.notRequirements.push({ field: wire as (typeof REJECTABLE_FIELDS)[number], quote }) }]
      : [];
  }
  const must = modality === "must";
  const prefer = modality === "prefer";
  switch (field) {
    case "bodyTypes":
      return must ? list("bodyTypes", "bodyTypes") : [];
    case "allowedFuels":
      return must ? list("allowedFuels", "allowedFuels") : prefer ? list("preferredFuels", "preferredFuels") : [];
    case "requiredMakes":
      return must ? list("requiredMakes", "requiredMakes") : prefer ? list("preferredMakes", "preferredMakes") : [];
    case "excludedFuels":
    case "excludedMakes":
    case "preferredFuels":
    case "preferredMakes":
    case "preferredBodyTypes":
    case "avoidedFuels":
    case "avoidedMakes":
      return list(field, field);
    case "gearbox":
    case "preferredGearbox": {
      const hard = field === "gearbox" && must;
      return part(hard ? "gearbox" : "preferredGearbox", values, (answer) => {
        if (hard) answer.gearbox = { value: first as never, ...said(quote) };
        else answer.preferredGearbox = { value: first as never, ...said(quote) };
      });
    }
    case "minSeats":
    case "minPowerHp":
    case "driverAge":
      return must && number !== undefined ? part(field, [number], (answer) => (answer[field] = { value: number, ...said(quote) })) : [];
    case "adultThirdRow":
    case "northern":
    case "winterNeeds":
    case "companyCar":
    case "kids":
      return must && first === true ? part(field, [true], (answer) => (answer[field] = said(quote))) : [];
    case "awd":
      if (must && first === true) return part("awd", [true], (answer) => (answer.awd = said(quote)));
      return prefer ? part("wish.awd", [true], (answer) => answer.wishes.push({ key: "awd", strength: "medium", ...said(quote) })) : [];
    case "homeCharging":
      return must && typeof first === "boolean"
        ? part("homeCharging", [first], (answer) => (answer.chargingAccess = { value: first ? "home" : "none", ...said(quote) }))
        : [];
    case "minTowingKg":
    case "trailerTotalKg": {
      const amount =
        must && number !== undefined
          ? amountFor(quote, number, [
              ["kg", 1],
              ["ton", 1000],
            ])
          : undefined;
      const key = field === "minTowingKg" ? "minTowingKg" : "trailerTotal";
      return amount ? part(field, [number as number], (answer) => (answer[key] = { ...amount, ...said(quote) } as never)) : [];
    }
    case "minRangeKm": {
      const amount =
        must && number !== undefined
          ? amountFor(quote, number, [
              ["km", 1],
              ["mil", 10],
            ])
          : undefined;
      return amount ? part(field, [number as number], (answer) => (answer.minRange = { ...amount, ...said(quote) } as never)) : [];
    }
    case "maxOdometerMil": {
      const amount =
        must && number !== undefined
          ? amountFor(quote, number, [
              ["mil", 1],
              ["km", 0.1],
            ])
          : undefined;
      return amount ? part(field, [number as number], (answer) => (answer.maxOdometer = { ...amount, ...said(quote) } as never)) : [];
    }
    case "minModelYear": {
      if (!must || number === undefined) return [];
      const amount =
        amountFor(quote, number, [["year", 1]]) ??
        numbersIn(quote)
          .map((age) => ({ amount: age, unit: "age" }))
          .find((age) => Math.abs(referenceYear - age.amount - number) <= 1);
      const year = amount?.unit === "age" ? referenceYear - amount.amount : number;
      return amount ? part(field, [year], (answer) => (answer.minModelYear = { ...amount, ...said(quote) } as never)) : [];
    }
    case "milPerYear": {
      if (!must || number === undefined) return [];
      for (const [period, times] of Object.entries(PER_YEAR)) {
        const amount = amountFor(quote, number, [
          ["mil", times],
          ["km", times / 10],
        ]);
        if (amount) return part(field, [number], (answer) => (answer.mileage = { ...amount, period, ...said(quote) } as never));
      }
      return [];
    }
    default: {
      if (!isWish(field) || !(must || prefer)) return [];
      return part(`wish.${field}`, [true], (answer) => answer.wishes.push({ key: field, strength: must ? "high" : "medium", ...said(quote) }));
    }
  }
}

/** The oracle's answer and meaning; `keep` decides which of its statements it makes (all by default). */
export function oracleReading(gold: GoldWish, referenceYear: number, keep: (index: number) => boolean = () => true): OracleReading {
  const answer = emptyModelReading();
  const expected = new Map<ReadingField, Scalar[]>();
  const parts = gold.needs.flatMap((need) => partsOf(need, referenceYear));
  for (const rejection of gold.notRequirements) {
    const wire = rejection.field === null ? undefined : (WIRE_NAME[rejection.field] ?? rejection.field);
    if (wire === undefined || !(REJECTABLE_FIELDS as readonly string[]).includes(wire) || rejection.quote.trim() === "") continue;
    parts.push({
      field: "minSeats",
      values: [],
      apply: (into) => into.notRequirements.push({ field: wire as (typeof REJECTABLE_FIELDS)[number], quote: rejection.quote }),
    });
  }
  const rejected = new Set<ReadingField>();
  parts.forEach((part, index) => {
    if (!keep(index)) return;
    part.apply(answer);
    // A field's values are a set: two needs naming MG are one MG.
    if (part.values.length > 0) expected.set(part.field, [...new Set([...(expected.get(part.field) ?? []), ...part.values])]);
  });
  for (const rejection of answer.notRequirements) rejected.add(READ_FIELD[rejection.field] ?? (rejection.field as ReadingField));
  return { answer, expected: asRead(expected), rejected };
}

/** How many statements the oracle makes for this wish (for `keep`). */
export function oracleParts(gold: GoldWish, referenceYear: number): { field: ReadingField; stated: boolean }[] {
  const parts = gold.needs.flatMap((need) => partsOf(need, referenceYear)).map((part) => ({ field: part.field, stated: part.values.length > 0 }));
  const rejections = gold.notRequirements.filter(
    (rejection) =>
      rejection.field !== null &&
      (REJECTABLE_FIELDS as readonly string[]).includes(WIRE_NAME[rejection.field] ?? rejection.field) &&
      rejection.quote.trim() !== "",
  );
  return [...parts, ...rejections.map(() => ({ field: "minSeats" as const, stated: false }))];
}

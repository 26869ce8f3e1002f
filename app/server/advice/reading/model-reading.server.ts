import { z } from "zod";
import { BodyTypeSchema, FuelSchema, GearboxSchema, MakeSchema } from "#app/lib/car-facts";
import { WishKeySchema } from "#app/lib/requirements";

/**
 * What the model answers when it reads a wish: every requirement and wish with the buyer's exact
 * words. Sent to OpenAI as a strict JSON schema, so it uses only the keywords strict mode accepts:
 * every property required, "optional" written as a union with null, no string or number bounds
 * (OpenAI's strict subset does not list minLength/maxLength; bounds are checked by the verifier).
 *
 * Amounts travel as written (2,2 ton; 30 mil; 5 år gammal) and are converted by us, so that the
 * number can be found in its quote.
 */

const marks = {
  /** The buyer's exact words, copied from the wish. */
  quote: z.string(),
  /** True when the buyer did not say it and the model inferred it. */
  assumed: z.boolean(),
  /** True when the words can be read more than one way. */
  uncertain: z.boolean(),
};

const flag = z.object(marks).nullable();
const value = <T extends z.ZodType>(schema: T) => z.object({ value: schema, ...marks }).nullable();
const list = <T extends z.ZodType>(schema: T) => z.array(z.object({ value: schema, ...marks }));
const amount = <U extends readonly [string, ...string[]]>(units: U) =>
  z.object({ amount: z.number(), unit: z.enum(units), ...marks }).nullable();

const WISH_STRENGTHS = ["low", "medium", "high"] as const;

export const ModelReadingSchema = z.object({
  bodyTypes: list(BodyTypeSchema),
  minSeats: value(z.number()),
  adultThirdRow: flag,
  awd: flag,
  minTowingKg: amount(["kg", "ton"] as const),
  allowedFuels: list(FuelSchema),
  excludedFuels: list(FuelSchema),
  minRange: amount(["km", "mil"] as const),
  gearbox: value(GearboxSchema),
  requiredMakes: list(MakeSchema),
  excludedMakes: list(MakeSchema),
  /** "inte äldre än 2016" (year) or "max 5 år gammal" (age). */
  minModelYear: amount(["year", "age"] as const),
  minPowerHp: value(z.number()),
  maxOdometer: amount(["mil", "km"] as const),
  mileage: z.object({ amount: z.number(), unit: z.enum(["mil", "km"]), period: z.enum(["day", "week", "month", "year"]), ...marks }).nullable(),
  driverAge: value(z.number()),
  northern: flag,
  winterNeeds: flag,
  preferredFuels: list(FuelSchema),
  preferredMakes: list(MakeSchema),
  preferredBodyTypes: list(BodyTypeSchema),
  preferredGearbox: value(GearboxSchema),
  avoidedFuels: list(FuelSchema),
  avoidedMakes: list(MakeSchema),
  chargingAccess: value(z.enum(["home", "none"])),
  companyCar: flag,
  trailerTotal: amount(["kg", "ton"] as const),
  drive: value(z.enum(["rear", "front", "awd"])),
  tier: value(z.enum(["mass", "premium", "luxury"])),
  /** Children ride along. */
  kids: flag,
  wishes: z.array(z.object({ key: WishKeySchema, strength: z.enum(WISH_STRENGTHS), ...marks })),
});
export type ModelReading = z.infer<typeof ModelReadingSchema>;

/** The schema name, which is also how the fake upstream recognises the call. */
export const READING_SCHEMA_NAME = "buyer_reading";

/** A reading with nothing in it: what a wish without requirements reads as. */
export function emptyModelReading(): ModelReading {
  return {
    bodyTypes: [],
    minSeats: null,
    adultThirdRow: null,
    awd: null,
    minTowingKg: null,
    allowedFuels: [],
    excludedFuels: [],
    minRange: null,
    gearbox: null,
    requiredMakes: [],
    excludedMakes: [],
    minModelYear: null,
    minPowerHp: null,
    maxOdometer: null,
    mileage: null,
    driverAge: null,
    northern: null,
    winterNeeds: null,
    preferredFuels: [],
    preferredMakes: [],
    preferredBodyTypes: [],
    preferredGearbox: null,
    avoidedFuels: [],
    avoidedMakes: [],
    chargingAccess: null,
    companyCar: null,
    trailerTotal: null,
    drive: null,
    tier: null,
    kids: null,
    wishes: [],
  };
}

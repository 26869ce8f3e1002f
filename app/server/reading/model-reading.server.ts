import { z } from "zod";
import { BodyTypeSchema, FuelSchema, GearboxSchema, MakeSchema } from "#app/lib/car-facts";
import { WishKeySchema } from "#app/lib/requirements";

// OpenAI's strict mode: every property required, "optional" as a union with null, no string or number bounds
// (the verifier checks them). Amounts travel as written and we convert them, so the number can be found in its quote.

const marks = {
  quote: z.string(),
  assumed: z.boolean(),
  uncertain: z.boolean(),
};

const flag = z.object(marks).nullable();
const value = <T extends z.ZodType>(schema: T) => z.object({ value: schema, ...marks }).nullable();
const list = <T extends z.ZodType>(schema: T) => z.array(z.object({ value: schema, ...marks }));
const amount = <U extends readonly [string, ...string[]]>(units: U) => z.object({ amount: z.number(), unit: z.enum(units), ...marks }).nullable();

const WISH_STRENGTHS = ["low", "medium", "high"] as const;

/** A rejection ("min gamla bil hade 150 hk" is no power floor) differs from silence: docs/decisions/019-merge-trusts-evidence.md. */
export const REJECTABLE_FIELDS = [
  "bodyTypes",
  "minSeats",
  "adultThirdRow",
  "awd",
  "minTowingKg",
  "allowedFuels",
  "excludedFuels",
  "minRange",
  "gearbox",
  "requiredMakes",
  "excludedMakes",
  "minModelYear",
  "minPowerHp",
  "maxOdometer",
  "mileage",
  "driverAge",
  "northern",
  "winterNeeds",
  "chargingAccess",
  "companyCar",
  "trailerTotal",
  "kids",
] as const;

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
  kids: flag,
  wishes: z.array(z.object({ key: WishKeySchema, strength: z.enum(WISH_STRENGTHS), ...marks })),
  notRequirements: z.array(z.object({ field: z.enum(REJECTABLE_FIELDS), quote: z.string() })),
});
export type ModelReading = z.infer<typeof ModelReadingSchema>;

/** Also how the fake upstream recognises the call. */
export const READING_SCHEMA_NAME = "buyer_reading";

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
    notRequirements: [],
  };
}

import { z } from "zod";
import { BodyTypeSchema, DrivetrainSchema, FuelSchema, GearboxSchema, MakeSchema, SizeSchema } from "./car-facts";

// Hard requirements are never broken by a suggestion; wishes (0–1) and preferences only steer the ranking.
export const WISH_KEYS = [
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
  "awd",
  "towing",
  "longTrips",
  "airSuspension",
  "parkingHeater",
  "quiet",
  "lowRange",
] as const;
export const WishKeySchema = z.enum(WISH_KEYS);
export type WishKey = z.infer<typeof WishKeySchema>;

const Weight = z.number().min(0).max(1);

export const HardRequirementsSchema = z.object({
  maxPrice: z.number().int().min(0),
  // Empty lists mean "any".
  bodyTypes: z.array(BodyTypeSchema).default([]),
  sizes: z.array(SizeSchema).default([]),
  /** Seats in total, driver included. */
  minSeats: z.number().int().min(2).max(9).optional(),
  /** The seats beyond five must fit adults. */
  adultThirdRow: z.boolean().default(false),
  awd: z.boolean().default(false),
  /** Braked trailer weight. */
  minTowingKg: z.number().int().min(1).max(4000).optional(),
  allowedFuels: z.array(FuelSchema).default([]),
  /** Also excludes hybrids whose combustion engine uses that fuel. */
  excludedFuels: z.array(FuelSchema).default([]),
  /** Real-world range; applies to electric cars only. */
  minRangeKm: z.number().int().min(1).max(2000).optional(),
  gearbox: GearboxSchema.optional(),
  requiredMakes: z.array(MakeSchema).default([]),
  excludedMakes: z.array(MakeSchema).default([]),
  minModelYear: z.number().int().min(1950).max(2100).optional(),
  minPowerHp: z.number().int().min(1).max(2000).optional(),
  maxOdometerMil: z.number().int().min(1).max(100_000).optional(),
});
export type HardRequirements = z.infer<typeof HardRequirementsSchema>;

const UsageSchema = z.object({
  milPerYear: z.number().int().min(50).max(20_000),
  milPerYearStated: z.boolean(),
  driverAge: z.number().int().min(16).max(110).optional(),
  area: z.enum(["storstad", "landsbygd"]).optional(),
  /** Cheaper electricity (SE1/SE2) and real winters. */
  northern: z.boolean().default(false),
  winterNeeds: z.boolean().default(false),
});
export type Usage = z.infer<typeof UsageSchema>;

const RequirementConflictSchema = z.object({
  code: z.string().min(1).max(60),
  message: z.string().min(1).max(300),
});
export type RequirementConflict = z.infer<typeof RequirementConflictSchema>;

/** A value we filled in from what the buyer named ("husvagn" without a weight): enforced, but shown as ours. */
const RequirementAssumptionSchema = z.object({
  field: z.enum(["minTowingKg"]),
  value: z.number().int().min(1).max(4000),
  quote: z.string().min(1).max(200),
});
export type RequirementAssumption = z.infer<typeof RequirementAssumptionSchema>;

/** A need the reader understood but has no field for ("massage i stolarna"): shown, never enforced. */
const NotedItemSchema = z.object({
  text: z.string().min(1).max(200),
  /** The buyer's words it was read from. */
  quote: z.string().max(300).nullable(),
  /** The same words also made a wish or a requirement; a noted item alone steers nothing. */
  steers: z.boolean().default(false),
});
export type NotedItem = z.infer<typeof NotedItemSchema>;
export const NOTED_WEIGHED_MARK = "(vägs in i ordningen)";

/** A wish the buyer did not name, read into their words ("familj": säkerhet, gott om plats): weighed, but shown as ours. */
const AssumedWishSchema = z.object({
  key: WishKeySchema,
  quote: z.string().min(1).max(300),
});

/** Every field is absent when the buyer said nothing about it: unknown, not "no". */
const BuyerSituationSchema = z.object({
  homeCharging: z.boolean().optional(),
  companyCar: z.boolean().optional(),
  trailerTotalKg: z.number().int().min(1).max(10_000).optional(),
  drive: DrivetrainSchema.optional(),
  tier: z.enum(["premium", "exclusive"]).optional(),
  kids: z.boolean().optional(),
  /** Taxi or ride-hailing work: the card names the licence and the taxi registration. */
  taxi: z.boolean().optional(),
  /** A new driver: insurance depends on age and years with a licence. */
  newDriver: z.boolean().optional(),
  childSeatsAcross: z.number().int().min(2).max(4).optional(),
});
export type BuyerSituation = z.infer<typeof BuyerSituationSchema>;

const requirementFields = {
  hard: HardRequirementsSchema,
  usage: UsageSchema,
  wishes: z.partialRecord(WishKeySchema, Weight).default({}),
  // Preferences and avoidances reorder; they never exclude.
  preferredFuels: z.array(FuelSchema).default([]),
  preferredMakes: z.array(MakeSchema).default([]),
  preferredBodyTypes: z.array(BodyTypeSchema).default([]),
  preferredGearbox: GearboxSchema.optional(),
  avoidedFuels: z.array(FuelSchema).default([]),
  avoidedMakes: z.array(MakeSchema).default([]),
  preferredMinModelYear: z.number().int().min(1950).max(2100).optional(),
  preferredMaxOdometerMil: z.number().int().min(1).max(100_000).optional(),
  conflicts: z.array(RequirementConflictSchema).default([]),
  nonsense: z.boolean().default(false),
  assumptions: z.array(RequirementAssumptionSchema).default([]),
  situation: BuyerSituationSchema.default({}),
  /** "Volvo|V70"; a named model may take more than one place in a list. */
  namedModels: z.array(z.string().min(3).max(60)).max(40).default([]),
  /** Absent in results saved before wishes were marked: then every wish reads as stated. */
  assumedWishes: z.array(AssumedWishSchema).max(WISH_KEYS.length).default([]),
  /** Absent in results saved before the reader noted anything. */
  noted: z.array(NotedItemSchema).max(40).default([]),
};

export const HARD_READING_FIELDS = [
  "bodyTypes",
  "minSeats",
  "adultThirdRow",
  "awd",
  "minTowingKg",
  "allowedFuels",
  "excludedFuels",
  "minRangeKm",
  "gearbox",
  "requiredMakes",
  "excludedMakes",
  "minModelYear",
  "minPowerHp",
  "maxOdometerMil",
] as const;
export const USAGE_READING_FIELDS = ["milPerYear", "driverAge", "northern", "winterNeeds"] as const;
export const SITUATION_READING_FIELDS = ["homeCharging", "companyCar", "trailerTotalKg", "drive", "tier", "kids"] as const;

export const READING_FIELDS = [
  ...HARD_READING_FIELDS,
  ...USAGE_READING_FIELDS,
  "preferredFuels",
  "preferredMakes",
  "preferredBodyTypes",
  "preferredGearbox",
  "avoidedFuels",
  "avoidedMakes",
  ...SITUATION_READING_FIELDS,
  ...WISH_KEYS.map((key) => `wish.${key}` as const),
] as const;
/** Preferences the merge derives from a requirement it softened; not read on their own, but a buyer may set them. */
const SOFT_LIMIT_FIELDS = ["preferredMinModelYear", "preferredMaxOdometerMil"] as const;
export const ReadingFieldSchema = z.enum([...READING_FIELDS, ...SOFT_LIMIT_FIELDS]);
export type ReadingField = z.infer<typeof ReadingFieldSchema>;

/** "buyer" is a correction and is final. */
const ReadingSourceSchema = z.enum(["parser", "model", "both", "buyer"]);
export type ReadingSource = z.infer<typeof ReadingSourceSchema>;

/** The longest quote a reading item keeps; the verifier drops a longer one, never the whole reading. */
export const READING_QUOTE_MAX = 300;

const ReadingItemSchema = z.object({
  field: ReadingFieldSchema,
  value: z.union([z.string().max(40), z.number(), z.boolean()]).optional(),
  /** Verified to occur in the wish; null for an assumption or a correction. */
  quote: z.string().max(READING_QUOTE_MAX).nullable(),
  assumed: z.boolean().default(false),
  uncertain: z.boolean().default(false),
  source: ReadingSourceSchema,
});
export type ReadingItem = z.infer<typeof ReadingItemSchema>;

const ModelReadingFailureSchema = z.enum(["schema", "refused", "timeout", "unavailable", "budget"]);
export type ModelReadingFailure = z.infer<typeof ModelReadingFailureSchema>;

const ReadingProvenanceSchema = z.object({
  /** "off": no model configured (or a version-1 result); "failed": the parser's reading alone. */
  model: z.enum(["off", "used", "failed"]).default("off"),
  failure: ModelReadingFailureSchema.optional(),
  items: z.array(ReadingItemSchema).default([]),
});

const BuyerRequirementsV1Schema = z.object({ version: z.literal(1), ...requirementFields });

export const BuyerRequirementsV2Schema = z.object({
  version: z.literal(2),
  ...requirementFields,
  reading: ReadingProvenanceSchema.default({ model: "off", items: [] }),
});
export type BuyerRequirements = z.infer<typeof BuyerRequirementsV2Schema>;

/** Saved results are never rewritten: version 1 parses as version 2 without provenance. */
function migrateRequirements(v1: z.infer<typeof BuyerRequirementsV1Schema>): BuyerRequirements {
  return BuyerRequirementsV2Schema.parse({ ...v1, version: 2 });
}

export const BuyerRequirementsSchema = z.union([BuyerRequirementsV2Schema, BuyerRequirementsV1Schema.transform(migrateRequirements)]);
export type BuyerRequirementsInput = z.input<typeof BuyerRequirementsV2Schema> | z.input<typeof BuyerRequirementsV1Schema>;

export const DEFAULT_MIL_PER_YEAR = 1500;

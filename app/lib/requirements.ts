import { z } from "zod";
import { BodyTypeSchema, DrivetrainSchema, FuelSchema, GearboxSchema, MakeSchema, SizeSchema } from "./car-facts";

/**
 * What the buyer asked for, as data: built from the form and the description (the offline parser
 * in `app/server/advice/reading/`), saved beside the input, enforced before any engine ranks a car and
 * shown on the result page ("Så tolkade vi dig").
 *
 * Hard requirements are never broken by a suggestion. Soft wishes only steer the ranking.
 */

/** Soft wishes the ranking weighs (0 = not mentioned, 1 = stressed). */
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
  /** The form's maximum price (SEK). */
  maxPrice: z.number().int().min(0),
  /** Allowed bodies; empty means any. From the form's body type and bodies the text demands. */
  bodyTypes: z.array(BodyTypeSchema).default([]),
  /** Allowed sizes; empty means any. The form's "Småbil" is ["mini", "small"]. */
  sizes: z.array(SizeSchema).default([]),
  /** Seats in total, driver included. */
  minSeats: z.number().int().min(2).max(9).optional(),
  /** The seats beyond five must fit adults ("även vuxna bak", "vuxna i tredje raden"). */
  adultThirdRow: z.boolean().default(false),
  /** Four-wheel drive (4WD, AWD, fyrhjulsdrift, 4x4). */
  awd: z.boolean().default(false),
  /** Braked trailer weight the car must be approved for, kg. */
  minTowingKg: z.number().int().min(1).max(4000).optional(),
  /** Only these fuels; empty means any. */
  allowedFuels: z.array(FuelSchema).default([]),
  /**
   * Never these fuels. "diesel" also excludes hybrids with a diesel engine, and "bensin" hybrids
   * with a petrol engine (the enforcement reads `combustionFuel`).
   */
  excludedFuels: z.array(FuelSchema).default([]),
  /** Real-world range on a full battery, km (stated in mil or km). Applies to elbilar. */
  minRangeKm: z.number().int().min(1).max(2000).optional(),
  gearbox: GearboxSchema.optional(),
  /** Only these makes; empty means any. */
  requiredMakes: z.array(MakeSchema).default([]),
  /** Never these makes ("inte en Volvo", "inget tyskt märke" expands to the German makes). */
  excludedMakes: z.array(MakeSchema).default([]),
  /** Model year no older than ("inte äldre än 2016", "max 5 år gammal" → reference year − 5). */
  minModelYear: z.number().int().min(1950).max(2100).optional(),
  /** Engine power, hk. */
  minPowerHp: z.number().int().min(1).max(2000).optional(),
  /** Highest odometer reading the buyer accepts, mil ("max 10 000 mil"). */
  maxOdometerMil: z.number().int().min(1).max(100_000).optional(),
});
export type HardRequirements = z.infer<typeof HardRequirementsSchema>;

const UsageSchema = z.object({
  /** Yearly driving in Swedish mil; 1 500 unless the buyer said otherwise. */
  milPerYear: z.number().int().min(50).max(20_000),
  /** True when `milPerYear` comes from the buyer's own words. */
  milPerYearStated: z.boolean(),
  /** The main driver's age (young drivers pay much more for insurance). */
  driverAge: z.number().int().min(16).max(110).optional(),
  /** Big city (higher premiums) or countryside (lower), when the buyer says so. */
  area: z.enum(["storstad", "landsbygd"]).optional(),
  /** Norrland and the mountains: cheaper electricity (SE1/SE2), real winters. */
  northern: z.boolean().default(false),
  /** Snow, ice, steep or unplowed roads, mountain trips. */
  winterNeeds: z.boolean().default(false),
});
export type Usage = z.infer<typeof UsageSchema>;

/** Something in the description that cannot all be true at once; the create form says which. */
const RequirementConflictSchema = z.object({
  code: z.string().min(1).max(60),
  /** Swedish, shown to the buyer as is. */
  message: z.string().min(1).max(300),
});
export type RequirementConflict = z.infer<typeof RequirementConflictSchema>;

/**
 * A hard value the buyer did not state but that we filled in from what they named ("husvagn"
 * without a weight): enforced like a requirement, so no car that cannot pull an ordinary caravan is
 * suggested, but shown as our assumption for the buyer to change, never as something they said.
 */
const RequirementAssumptionSchema = z.object({
  field: z.enum(["minTowingKg"]),
  value: z.number().int().min(1).max(4000),
  /** The buyer's words the assumption rests on ("husvagn"). */
  quote: z.string().min(1).max(200),
});
export type RequirementAssumption = z.infer<typeof RequirementAssumptionSchema>;

/**
 * The buyer's situation, where the description tells it: what the costs, the ranking and the
 * texts may use. Every field is absent when the buyer said nothing about it (unknown, not "no").
 */
const BuyerSituationSchema = z.object({
  /** Can charge at home (laddbox, laddplats) or said they cannot ("bor i lägenhet utan laddplats"). */
  homeCharging: z.boolean().optional(),
  /** A company car (tjänstebil, förmånsbil), or said to be bought privately. */
  companyCar: z.boolean().optional(),
  /** The stated total weight of what they tow (a loaded horse trailer, a caravan), kg. */
  trailerTotalKg: z.number().int().min(1).max(10_000).optional(),
  /** The drive the buyer asked or wished for ("bakhjulsdrift", "framhjulsdriven helst"). */
  drive: DrivetrainSchema.optional(),
  /** Words that ask for a premium ("premium", "lyx") or exclusive ("exklusiv") car. */
  tier: z.enum(["premium", "exclusive"]).optional(),
  /** Children ride along (a family with kids never gets a two-seater). */
  kids: z.boolean().optional(),
});
export type BuyerSituation = z.infer<typeof BuyerSituationSchema>;

const requirementFields = {
  hard: HardRequirementsSchema,
  usage: UsageSchema,
  wishes: z.partialRecord(WishKeySchema, Weight).default({}),
  /** Soft preferences: ranked higher, never required. */
  preferredFuels: z.array(FuelSchema).default([]),
  preferredMakes: z.array(MakeSchema).default([]),
  preferredBodyTypes: z.array(BodyTypeSchema).default([]),
  /** "gärna automat" */
  preferredGearbox: GearboxSchema.optional(),
  /** Soft refusals ("helst ingen diesel", "gillar inte BMW"): ranked lower, never excluded. */
  avoidedFuels: z.array(FuelSchema).default([]),
  avoidedMakes: z.array(MakeSchema).default([]),
  /** "helst inte äldre än 2016": newer windows rank higher. */
  preferredMinModelYear: z.number().int().min(1950).max(2100).optional(),
  /** "helst under 15 000 mil": the mileage we search for, where the market allows. */
  preferredMaxOdometerMil: z.number().int().min(1).max(100_000).optional(),
  conflicts: z.array(RequirementConflictSchema).default([]),
  /**
   * True when nothing in the description reads as words a buyer would write (keyboard mash,
   * random characters); the create form then asks for a real description.
   */
  nonsense: z.boolean().default(false),
  /** Hard values we assumed (absent in readings saved before assumptions were marked). */
  assumptions: z.array(RequirementAssumptionSchema).default([]),
  situation: BuyerSituationSchema.default({}),
  /** Models the buyer named ("Volvo|V70"): they may appear more than once in a list. */
  namedModels: z.array(z.string().min(3).max(60)).max(40).default([]),
};

/**
 * Every item of a reading that can carry a quote: the hard requirements, usage, situation and
 * preference fields by name, and each wish as `wish.<key>`.
 */
/** The hard requirements a reading can quote (the merge treats these as needs or restrictions). */
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
export const ReadingFieldSchema = z.enum(READING_FIELDS);
export type ReadingField = z.infer<typeof ReadingFieldSchema>;

/** Where an item of the reading came from; "buyer" is a correction and is final. */
const ReadingSourceSchema = z.enum(["parser", "model", "both", "buyer"]);
export type ReadingSource = z.infer<typeof ReadingSourceSchema>;

const ReadingItemSchema = z.object({
  field: ReadingFieldSchema,
  /** Which value of a list field ("diesel" of allowedFuels); absent for single-valued fields. */
  value: z.union([z.string().max(40), z.number(), z.boolean()]).optional(),
  /** The buyer's exact words (verified to occur in the wish); null for an assumption or a correction. */
  quote: z.string().max(300).nullable(),
  /** Not said by the buyer: our assumption, shown as "vi antog …", never as a requirement. */
  assumed: z.boolean().default(false),
  /** The two readers disagreed (or the model was unsure): the page asks the buyer to check it. */
  uncertain: z.boolean().default(false),
  source: ReadingSourceSchema,
});
export type ReadingItem = z.infer<typeof ReadingItemSchema>;

/** Why the model's reading was not used; the page says so plainly (`modelReadingNotice`). */
const ModelReadingFailureSchema = z.enum(["schema", "refused", "timeout", "unavailable", "budget"]);
export type ModelReadingFailure = z.infer<typeof ModelReadingFailureSchema>;

const ReadingProvenanceSchema = z.object({
  /** "off": no model configured (or a version-1 result); "used": merged; "failed": parser only. */
  model: z.enum(["off", "used", "failed"]).default("off"),
  failure: ModelReadingFailureSchema.optional(),
  items: z.array(ReadingItemSchema).default([]),
});
export type ReadingProvenance = z.infer<typeof ReadingProvenanceSchema>;

const BuyerRequirementsV1Schema = z.object({ version: z.literal(1), ...requirementFields });

export const BuyerRequirementsV2Schema = z.object({
  version: z.literal(2),
  ...requirementFields,
  reading: ReadingProvenanceSchema.default({ model: "off", items: [] }),
});
export type BuyerRequirements = z.infer<typeof BuyerRequirementsV2Schema>;

/**
 * Version 1 (saved before the model read the wish) is read as version 2 with no provenance: every saved result still parses and renders, and nothing is rewritten in place.
 */
function migrateRequirements(v1: z.infer<typeof BuyerRequirementsV1Schema>): BuyerRequirements {
  return BuyerRequirementsV2Schema.parse({ ...v1, version: 2 });
}

/** Any saved version in, the current version out. */
export const BuyerRequirementsSchema = z.union([BuyerRequirementsV2Schema, BuyerRequirementsV1Schema.transform(migrateRequirements)]);
export type BuyerRequirementsInput = z.input<typeof BuyerRequirementsV2Schema> | z.input<typeof BuyerRequirementsV1Schema>;

/** Default yearly driving when the buyer does not say (kept from the seed's ownership assumptions). */
export const DEFAULT_MIL_PER_YEAR = 1500;

import { z } from "zod";
import { BodyTypeSchema, DrivetrainSchema, FuelSchema, GearboxSchema } from "./car-facts";
// For its zod setting (no eval probe under our CSP), which must precede these schemas.
import "./search-form";

const Score = z.number().min(0).max(100);
const Sek = z.number().int().min(0);

const RatingsSchema = z.object({
  rank: z.number().int().min(1),
  overall: Score,
  comfort: Score,
  performance: Score,
  security: Score,
  reliability: Score,
  economy: Score,
  finalScore: Score.default(0),
});
export type Ratings = z.infer<typeof RatingsSchema>;

/** Every field optional so older results still render. */
const CostNotesSchema = z.object({
  /** The insurance figure rests on low-confidence bands or factors. */
  insuranceEstimate: z.boolean().optional(),
  insuranceLevel: z.enum(["halv", "hel"]).optional(),
  insuredDriver: z.string().max(80).optional(),
  /** No charging at home: the public-charger price per kWh. */
  publicChargingPricePerKwh: z.number().optional(),
  benefit: z
    .union([
      z.object({
        status: z.literal("computed"),
        perYear: Sek,
        perMonth: Sek,
        rulesYear: z.number().int(),
        benefitPrice: Sek,
        newCarPrice: Sek.optional(),
        trim: z.string().optional(),
        netPerMonth: z.array(z.object({ marginalTaxRate: z.number().min(0).max(1), amount: Sek })).optional(),
        unverified: z.array(z.enum(["prisbasbelopp", "statslaneranta"])).optional(),
      }),
      z.object({ status: z.literal("unavailable"), reason: z.string().min(1) }),
    ])
    .optional(),
  licence: z.object({ trailerTotalKg: z.number().int(), atLeast: z.enum(["B", "B96", "BE", "tyngre"]), text: z.string().min(1) }).optional(),
});
export type CostNotes = z.infer<typeof CostNotesSchema>;

const OwnershipCostSchema = z.object({
  insurance: Sek,
  tax: Sek,
  fuel: Sek,
  maintenance: Sek,
  notes: CostNotesSchema.optional(),
});
export type OwnershipCost = z.infer<typeof OwnershipCostSchema>;

/** Copied at creation so a saved result keeps saying what it said after catalogue fixes. */
const CarFactsSchema = z.object({
  generation: z.string(),
  fuel: FuelSchema,
  combustionFuel: z.enum(["bensin", "diesel"]).optional(),
  drivetrain: DrivetrainSchema,
  gearboxes: z.array(GearboxSchema),
  body: BodyTypeSchema,
  bootLitres: z.number().int().nullable(),
  seats: z.number().int(),
  /** null: no third row; otherwise whether adults fit there. */
  thirdRowAdult: z.boolean().nullable(),
  /** The seats without an optional third row; absent when the row is standard, and in results saved before it was shown. */
  standardSeats: z.number().int().optional(),
  towingKg: z.number().int(),
  rangeKm: z.number().int().optional(),
  powerHp: z.number().int(),
  powersByYear: z.array(z.object({ hp: z.number().int(), from: z.number().int(), to: z.number().int() })).optional(),
  /** Per Swedish mil. */
  consumption: z.object({ litresPerMil: z.number().optional(), kwhPerMil: z.number().optional(), kgPerMil: z.number().optional() }),
  ncap: z.object({ stars: z.number().int(), year: z.number().int(), pack: z.number().int().optional() }).nullable(),
  /** SEK per mil at this buyer's prices. */
  energyPerMil: z.number(),
  /** Figures the catalogue could not check against a source (variant field names); shown as such. */
  unverified: z.array(z.string()).optional(),
});
export type CarFacts = z.infer<typeof CarFactsSchema>;

export const CarSuggestionSchema = z.object({
  /** Absent in results saved before variants. */
  variantId: z.string().optional(),
  facts: CarFactsSchema.optional(),
  carName: z.string().min(1),
  carMake: z.string().min(1),
  carModel: z.string().min(1),
  carTagline: z.string().min(1),
  ratings: RatingsSchema,
  pros: z.array(z.string().min(1)),
  cons: z.array(z.string().min(1)),
  recommendedYear: z.object({ from: z.number().int().min(1950).max(2100), to: z.number().int().min(1950).max(2100).optional() }),
  /** From the variant's price points; `estimate` when too few for a spread. */
  recommendedPrice: z.object({ from: Sek, to: Sek, estimate: z.boolean().optional() }),
  /** Swedish mil (1 mil = 10 km). */
  recommendedMileage: z.object({ to: z.number().int().min(0) }),
  whyItFits: z.string().min(1),
  deepDiveAnalysis: z.string().min(1),
  commonFlaws: z.string().min(1),
  ownershipCost: OwnershipCostSchema,
  /** True when the AI could not write this car's texts and they were written from its facts alone. */
  textsFromFacts: z.boolean().optional(),
});
export type CarSuggestion = z.infer<typeof CarSuggestionSchema>;

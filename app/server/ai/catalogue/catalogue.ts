import { z } from "zod";
import { CarTypeSchema } from "#app/lib/search-form";
import { CATALOGUE_DATA } from "./catalogue-data";

/**
 * The offline model catalogue: what the local recommender knows about cars on the Swedish used
 * market. Every figure is an approximation (see CATALOGUE_SOURCES in catalogue-data.ts); the
 * schema exists so that a typo in the data fails loudly at module load instead of producing
 * a silently wrong recommendation.
 */

/** Drivmedel as Swedish ads and the register use them. */
export const FuelSchema = z.enum(["bensin", "diesel", "el", "elhybrid", "laddhybrid", "e85", "gas"]);
export type Fuel = z.infer<typeof FuelSchema>;

/** Body types a model can have: the form's CarType keys except the "alla" wildcard. */
export const BodyTypeSchema = CarTypeSchema.exclude(["alla"]);
export type BodyType = z.infer<typeof BodyTypeSchema>;

/**
 * Insurance and maintenance class (reference section 3): small cars, mid-size kombi/sedan/SUV,
 * premium or large SUVs, and exclusive sports cars that insurers price on their own scale.
 */
export const CostClassSchema = z.enum(["small", "midsize", "premium", "exclusive"]);
export type CostClass = z.infer<typeof CostClassSchema>;

/** Physical size, used for city-driving and family wishes. */
export const SizeClassSchema = z.enum(["small", "compact", "midsize", "large"]);
export type SizeClass = z.infer<typeof SizeClassSchema>;

const ModelYear = z.number().int().min(1990).max(2030);
const YearRange = z
  .tuple([ModelYear, ModelYear])
  .refine(([from, to]) => from <= to, { error: "years must be [from, to] with from <= to" });
const Rating = z.number().int().min(0).max(100);
const SwedishText = z.string().trim().min(3);

export const VariantSchema = z
  .object({
    /** Engine/trim name as ads write it, e.g. "D4", "T6 Recharge", "1.8 Hybrid". */
    label: z.string().min(1),
    fuel: FuelSchema,
    /** Combustion engine of a hybrid; decides the diesel add-ons in the vehicle tax. */
    combustionFuel: z.enum(["bensin", "diesel"]).optional(),
    /**
     * Real-world mixed consumption per 100 km: litres for bensin/diesel/elhybrid/e85 and the
     * combustion share of a laddhybrid, kWh for el, kg for gas.
     */
    consumption: z.number().min(0).max(40),
    /** Laddhybrid only: blended electricity per 100 km (kWh) at typical home charging. */
    electricConsumption: z.number().min(0).max(40).optional(),
    /** Registered CO2, g/km, mixed driving (NEDC for older cars, WLTP for newer). */
    co2: z.number().int().min(0).max(400),
    /** Realistic range in km on a full battery (el) or on electricity alone (laddhybrid). */
    rangeKm: z.number().int().positive().optional(),
    /** Model years this variant was sold; defaults to the whole model range. */
    years: YearRange.optional(),
    /** Used-price multiplier against the model's anchors, e.g. the EV version of a model. */
    priceFactor: z.number().min(0.5).max(2).optional(),
    /** Overrides the model's towing capacity, e.g. EV versions not approved for a trailer. */
    towingKg: z.number().int().min(0).max(3500).optional(),
  })
  .superRefine((variant, ctx) => {
    if (variant.fuel === "laddhybrid" && variant.electricConsumption === undefined) {
      ctx.addIssue({ code: "custom", message: "a laddhybrid needs electricConsumption" });
    }
    if (variant.fuel === "el" && variant.co2 !== 0) {
      ctx.addIssue({ code: "custom", message: "an elbil has 0 g/km CO2" });
    }
    if ((variant.fuel === "el" || variant.fuel === "laddhybrid") && variant.rangeKm === undefined) {
      ctx.addIssue({ code: "custom", message: "el and laddhybrid variants need rangeKm" });
    }
  });
export type Variant = z.infer<typeof VariantSchema>;

export const CatalogueEntrySchema = z
  .object({
    /** Stable kebab-case id, unique in the catalogue: make-model-generation. */
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    make: z.string().min(1),
    /** Model name as Blocket spells it; the marketplace step searches with make + model. */
    model: z.string().min(1),
    /** Swedish description of the generation, e.g. "andra generationen". */
    generation: z.string().min(1),
    /** First entry is the main body style; småbil is a size class mapped onto short hatchbacks. */
    bodyTypes: z.array(BodyTypeSchema).min(1),
    years: YearRange,
    /** Approximate 2025–26 asking prices (SEK) at normal mileage; interpolated between anchors. */
    prices: z.array(z.tuple([ModelYear, z.number().int().positive()])).min(2),
    variants: z.array(VariantSchema).min(1),
    curbWeightKg: z.number().int().min(500).max(3500),
    ncap: z
      .object({
        stars: z.number().int().min(0).max(5),
        year: z.number().int().min(1997).max(2030),
        /** When the rating was earned by a sister model, e.g. "Volvo S80". */
        basedOn: z.string().optional(),
      })
      .nullable(),
    ratings: z.object({
      comfort: Rating,
      performance: Rating,
      security: Rating,
      reliability: Rating,
      economy: Rating,
    }),
    seats: z.number().int().min(2).max(9),
    /** With the optional third row, when one exists. */
    maxSeats: z.number().int().min(2).max(9).optional(),
    /** Litres with the rear seats up; null for an open pickup bed. */
    bootLitres: z.number().int().min(50).max(1500).nullable(),
    /** Highest braked towing capacity offered (kg); 0 = not approved for a trailer. */
    towingKg: z.number().int().min(0).max(3500),
    awd: z.enum(["none", "option", "standard"]),
    size: SizeClassSchema,
    costClass: CostClassSchema,
    tagline: SwedishText,
    /** Full Swedish sentences. */
    knownFlaws: z.array(SwedishText).min(1),
    pros: z.array(SwedishText).min(2),
    cons: z.array(SwedishText).min(1),
  })
  .superRefine((entry, ctx) => {
    const [from, to] = entry.years;
    const first = entry.prices[0];
    const last = entry.prices.at(-1);
    if (first?.[0] !== from || last?.[0] !== to) {
      ctx.addIssue({ code: "custom", path: ["prices"], message: "price anchors must start and end at the model years" });
    }
    for (let i = 1; i < entry.prices.length; i++) {
      const previous = entry.prices[i - 1];
      const current = entry.prices[i];
      if (!previous || !current) continue;
      // Newer cars cost more: the recommender walks from the newest year down to the first fit.
      if (current[0] <= previous[0] || current[1] < previous[1]) {
        ctx.addIssue({ code: "custom", path: ["prices", i], message: "anchors must rise with the model year" });
      }
    }
    entry.variants.forEach((variant, index) => {
      if (variant.years && (variant.years[0] < from || variant.years[1] > to)) {
        ctx.addIssue({ code: "custom", path: ["variants", index, "years"], message: "variant years outside the model years" });
      }
    });
    if (entry.bootLitres === null && !entry.bodyTypes.includes("pickup")) {
      ctx.addIssue({ code: "custom", path: ["bootLitres"], message: "only a pickup may lack a boot" });
    }
    if (entry.maxSeats !== undefined && entry.maxSeats < entry.seats) {
      ctx.addIssue({ code: "custom", path: ["maxSeats"], message: "maxSeats must be >= seats" });
    }
  });
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;
export type CatalogueEntryInput = z.input<typeof CatalogueEntrySchema>;

export const CatalogueSchema = z
  .array(CatalogueEntrySchema)
  .min(1)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    for (const entry of entries) {
      if (seen.has(entry.id)) ctx.addIssue({ code: "custom", message: `duplicate catalogue id ${entry.id}` });
      seen.add(entry.id);
    }
  });

/** Parsed once at module load so bad data fails the first test (and the first request) loudly. */
export const CATALOGUE: readonly CatalogueEntry[] = CatalogueSchema.parse(CATALOGUE_DATA);

/** Model years a variant was actually sold, clipped to its model's years. */
export function variantYears(entry: CatalogueEntry, variant: Variant): [number, number] {
  const [from, to] = variant.years ?? entry.years;
  return [Math.max(from, entry.years[0]), Math.min(to, entry.years[1])];
}

/** Approximate asking price (SEK) for a model year, linearly interpolated between anchors. */
export function usedPrice(entry: CatalogueEntry, year: number, variant?: Variant): number {
  const factor = variant?.priceFactor ?? 1;
  const anchors = entry.prices;
  let price = anchors[0]?.[1] ?? 0;
  for (let i = 0; i < anchors.length; i++) {
    const anchor = anchors[i];
    if (!anchor) continue;
    if (year <= anchor[0]) {
      const previous = anchors[i - 1];
      if (!previous || year === anchor[0]) price = anchor[1];
      else price = previous[1] + ((anchor[1] - previous[1]) * (year - previous[0])) / (anchor[0] - previous[0]);
      return Math.round(price * factor);
    }
    price = anchor[1];
  }
  return Math.round(price * factor);
}

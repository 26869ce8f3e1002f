import { z } from "zod";
import { BuyerNeedsSchema } from "./ad-match";
import { FallbackReasonSchema } from "./creation-job";
import { AvailabilitySchema, MarketplaceCarSchema } from "./marketplace";
import { CarSuggestionSchema } from "./recommendation";
import { SearchInputSchema } from "./search-form";

/** Raw inputs kept so pages can show the breakdown; `adCount` is null when the lookup failed. */
const ScoreBreakdownSchema = z.object({
  overall: z.number().min(0).max(100),
  adCount: z.number().int().nonnegative().nullable(),
  availabilityScore: z.number().min(0).max(100),
  finalScore: z.number().min(0).max(100),
  /** False when no ads were looked for: the final score is then the car's own rating (absent in older rows: true). */
  availabilityChecked: z.literal(false).optional(),
});
export type ScoreBreakdown = z.infer<typeof ScoreBreakdownSchema>;

export const SavedRecommendationInputSchema = SearchInputSchema;
export type SavedRecommendationInput = z.infer<typeof SavedRecommendationInputSchema>;

const [KnownAvailabilitySchema, UnknownAvailabilitySchema, UncheckedAvailabilitySchema] = AvailabilitySchema.options;

/** Keeps the first ads (at most six) so the page need not ask Blocket again. */
export const StoredAvailabilitySchema = z.discriminatedUnion("status", [
  KnownAvailabilitySchema.extend({ ads: z.array(MarketplaceCarSchema).max(6), needs: BuyerNeedsSchema.optional() }),
  UnknownAvailabilitySchema,
  UncheckedAvailabilitySchema,
]);
export type StoredAvailability = z.infer<typeof StoredAvailabilitySchema>;

/** `ratings.rank` is the final rank. */
const RecommendedCarSchema = CarSuggestionSchema.extend({
  availability: StoredAvailabilitySchema,
  score: ScoreBreakdownSchema,
});
export type RecommendedCar = z.infer<typeof RecommendedCarSchema>;

const AdviceAssumptionsSchema = z.object({
  milPerYear: z.number().int().positive(),
  /** False when it is our default. */
  milPerYearStated: z.boolean(),
  petrolPricePerLitre: z.number().nonnegative(),
  dieselPricePerLitre: z.number().nonnegative(),
  /** Home charging incl. losses, where the buyer lives. */
  electricityPricePerKwh: z.number().nonnegative(),
  publicChargingShare: z.number().min(0).max(1),
  driverAge: z.number().int().optional(),
  newDriver: z.boolean().optional(),
  area: z.enum(["storstad", "landsbygd"]).optional(),
  referenceYear: z.number().int(),
});
export type AdviceAssumptions = z.infer<typeof AdviceAssumptionsSchema>;

export const RecommendationResultSchema = z.object({
  /** The engine that answered; `fallback` says why it was the local one when the model was meant to. */
  source: z.enum(["openai", "local"]),
  fallback: z.object({ reason: FallbackReasonSchema }).optional(),
  cars: z.array(RecommendedCarSchema),
  /** Absent in results saved before the shared advice pipeline. */
  assumptions: AdviceAssumptionsSchema.optional(),
  /** Why fewer than ten cars, and what to relax. */
  shortfall: z.string().max(1000).optional(),
});
export type RecommendationResult = z.infer<typeof RecommendationResultSchema>;

/** 16 random bytes in base64url. */
export const RecommendationIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

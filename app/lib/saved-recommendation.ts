import { z } from "zod";
import { BuyerNeedsSchema } from "./ad-match";
import { AvailabilitySchema, MarketplaceCarSchema } from "./marketplace";
import { CarSuggestionSchema } from "./recommendation";
import { SearchInputSchema } from "./search-form";

/**
 * The raw inputs of the final score, kept so pages can show the breakdown: the AI's overall rating,
 * the ads counted (null when the lookup failed), the availability points and the result.
 */
const ScoreBreakdownSchema = z.object({
  overall: z.number().min(0).max(100),
  adCount: z.number().int().nonnegative().nullable(),
  availabilityScore: z.number().min(0).max(100),
  finalScore: z.number().min(0).max(100),
});
export type ScoreBreakdown = z.infer<typeof ScoreBreakdownSchema>;

/** What the buyer asked for, stored with the result so pages can show it and re-run it. */
export const SavedRecommendationInputSchema = SearchInputSchema;
export type SavedRecommendationInput = z.infer<typeof SavedRecommendationInputSchema>;

const [KnownAvailabilitySchema, UnknownAvailabilitySchema] = AvailabilitySchema.options;

/**
 * A suggestion's availability as saved: the marketplace step's availability plus, when known, the
 * first ads found (at most six) so the page can show them without asking Blocket again, and the
 * buyer's hard needs each ad is held against ("Dragkrok" / "Kontrollera dragkrok").
 */
export const StoredAvailabilitySchema = z.discriminatedUnion("status", [
  KnownAvailabilitySchema.extend({ ads: z.array(MarketplaceCarSchema).max(6), needs: BuyerNeedsSchema.optional() }),
  UnknownAvailabilitySchema,
]);
export type StoredAvailability = z.infer<typeof StoredAvailabilitySchema>;


/** A suggestion after the marketplace check and scoring; `ratings.rank` is the final rank. */
const RecommendedCarSchema = CarSuggestionSchema.extend({
  availability: StoredAvailabilitySchema,
  score: ScoreBreakdownSchema,
});
export type RecommendedCar = z.infer<typeof RecommendedCarSchema>;

/** What the costs on the page assume, so the page can say it next to the figures. */
const AdviceAssumptionsSchema = z.object({
  milPerYear: z.number().int().positive(),
  /** True when the buyer stated the mileage; false when it is our default. */
  milPerYearStated: z.boolean(),
  petrolPricePerLitre: z.number().nonnegative(),
  dieselPricePerLitre: z.number().nonnegative(),
  /** Home charging incl. losses, where the buyer lives. */
  electricityPricePerKwh: z.number().nonnegative(),
  publicChargingShare: z.number().min(0).max(1),
  driverAge: z.number().int().optional(),
  area: z.enum(["storstad", "landsbygd"]).optional(),
  referenceYear: z.number().int(),
});
export type AdviceAssumptions = z.infer<typeof AdviceAssumptionsSchema>;

/** The saved result: the ranked cars and which recommender produced them. */
export const RecommendationResultSchema = z.object({
  source: z.enum(["openai", "local"]),
  cars: z.array(RecommendedCarSchema),
  /** Absent in results saved before the shared advice pipeline. */
  assumptions: AdviceAssumptionsSchema.optional(),
  /** Why there are fewer than ten cars and what to relax (Swedish), when there are. */
  shortfall: z.string().max(1000).optional(),
});
export type RecommendationResult = z.infer<typeof RecommendationResultSchema>;

/** Ids are 16 random bytes in base64url (22 characters); anything else is not one of ours. */
export const RecommendationIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

import { z } from "zod";
import { CarSuggestionSchema } from "./recommendation";
import { SearchInputSchema } from "./search-form";

/** What the buyer asked for, stored with the result so pages can show it and re-run it. */
export const SavedRecommendationInputSchema = SearchInputSchema;
export type SavedRecommendationInput = z.infer<typeof SavedRecommendationInputSchema>;

/** The saved result: the ranked cars and which recommender produced them. */
export const RecommendationResultSchema = z.object({
  source: z.enum(["openai", "local"]),
  cars: z.array(CarSuggestionSchema),
});
export type RecommendationResult = z.infer<typeof RecommendationResultSchema>;

/** Ids are 16 random bytes in base64url (22 characters); anything else is not one of ours. */
export const RecommendationIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

import type { CarSuggestion } from "#app/lib/recommendation";
import type { AvailabilityUnknownReason } from "#app/lib/marketplace";
import type { RecommendedCar, StoredAvailability } from "#app/lib/saved-recommendation";
import { type SearchInput, SearchInputSchema } from "#app/lib/search-form";
import type { Recommender } from "#app/server/ai/recommender.server";
import { createRecommendationForUser, type NewRecommendation } from "#app/server/db/recommendations.server";
import type { RateLimitDecision } from "#app/server/rate-limit/rate-limiter.server";
import { rateLimitMessage, type RateLimitName } from "#app/server/rate-limit/rate-limit.server";
import { rankByFinalScore, scoreBreakdown } from "#app/server/scoring/score.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";

/** How many suggestions the AI step is asked for, and how many ads each marketplace lookup fetches. */
export const SUGGESTION_COUNT = 10;
export const ADS_PER_LOOKUP = 6;

export type FieldErrors = Partial<Record<keyof SearchInput, string>>;

export type CreateRecommendationResult =
  | { status: "created"; id: string }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string }
  | {
      status: "ai-failed";
      reason: "busy" | "timeout" | "invalid-answer" | "unavailable" | "no-match";
      message: string;
      retryAfterSeconds?: number;
    }
  | { status: "save-failed"; message: string };

/** What the flow needs from the marketplace: one car's availability, never throwing. */
export type CheckAvailability = (car: CarSuggestion, input: SearchInput) => Promise<StoredAvailability>;

export type CreateRecommendationDeps = {
  recommender: Recommender;
  checkAvailability: CheckAvailability;
  /** "Unknown" for a car the flow could not look up (our own limit, an unexpected error). */
  unknownAvailability: (car: CarSuggestion, input: SearchInput, reason: AvailabilityUnknownReason) => StoredAvailability;
  rateLimit: (name: RateLimitName, cost: number) => Promise<RateLimitDecision>;
  save: (userId: string, recommendation: NewRecommendation) => Promise<{ id: string }>;
};

/**
 * validate → rate limit → AI (10 suggestions) → marketplace for every suggestion in parallel →
 * score → save once, locked → the new id. Nothing is written unless every earlier step worked;
 * a failed marketplace lookup only makes that car's availability "unknown" (score 0).
 */
export async function createRecommendation(
  userId: string,
  rawInput: unknown,
  deps: CreateRecommendationDeps,
): Promise<CreateRecommendationResult> {
  const parsed = SearchInputSchema.safeParse(rawInput);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SearchInput | undefined;
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { status: "invalid", fieldErrors };
  }
  const input = parsed.data;

  const aiDecision = await deps.rateLimit("ai", 1);
  if (!aiDecision.allowed) {
    return {
      status: "rate-limited",
      retryAfterSeconds: aiDecision.retryAfterSeconds,
      message: rateLimitMessage("ai", aiDecision.retryAfterSeconds),
    };
  }

  let suggestions: CarSuggestion[];
  try {
    suggestions = await deps.recommender.recommend({ ...input, limit: SUGGESTION_COUNT });
  } catch (error) {
    return aiFailure(error);
  }
  if (suggestions.length === 0) {
    return {
      status: "ai-failed",
      reason: "no-match",
      message:
        "Vi hittade inga bilmodeller som uppfyller dina krav. Prova ett högre maxpris eller en annan karosstyp.",
    };
  }

  // One batch against the marketplace limit: all lookups run, or none (then availability is unknown).
  const marketplaceDecision = await deps.rateLimit("marketplace", suggestions.length);
  const availabilities = await Promise.all(
    suggestions.map((car) =>
      marketplaceDecision.allowed
        ? deps.checkAvailability(car, input).catch((error: unknown): StoredAvailability => {
            console.error("Marketplace lookup failed unexpectedly:", error);
            return deps.unknownAvailability(car, input, "error");
          })
        : Promise.resolve(deps.unknownAvailability(car, input, "rate-limited")),
    ),
  );

  const scored: RecommendedCar[] = suggestions.map((car, index) => {
    const availability = availabilities[index] ?? deps.unknownAvailability(car, input, "error");
    const score = scoreBreakdown(car.ratings.overall, availability.status === "known" ? availability.adCount : null);
    return { ...car, ratings: { ...car.ratings, finalScore: score.finalScore }, availability, score };
  });

  try {
    const { id } = await deps.save(userId, {
      input,
      recommendation: { source: deps.recommender.source, cars: rankByFinalScore(scored) },
    });
    return { status: "created", id };
  } catch (error) {
    console.error("Saving a recommendation failed:", error);
    return {
      status: "save-failed",
      message: "Vi kunde inte spara din rekommendation just nu. Inget har sparats – försök igen om en stund.",
    };
  }
}

function aiFailure(error: unknown): CreateRecommendationResult {
  if (error instanceof UpstreamUnavailableError) {
    const reason = error.reason === "timeout" ? "timeout" : error.reason === "rate-limited" ? "busy" : "unavailable";
    return {
      status: "ai-failed",
      reason,
      message:
        reason === "timeout"
          ? "AI-tjänsten svarade inte i tid, så inga förslag har sparats. Försök igen om en stund."
          : reason === "busy"
            ? "AI-tjänsten är hårt belastad just nu, så inga förslag har sparats. Vänta en stund och försök igen."
            : "AI-tjänsten går inte att nå just nu, så inga förslag har sparats. Försök igen om en stund.",
      ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  if (error instanceof UpstreamResponseError) {
    console.error("AI answer unusable:", error.detail);
    return {
      status: "ai-failed",
      reason: "invalid-answer",
      message: "AI-tjänsten gav ett svar som inte gick att använda, så inga förslag har sparats. Försök igen.",
    };
  }
  throw error;
}

/** The production wiring; tests pass their own deps. */
export function defaultSave(userId: string, recommendation: NewRecommendation) {
  return createRecommendationForUser(userId, recommendation);
}

import type { CarSuggestion } from "#app/lib/recommendation";
import type { AvailabilityUnknownReason } from "#app/lib/marketplace";
import type { RecommendedCar, StoredAvailability } from "#app/lib/saved-recommendation";
import { type SearchInput, SearchInputSchema } from "#app/lib/search-form";
import { type AdviceConfig, prepareAdvice, runAdvice } from "#app/server/advice/advise.server";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { createRecommendationForUser, type NewRecommendation } from "#app/server/db/recommendations.server";
import type { RateLimitDecision } from "#app/server/rate-limit/rate-limiter.server";
import { rateLimitMessage, type RateLimitName } from "#app/server/rate-limit/rate-limit.server";
import { rankByFinalScore, scoreBreakdown } from "#app/server/scoring/score.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";

/** How many suggestions the AI step is asked for. */
export const SUGGESTION_COUNT = 10;

export type FieldErrors = Partial<Record<keyof SearchInput, string>>;

export type CreateRecommendationResult =
  | { status: "created"; id: string }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string }
  /** Nothing in the catalogue meets the hard requirements: said before any AI quota is spent. */
  | { status: "no-match"; message: string }
  | {
      status: "ai-failed";
      reason: "busy" | "timeout" | "invalid-answer" | "unavailable" | "quota";
      message: string;
      retryAfterSeconds?: number;
    }
  | { status: "save-failed"; message: string };

/** What the flow needs from the marketplace: one car's availability, never throwing. */
export type CheckAvailability = (car: CarSuggestion, input: SearchInput) => Promise<StoredAvailability>;

export type CreateRecommendationDeps = {
  engine: AdviceEngine;
  advice: AdviceConfig;
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

  // Requirements, enforcement and numbers first: an unclear or impossible wish is answered here,
  // before the AI limit or the AI itself is spent on it.
  const preparation = prepareAdvice(input, SUGGESTION_COUNT, deps.advice);
  if (preparation.status === "unclear") return { status: "invalid", fieldErrors: { description: preparation.message } };
  if (preparation.status === "no-match") return { status: "no-match", message: preparation.message };
  const { prepared } = preparation;

  // Spend limits, cheapest refusal first: the user's own pace, then their network's, then the
  // service's daily budget for model calls (the local engine costs nothing, so it has none). A
  // later limit is only charged when the earlier ones allowed the create.
  const limits: RateLimitName[] = deps.engine.source === "openai" ? ["ai", "ai-ip", "ai-global"] : ["ai", "ai-ip"];
  for (const name of limits) {
    const decision = await deps.rateLimit(name, 1);
    if (!decision.allowed) {
      return { status: "rate-limited", retryAfterSeconds: decision.retryAfterSeconds, message: rateLimitMessage(name, decision.retryAfterSeconds) };
    }
  }

  let suggestions: CarSuggestion[];
  try {
    suggestions = await runAdvice(prepared, input, deps.engine, SUGGESTION_COUNT);
  } catch (error) {
    return aiFailure(error);
  }
  if (suggestions.length === 0) {
    return { status: "ai-failed", reason: "invalid-answer", message: "AI-tjänsten valde inga bilar, så inga förslag har sparats. Försök igen." };
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
      requirements: prepared.requirements,
      recommendation: {
        source: deps.engine.source,
        cars: rankByFinalScore(scored),
        assumptions: prepared.assumptions,
        ...(prepared.shortfall ? { shortfall: prepared.shortfall.message } : {}),
      },
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

const AI_FAILURE_MESSAGES = {
  timeout: "AI-tjänsten svarade inte i tid, så inga förslag har sparats. Försök igen om en stund.",
  busy: "AI-tjänsten är hårt belastad just nu, så inga förslag har sparats. Vänta en stund och försök igen.",
  quota: "Drömbils AI-kvot hos leverantören är slut för stunden, så inga förslag har sparats. Vi har fått larm om det; försök igen senare.",
  unavailable: "AI-tjänsten går inte att nå just nu, så inga förslag har sparats. Försök igen om en stund.",
} as const;

function aiFailure(error: unknown): CreateRecommendationResult {
  if (error instanceof UpstreamUnavailableError) {
    const reason =
      error.reason === "timeout" ? "timeout" : error.reason === "rate-limited" ? "busy" : error.reason === "quota" ? "quota" : "unavailable";
    return {
      status: "ai-failed",
      reason,
      message: AI_FAILURE_MESSAGES[reason],
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

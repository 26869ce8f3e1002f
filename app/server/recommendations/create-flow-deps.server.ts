import type { AvailabilityUnknownReason } from "#app/lib/marketplace";
import { MarketplaceQuerySchema } from "#app/lib/marketplace";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { StoredAvailability } from "#app/lib/saved-recommendation";
import type { SearchInput } from "#app/lib/search-form";
import type { AdviceConfig } from "#app/server/advice/advise.server";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { bundledAdsUrl } from "#app/server/marketplace/blocket-variant-codes.server";
import { lookupAvailability, type Marketplace } from "#app/server/marketplace/marketplace.server";
import { clientAddress } from "#app/server/rate-limit/client-address.server";
import type { Services } from "#app/server/services.server";
import { checkRateLimit, type RateLimitName, rateLimitRule } from "#app/server/rate-limit/rate-limit.server";
import { type CreateRecommendationDeps, defaultSave } from "./create-recommendation.server";
import { ADS_PER_LOOKUP, marketplaceQueryFor } from "./suggestion-query.server";

/**
 * Availability "unknown" with a reason code (words at render time) and a Blocket link the buyer
 * can still follow. "rate-limited" here is our own lookup limit, not Blocket's.
 */
export function unknownAvailabilityFor(car: CarSuggestion, input: SearchInput, reason: AvailabilityUnknownReason): StoredAvailability {
  return {
    status: "unknown",
    reason,
    adsUrl: bundledAdsUrl(MarketplaceQuerySchema.parse(marketplaceQueryFor(car, input))),
    ...(reason === "rate-limited" ? { detail: "lookup-limit" as const } : {}),
  };
}

/** The create flow over a given recommender and marketplace (fault-injection tests use this too). */
export function createFlowDeps(
  userId: string,
  parts: {
    engine: AdviceEngine;
    advice: AdviceConfig;
    marketplace: Marketplace;
    save?: CreateRecommendationDeps["save"];
    /** Who the per-IP create limit counts (CF-Connecting-IP); unknown shares one strict bucket. */
    clientAddress?: string;
  },
): CreateRecommendationDeps {
  const limitKey = (name: RateLimitName) => (name === "ai-ip" ? (parts.clientAddress ?? "unknown") : name === "ai-global" ? "all" : userId);
  return {
    engine: parts.engine,
    advice: parts.advice,
    async checkAvailability(car, input) {
      const lookup = await lookupAvailability(marketplaceQueryFor(car, input), { marketplace: parts.marketplace });
      return lookup.availability.status === "known"
        ? { ...lookup.availability, ads: (lookup.result?.cars ?? []).slice(0, ADS_PER_LOOKUP) }
        : lookup.availability;
    },
    unknownAvailability: unknownAvailabilityFor,
    rateLimit: (name, cost) => checkRateLimit(name, limitKey(name), rateLimitRule(name), cost),
    save: parts.save ?? defaultSave,
  };
}

/**
 * The create flow wired to this deployment's services (the composition root). The marketplace is
 * bound to this request, so its ten lookups share the request's connection slots.
 */
export function productionCreateDeps(userId: string, request: Request, services: Services): CreateRecommendationDeps {
  return createFlowDeps(userId, {
    engine: services.engine,
    advice: services.advice,
    marketplace: services.marketplace.forRequest(),
    clientAddress: clientAddress(request),
  });
}

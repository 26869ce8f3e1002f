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
import { checkRateLimit, rateLimitRule } from "#app/server/rate-limit/rate-limit.server";
import type { BuyerRequirements } from "#app/lib/requirements";
import { deleteJobForUser, insertJobForUser } from "#app/server/db/recommendation-jobs.server";
import { type CreateRecommendationDeps, type CreationJobSpec, defaultSave } from "./create-recommendation.server";
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

/** The marketplace limit counts the user; the spend limits are app/server/rate-limit/spend-limits.server.ts's. */
function limitsFor(userId: string): CreateRecommendationDeps["rateLimit"] {
  return (name, cost) => checkRateLimit(name, userId, rateLimitRule(name), cost);
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
    rateLimit: limitsFor(userId),
    ...(parts.clientAddress ? { clientAddress: parts.clientAddress } : {}),
    save: parts.save ?? defaultSave,
  };
}

/**
 * The durable create wired to this deployment: the job row first (so the list shows it and the
 * owner check has a row to scope by), then the job's Durable Object. If the object cannot be
 * started the row goes again: nothing half-made stays behind.
 */
export function productionStartDeps(userId: string, request: Request, services: Services) {
  const address = clientAddress(request);
  return {
    engine: services.engine,
    advice: services.advice,
    clientAddress: address,
    async startJob(spec: CreationJobSpec, requirements: BuyerRequirements) {
      await insertJobForUser(userId, { id: spec.id, input: spec.input, requirements }, services.db);
      try {
        await creationJobStub(services, spec.id).start(spec);
      } catch (error) {
        await deleteJobForUser(userId, spec.id, services.db);
        throw error;
      }
    },
  };
}

/** The Durable Object of one job (named by the recommendation id it will save under). */
export function creationJobStub(services: Services, id: string) {
  return services.creationJobs.get(services.creationJobs.idFromName(id));
}

import { type BuyerNeeds, buyerNeedsOf } from "#app/lib/ad-match";
import type { BodyType } from "#app/lib/car-facts";
import { type AvailabilityUnknownReason, MarketplaceQuerySchema } from "#app/lib/marketplace";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { HardRequirements } from "#app/lib/requirements";
import type { StoredAvailability } from "#app/lib/saved-recommendation";
import type { SearchInput } from "#app/lib/search-form";
import { bundledAdsUrl } from "#app/server/marketplace/blocket-variant-codes.server";
import { lookupAvailability, type Marketplace } from "#app/server/marketplace/marketplace.server";
import type { RateLimits } from "#app/server/rate-limit/rate-limit.server";
import { ADS_PER_LOOKUP, marketplaceQueryFor } from "./suggestion-query.server";

/** "rate-limited" here is our own lookup limit, not Blocket's; the words come at render time. */
export function unknownAvailabilityFor(car: CarSuggestion, input: SearchInput, reason: AvailabilityUnknownReason, adNeeds?: AdNeeds): StoredAvailability {
  return {
    status: "unknown",
    reason,
    adsUrl: bundledAdsUrl(MarketplaceQuerySchema.parse(marketplaceQueryFor(car, input, adNeeds?.needs, adNeeds?.bodies))),
    ...(reason === "rate-limited" ? { detail: "lookup-limit" as const } : {}),
  };
}

export type AdNeeds = { needs: BuyerNeeds; bodies: readonly BodyType[] };

export function adNeedsOf(hard: HardRequirements): AdNeeds {
  return { needs: buyerNeedsOf(hard), bodies: hard.bodyTypes };
}

/** The marketplace is switched off: nothing was looked for, which is not a failure. */
export function uncheckedAvailabilityFor(car: CarSuggestion, input: SearchInput, adNeeds?: AdNeeds): StoredAvailability {
  return { status: "unchecked", adsUrl: bundledAdsUrl(MarketplaceQuerySchema.parse(marketplaceQueryFor(car, input, adNeeds?.needs, adNeeds?.bodies))) };
}

async function lookupCar(marketplace: Marketplace, car: CarSuggestion, input: SearchInput, adNeeds: AdNeeds | undefined): Promise<StoredAvailability> {
  const lookup = await lookupAvailability(marketplaceQueryFor(car, input, adNeeds?.needs, adNeeds?.bodies), { marketplace });
  return lookup.availability.status === "known"
    ? { ...lookup.availability, ads: (lookup.result?.cars ?? []).slice(0, ADS_PER_LOOKUP), ...(adNeeds ? { needs: adNeeds.needs } : {}) }
    : lookup.availability;
}

/** Charged once for the whole batch: all lookups run, or none and availability is unknown. Never rejects. */
export async function availabilityChecker(
  services: { rateLimits: RateLimits; marketplace: Marketplace },
  userId: string,
  input: SearchInput,
  cars: number,
  adNeeds?: AdNeeds,
): Promise<(car: CarSuggestion) => Promise<StoredAvailability>> {
  // Switched off: no lookup, so nothing to charge the buyer's lookup limit for.
  if (services.marketplace.source === "off") return (car) => Promise.resolve(uncheckedAvailabilityFor(car, input, adNeeds));
  const decision = await services.rateLimits.hit("marketplace", userId, cars);
  return (car) =>
    decision.allowed
      ? lookupCar(services.marketplace, car, input, adNeeds).catch((error: unknown): StoredAvailability => {
          console.error("Marketplace lookup failed unexpectedly:", error);
          return unknownAvailabilityFor(car, input, "error", adNeeds);
        })
      : Promise.resolve(unknownAvailabilityFor(car, input, "rate-limited", adNeeds));
}

import { MarketplaceQuerySchema, type MarketplaceCar } from "#app/lib/marketplace";
import type { CarSuggestion } from "#app/lib/recommendation";
import { watchAdviceOf, watchQueryOf } from "#app/lib/watch-match";
import type { SavedRecommendation } from "#app/server/db/stored-result.server";
import { canonicalQuery } from "#app/server/marketplace/marketplace-cache.server";
import type { Marketplace } from "#app/server/marketplace/marketplace.server";
import { adNeedsOf } from "#app/server/recommendations/availability-step.server";
import { marketplaceQueryFor } from "#app/server/recommendations/suggestion-query.server";
import type { WatchTarget } from "./watch-store.server";

/** A car's identity across a search's versions: its variant, else its make and model. */
export function carKeyOf(car: Pick<CarSuggestion, "variantId" | "carMake" | "carModel">): string {
  return (car.variantId ?? `${car.carMake} ${car.carModel}`).toLowerCase().slice(0, 120);
}

async function queryKeyOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What a watch of this saved version checks: the one car (`carKey`) or every car; the query and advice as the create built them. */
export async function watchTargetsOf(saved: SavedRecommendation, carKey: string | null): Promise<WatchTarget[]> {
  const adNeeds = saved.requirements ? adNeedsOf(saved.requirements.hard) : undefined;
  const cars = saved.recommendation.cars.filter((car) => carKey === null || carKeyOf(car) === carKey);
  return Promise.all(
    cars.map(async (car) => {
      const advised = MarketplaceQuerySchema.parse(marketplaceQueryFor(car, saved.input, adNeeds?.needs, adNeeds?.bodies));
      const query = watchQueryOf(advised);
      return {
        carKey: carKeyOf(car),
        carName: car.carName,
        queryKey: await queryKeyOf(canonicalQuery(query)),
        query,
        advice: watchAdviceOf(advised, adNeeds?.needs),
      };
    }),
  );
}

/** The ads listed now for each query (the watch's baseline); null if the marketplace is off or any lookup failed. */
export async function baselineOf(targets: readonly WatchTarget[], marketplace: Marketplace): Promise<Map<string, MarketplaceCar[]> | null> {
  if (marketplace.source === "off") return null;
  const bound = marketplace.forRequest();
  const distinct = new Map(targets.map((target) => [target.queryKey, target.query]));
  try {
    const results = await Promise.all([...distinct].map(async ([key, query]) => [key, (await bound.search(query)).cars] as const));
    return new Map(results);
  } catch (error) {
    console.warn("Watch baseline: a lookup failed; the first check records the baseline instead", error);
    return null;
  }
}

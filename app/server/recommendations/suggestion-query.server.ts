import type { BuyerNeeds } from "#app/lib/ad-match";
import type { BodyType } from "#app/lib/car-facts";
import type { MarketplaceQueryInput } from "#app/lib/marketplace";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { SearchInput } from "#app/lib/search-form";

/** How many ads each marketplace lookup fetches (and the page shows). */
export const ADS_PER_LOOKUP = 6;

/**
 * What to ask the marketplace for one suggestion: the catalogue's Blocket make and model inside the
 * advised window (years at both ends, price, mileage), narrowed to the variant's fuel, drivetrain
 * and gearbox (the buyer's when they demand one, else the variant's when it only came with one),
 * with a towbar when the buyer tows and the bodies the buyer accepts, so the ads counted are ads
 * the advice is about.
 */
export function marketplaceQueryFor(
  car: CarSuggestion,
  input: SearchInput,
  needs?: BuyerNeeds,
  bodies: readonly BodyType[] = [],
): MarketplaceQueryInput {
  const facts = car.facts;
  const gearbox = needs?.gearbox ?? (facts?.gearboxes.length === 1 ? facts.gearboxes[0] : undefined);
  return {
    make: car.carMake,
    model: car.carModel,
    minPrice: Math.min(car.recommendedPrice.from, car.recommendedPrice.to),
    maxPrice: car.recommendedPrice.to,
    maxMileage: car.recommendedMileage.to,
    minYear: car.recommendedYear.from,
    ...(car.recommendedYear.to !== undefined ? { maxYear: car.recommendedYear.to } : {}),
    limit: ADS_PER_LOOKUP,
    sellerType: input.sellerType,
    towbar: needs?.towbar ?? false,
    bodies: [...bodies],
    ...(facts
      ? {
          fuel: facts.fuel,
          ...(facts.combustionFuel ? { combustionFuel: facts.combustionFuel } : {}),
          drivetrain: facts.drivetrain,
        }
      : {}),
    ...(gearbox ? { gearbox } : {}),
  };
}

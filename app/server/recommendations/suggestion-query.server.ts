import type { MarketplaceQueryInput } from "#app/lib/marketplace";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { SearchInput } from "#app/lib/search-form";

/** How many ads each marketplace lookup fetches (and the page shows). */
export const ADS_PER_LOOKUP = 6;

/**
 * What to ask the marketplace for one suggestion: the catalogue's Blocket make and model within the
 * recommended year, price and mileage, narrowed to the variant's fuel, drivetrain and (when it only
 * came with one) gearbox, so the ads counted are ads for this variant.
 */
export function marketplaceQueryFor(car: CarSuggestion, input: SearchInput): MarketplaceQueryInput {
  const facts = car.facts;
  return {
    make: car.carMake,
    model: car.carModel,
    maxPrice: car.recommendedPrice.to,
    maxMileage: car.recommendedMileage.to,
    minYear: car.recommendedYear.from,
    limit: ADS_PER_LOOKUP,
    sellerType: input.sellerType,
    ...(facts
      ? {
          fuel: facts.fuel,
          ...(facts.combustionFuel ? { combustionFuel: facts.combustionFuel } : {}),
          drivetrain: facts.drivetrain,
          ...(facts.gearboxes.length === 1 ? { gearbox: facts.gearboxes[0] } : {}),
        }
      : {}),
  };
}


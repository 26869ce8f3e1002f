import type { BuyerNeeds } from "#app/lib/ad-match";
import type { BodyType } from "#app/lib/car-facts";
import type { MarketplaceQueryInput } from "#app/lib/marketplace";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { SearchInput } from "#app/lib/search-form";

export const ADS_PER_LOOKUP = 6;

/** Narrowed to the variant and the buyer's needs, so the ads counted are ads the advice is about. */
export function marketplaceQueryFor(car: CarSuggestion, input: SearchInput, needs?: BuyerNeeds, bodies: readonly BodyType[] = []): MarketplaceQueryInput {
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

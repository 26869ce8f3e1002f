import type { RecommendedCar, RecommendationResult } from "#app/lib/saved-recommendation";
import { buildCar } from "#test/fixtures/recommendations";

/** Seed data for the locked-content checks; plain data, usable in workerd and in Node (HTTP specs). */

/** A distinctive string for a locked field, so a leak anywhere is found by text search. */
export const lockedMarker = (rank: number, field: string) => `LAST-MARKOR-${rank}-${field}`;
/** A distinctive number for a locked amount (kronor), equally searchable. */
const lockedAmount = (rank: number) => 7_654_300 + rank;

/**
 * A car whose every locked field (everything but name, make, model, tagline and final score)
 * carries a marker. Rank 1 is always shown in full; ranks ≥ 2 of a locked recommendation never.
 */
function markedCar(rank: number): RecommendedCar {
  const marker = (field: string) => lockedMarker(rank, field);
  return buildCar(rank, {
    carName: `Modell ${rank}`,
    carTagline: `Öppen tagline ${rank}`,
    pros: [marker("pros")],
    cons: [marker("cons")],
    whyItFits: marker("whyItFits"),
    deepDiveAnalysis: marker("deepDiveAnalysis"),
    commonFlaws: marker("commonFlaws"),
    ownershipCost: { insurance: lockedAmount(rank), tax: 1_520, fuel: 14_000, maintenance: 6_000 },
    availability: {
      status: "known",
      source: "blocket",
      adCount: 1,
      countIsEstimate: false,
      adsUrl: `https://www.blocket.se/mobility/search/car?q=${marker("adsUrl")}`,
      marketWindow: null,
      ads: [
        {
          link: `https://www.blocket.se/mobility/item/${marker("adLink")}`,
          heading: marker("adHeading"),
          price: { amount: "123456" },
          car: { location: { city: marker("adCity") }, fuel: "Diesel", gearbox: "Manuell", regDate: 2018, mileage: 9000 },
        },
      ],
    } as RecommendedCar["availability"],
  });
}

export function markedResult(carCount = 4): RecommendationResult {
  return { source: "openai", cars: Array.from({ length: carCount }, (_, index) => markedCar(index + 1)) };
}

/** Every marker of the locked ranks (2…carCount): none may appear anywhere a locked recommendation is shown. */
export function lockedMarkers(carCount = 4): string[] {
  const fields = ["pros", "cons", "whyItFits", "deepDiveAnalysis", "commonFlaws", "adsUrl", "adLink", "adHeading", "adCity"];
  return Array.from({ length: carCount - 1 }, (_, index) => index + 2).flatMap((rank) => [
    ...fields.map((field) => lockedMarker(rank, field)),
    String(lockedAmount(rank)),
  ]);
}

import type { BuyerRequirements } from "#app/lib/requirements";
import { priceForYear } from "#app/server/cars/catalogue.server";
import type { Variant } from "#app/server/cars/variant.server";
import { affordableYear, eligibleYears } from "./enforcement.server";

/** The price window comes from the variant's own market, never from the budget: 400 000 kr does not make a 310 000 kr car cost that. */
export type RecommendedWindow = {
  yearFrom: number;
  yearTo: number;
  priceFrom: number;
  priceTo: number;
  /** Fewer than two catalogue price points in these years, or a top the budget set: the page labels the window an estimate. */
  priceEstimate: boolean;
  mileageTo: number;
  body: Variant["bodies"][number];
};

/** Trafikanalys: a used car is driven about 1 100–1 300 mil a year. */
const TYPICAL_MIL_PER_YEAR = 1_300;
/** A high-mileage car of the oldest year sells about a tenth under its catalogue price, a well-kept newest one 5 % over. */
const LOW_SPREAD = 0.9;
const HIGH_SPREAD = 1.05;
const round1000 = (value: number) => Math.round(value / 1000) * 1000;
const floor1000 = (value: number) => Math.floor(value / 1000) * 1000;

function pricePointsIn(variant: Variant, from: number, to: number): [number, number][] {
  return variant.prices.filter(([year]) => year >= from && year <= to);
}

/** When the spread would pass the budget, the window ends at the newest year's own price rather than at the budget. */
export function priceWindow(
  variant: Variant,
  yearFrom: number,
  yearTo: number,
  maxPrice: number,
): Pick<RecommendedWindow, "priceFrom" | "priceTo" | "priceEstimate"> {
  const newest = priceForYear(variant, yearTo) ?? maxPrice;
  const oldest = priceForYear(variant, yearFrom) ?? newest;
  const budget = floor1000(maxPrice);
  const spread = round1000(newest * HIGH_SPREAD);
  const priceTo = Math.max(1000, spread < budget ? spread : Math.min(budget, floor1000(newest)));
  const priceFrom = Math.min(priceTo, round1000(oldest * LOW_SPREAD));
  // A top at the budget is where the budget, not the market, ended the window.
  return { priceFrom, priceTo, priceEstimate: pricePointsIn(variant, yearFrom, yearTo).length < 2 || priceTo >= budget };
}

export function recommendedWindow(variant: Variant, req: BuyerRequirements, referenceYear: number): RecommendedWindow | null {
  const years = eligibleYears(variant, req.hard);
  if (!years) return null;
  const newest = affordableYear(variant, req.hard.maxPrice, years);
  if (newest === null) return null;
  // Three model years give a market to choose from without drifting far from the best buy.
  const yearFrom = Math.max(years[0], newest - 2);
  const age = Math.max(1, referenceYear - yearFrom + 0.5);
  const typical = Math.ceil((age * TYPICAL_MIL_PER_YEAR * 1.25) / 500) * 500;
  const mileageTo = Math.max(500, Math.min(typical, req.hard.maxOdometerMil ?? Infinity, req.preferredMaxOdometerMil ?? Infinity));
  const rowBody = (req.hard.minSeats ?? 0) > 5 ? variant.thirdRow?.body : undefined;
  const body =
    variant.bodies.find((b) => b.type === rowBody && (req.hard.bodyTypes.length === 0 || req.hard.bodyTypes.includes(b.type))) ??
    variant.bodies.find((b) => req.hard.bodyTypes.includes(b.type)) ??
    variant.bodies.find((b) => req.preferredBodyTypes.includes(b.type)) ??
    variant.bodies[0]!;
  return { yearFrom, yearTo: newest, ...priceWindow(variant, yearFrom, newest, req.hard.maxPrice), mileageTo, body };
}

import type { BuyerRequirements } from "#app/lib/requirements";
import { CATALOGUE, CATALOGUE_REFERENCE_YEAR, priceForYear } from "#app/server/cars/catalogue.server";
import { type Availability, type Tier, tierOf } from "#app/server/cars/equipment.server";
import type { Variant } from "#app/server/cars/variant.server";

/**
 * What the buyer asked for beyond the hard requirements, as ranking terms: the tier their words or
 * budget ask for, the drive they want, and needs their situation implies (a family with children
 * never gets a two-seater). Pure; the catalogue's own prices set the budget line.
 */

/** Share of mass-market variants of a model year that the budget line sits above. */
const MASS_MARKET_QUANTILE = 0.9;
const lineCache = new Map<number, number>();

/**
 * The most a mass-market car of a model year costs used: the 90th percentile of the asking prices
 * of that year's non-premium variants in the catalogue, rounded to 10 000 kr. A budget above it
 * buys any ordinary car of that age, so the rest of the money asks for a better class of car.
 */
export function massMarketPriceLine(year: number, catalogue: readonly Variant[] = CATALOGUE): number {
  const cached = catalogue === CATALOGUE ? lineCache.get(year) : undefined;
  if (cached !== undefined) return cached;
  const prices = catalogue
    .filter((variant) => tierOf(variant) === "mass")
    .map((variant) => priceForYear(variant, year))
    .filter((price): price is number => price !== null)
    .sort((a, b) => a - b);
  const line = prices.length === 0 ? Number.POSITIVE_INFINITY : Math.round(prices[Math.min(prices.length - 1, Math.floor(prices.length * MASS_MARKET_QUANTILE))]! / 10_000) * 10_000;
  if (catalogue === CATALOGUE) lineCache.set(year, line);
  return line;
}

export type Intent = {
  /** The tier asked for, and whether by words (stronger) or only by the budget. */
  tier: { wanted: Exclude<Tier, "mass">; by: "words" | "budget" } | null;
  drive: Variant["drivetrain"] | null;
};

export function intentOf(req: BuyerRequirements, referenceYear = CATALOGUE_REFERENCE_YEAR): Intent {
  const words = req.situation.tier;
  // The age the buyer asks for: their year floor, else the newest cars (the dearest line).
  const year = Math.min(referenceYear, req.hard.minModelYear ?? req.preferredMinModelYear ?? referenceYear);
  const byBudget = req.hard.maxPrice > massMarketPriceLine(year);
  const tier = words ? { wanted: words, by: "words" as const } : byBudget ? { wanted: "premium" as const, by: "budget" as const } : null;
  // Four-wheel drive demanded is a hard filter already; a wished drive steers the order.
  const drive = req.situation.drive && !(req.situation.drive === "awd" && req.hard.awd) ? req.situation.drive : null;
  return { tier, drive };
}

/** Seats a family with children needs at the least: a two-seater or a three-seat van never fits. */
const FAMILY_MIN_SEATS = 4;

/** Why a variant breaks a need the buyer's situation implies, or null. */
export function impliedNeedBroken(variant: Variant, req: BuyerRequirements): string | null {
  if (req.situation.kids === true && variant.seats < FAMILY_MIN_SEATS) return `${variant.seats} säten räcker inte för en familj med barn`;
  return null;
}

export type Term = { value: number; weight: number };

const TIER_VALUE: Record<Exclude<Tier, "mass">, Record<Tier, number>> = {
  premium: { mass: 0, premium: 100, exclusive: 100 },
  exclusive: { mass: 0, premium: 40, exclusive: 100 },
};

/** Ranking terms from the intent: each a value 0–100 and its weight beside the ratings'. */
export function intentTerms(variant: Variant, intent: Intent): Term[] {
  const terms: Term[] = [];
  if (intent.tier) terms.push({ value: TIER_VALUE[intent.tier.wanted][tierOf(variant)], weight: intent.tier.by === "words" ? 6 : 3 });
  if (intent.drive) terms.push({ value: variant.drivetrain === intent.drive ? 100 : 0, weight: 4 });
  return terms;
}

/** How far an equipment fact meets a wish for it: an option may be on the car found, unknown is doubtful. */
export const AVAILABILITY_FIT: Record<Availability, number> = { standard: 100, option: 70, unknown: 30, none: 0 };

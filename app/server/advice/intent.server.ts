import type { BuyerRequirements } from "#app/lib/requirements";
import { CATALOGUE, CATALOGUE_REFERENCE_YEAR, priceForYear } from "#app/server/cars/catalogue.server";
import { type Availability, modelKeyOf, type Tier, tierOf } from "#app/server/cars/equipment.server";
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
  /** Models the buyer named: ranked above the rest, as a named make is. */
  named: ReadonlySet<string>;
};

export function intentOf(req: BuyerRequirements, referenceYear = CATALOGUE_REFERENCE_YEAR): Intent {
  const words = req.situation.tier;
  // The age the buyer asks for: their year floor, else the newest cars (the dearest line).
  const year = Math.min(referenceYear, req.hard.minModelYear ?? req.preferredMinModelYear ?? referenceYear);
  const byBudget = req.hard.maxPrice > massMarketPriceLine(year);
  const tier = words ? { wanted: words, by: "words" as const } : byBudget ? { wanted: "premium" as const, by: "budget" as const } : null;
  // Four-wheel drive demanded is a hard filter already; a wished drive steers the order.
  const drive = req.situation.drive && !(req.situation.drive === "awd" && req.hard.awd) ? req.situation.drive : null;
  return { tier, drive, named: new Set(req.namedModels) };
}

/** Seats a family with children needs at the least: a two-seater or a three-seat van never fits. */
const FAMILY_MIN_SEATS = 4;

/** Why a variant breaks a need the buyer's situation implies, or null. */
export function impliedNeedBroken(variant: Variant, req: BuyerRequirements): string | null {
  if (req.situation.kids === true && variant.seats < FAMILY_MIN_SEATS) return `${variant.seats} säten räcker inte för en familj med barn`;
  return null;
}

export type Term = { value: number; weight: number };

/** A premium make's small car is premium but not the class "lyx" asks for: size counts within the tier. */
const PREMIUM_BY_SIZE: Record<Variant["size"], number> = { mini: 40, small: 50, compact: 65, midsize: 85, large: 100, xl: 100 };

function tierValue(wanted: Exclude<Tier, "mass">, variant: Variant): number {
  const tier = tierOf(variant);
  if (tier === "mass") return 0;
  if (tier === "exclusive") return 100;
  return wanted === "premium" ? PREMIUM_BY_SIZE[variant.size] : 40;
}

/** Ranking terms from the intent: each a value 0–100 and its weight beside the ratings'. */
export function intentTerms(variant: Variant, window: { priceTo: number }, req: BuyerRequirements, intent: Intent): Term[] {
  const terms: Term[] = [];
  if (intent.tier) {
    terms.push({ value: tierValue(intent.tier.wanted, variant), weight: intent.tier.by === "words" ? 6 : 3 });
    // A buyer who asks for class and names a budget expects the money to buy it: dearer cars lead.
    terms.push({ value: Math.min(100, (window.priceTo / Math.max(1, req.hard.maxPrice)) * 100), weight: 2 });
  }
  if (intent.named.size > 0) terms.push({ value: intent.named.has(modelKeyOf(variant)) ? 100 : 30, weight: 3 });
  if (intent.drive) terms.push({ value: variant.drivetrain === intent.drive ? 100 : 0, weight: 4 });
  return terms;
}

/** How far an equipment fact meets a wish for it: an option may be on the car found, unknown is doubtful. */
export const AVAILABILITY_FIT: Record<Availability, number> = { standard: 100, option: 70, unknown: 30, none: 0 };

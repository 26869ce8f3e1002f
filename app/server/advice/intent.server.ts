import type { BuyerRequirements } from "#app/lib/requirements";
import { CATALOGUE, CATALOGUE_REFERENCE_YEAR, priceForYear } from "#app/server/cars/catalogue.server";
import { type Availability, modelKeyOf, type Tier, tierOf } from "#app/server/cars/equipment.server";
import type { Variant } from "#app/server/cars/variant.server";

const MASS_MARKET_QUANTILE = 0.9;
const lineCache = new Map<number, number>();

/** 90th percentile of non-premium asking prices for that year: a budget above it asks for a better class of car. */
export function massMarketPriceLine(year: number, catalogue: readonly Variant[] = CATALOGUE): number {
  const cached = catalogue === CATALOGUE ? lineCache.get(year) : undefined;
  if (cached !== undefined) return cached;
  const prices = catalogue
    .filter((variant) => tierOf(variant) === "mass")
    .map((variant) => priceForYear(variant, year))
    .filter((price): price is number => price !== null)
    .sort((a, b) => a - b);
  const line =
    prices.length === 0
      ? Number.POSITIVE_INFINITY
      : Math.round(prices[Math.min(prices.length - 1, Math.floor(prices.length * MASS_MARKET_QUANTILE))]! / 10_000) * 10_000;
  if (catalogue === CATALOGUE) lineCache.set(year, line);
  return line;
}

export type Intent = {
  tier: { wanted: Exclude<Tier, "mass">; by: "words" | "budget" } | null;
  drive: Variant["drivetrain"] | null;
  named: ReadonlySet<string>;
};

export function intentOf(req: BuyerRequirements, referenceYear = CATALOGUE_REFERENCE_YEAR): Intent {
  const words = req.situation.tier;
  // The buyer's year floor, else the newest cars (the dearest line).
  const year = Math.min(referenceYear, req.hard.minModelYear ?? req.preferredMinModelYear ?? referenceYear);
  const byBudget = req.hard.maxPrice > massMarketPriceLine(year);
  const tier = words ? { wanted: words, by: "words" as const } : byBudget ? { wanted: "premium" as const, by: "budget" as const } : null;
  // Four-wheel drive demanded is a hard filter already; a wished drive steers the order.
  const drive = req.situation.drive && !(req.situation.drive === "awd" && req.hard.awd) ? req.situation.drive : null;
  return { tier, drive, named: new Set(req.namedModels) };
}

export type Term = { value: number; weight: number };

/** A premium make's small car is premium but not the class "lyx" asks for. */
const PREMIUM_BY_SIZE: Record<Variant["size"], number> = { mini: 40, small: 50, compact: 65, midsize: 85, large: 100, xl: 100 };

function tierValue(wanted: Exclude<Tier, "mass">, variant: Variant): number {
  const tier = tierOf(variant);
  if (tier === "mass") return 0;
  if (tier === "exclusive") return 100;
  return wanted === "premium" ? PREMIUM_BY_SIZE[variant.size] : 40;
}

/** A Swedish adviser reads "halvkombi" as the Golf class; a small car is its own class ("småbil"), which the buyer asks for in words. */
const HATCH_CLASS_FIT: Record<Variant["size"], number> = { mini: 10, small: 45, compact: 100, midsize: 60, large: 20, xl: 0 };
const HATCH_CLASS_WEIGHT = 2.5;

export function asksForHatchClass(req: Pick<BuyerRequirements, "hard" | "preferredBodyTypes">): boolean {
  const bodies = req.hard.bodyTypes.length > 0 ? req.hard.bodyTypes : req.preferredBodyTypes;
  return bodies.length === 1 && bodies[0] === "halvkombi" && req.hard.sizes.length === 0;
}

/** Learned with the fault and reliability weights (docs/advice-quality.md): what the buyer's words and budget ask for weighs twice the first guess. */
const INTENT_SCALE = 2;

export function intentTerms(variant: Variant, window: { priceTo: number }, req: BuyerRequirements, intent: Intent): Term[] {
  return askedTerms(variant, window, req, intent).map((term) => ({ value: term.value, weight: term.weight * INTENT_SCALE }));
}

function askedTerms(variant: Variant, window: { priceTo: number }, req: BuyerRequirements, intent: Intent): Term[] {
  const terms: Term[] = [];
  if (asksForHatchClass(req)) terms.push({ value: HATCH_CLASS_FIT[variant.size], weight: HATCH_CLASS_WEIGHT });
  if (intent.tier) {
    terms.push({ value: tierValue(intent.tier.wanted, variant), weight: intent.tier.by === "words" ? 6 : 3 });
    // A buyer who asks for class and names a budget expects the money to buy it.
    terms.push({ value: Math.min(100, (window.priceTo / Math.max(1, req.hard.maxPrice)) * 100), weight: 2 });
  }
  if (intent.named.size > 0) terms.push({ value: intent.named.has(modelKeyOf(variant)) ? 100 : 30, weight: 3 });
  if (intent.drive) terms.push({ value: variant.drivetrain === intent.drive ? 100 : 0, weight: 4 });
  return terms;
}

/** An option may be on the car found; unknown is doubtful. */
export const AVAILABILITY_FIT: Record<Availability, number> = { standard: 100, option: 70, unknown: 30, none: 0 };

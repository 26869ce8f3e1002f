import type { BodyType } from "#app/lib/car-facts";
import type { BuyerRequirements, WishKey } from "#app/lib/requirements";
import { CATALOGUE, generationKey, priceForYear } from "#app/server/cars/catalogue.server";
import { type CostAssumptions, estimateOwnershipCost, type OwnershipCostEstimate } from "#app/server/cars/ownership-cost.server";
import type { Variant } from "#app/server/cars/variant.server";
import { affordableYear, eligibleYears, violations } from "./enforcement.server";

/**
 * A variant that passes every hard requirement, with everything the engines may use: the window
 * the budget buys, the yearly costs at this buyer's driving, ratings from facts and the fit to the
 * soft wishes. Engines rank and write; they never compute a number themselves.
 */
export type Candidate = {
  variant: Variant;
  window: RecommendedWindow;
  costs: OwnershipCostEstimate;
  ratings: Ratings;
  /** 0–100 per soft wish the buyer voiced, from facts. */
  wishFit: Partial<Record<WishKey, number>>;
  /** Weighted blend of ratings and wish fit, 0–100, one decimal: the local ranking and the AI's default. */
  overall: number;
};

export type Ratings = { comfort: number; performance: number; security: number; reliability: number; economy: number };

type RecommendedWindow = {
  yearFrom: number;
  yearTo: number;
  /** Rounded to the nearest 1 000 kr; `priceTo` never exceeds the budget. */
  priceFrom: number;
  priceTo: number;
  /** Swedish mil, rounded up to 500. */
  mileageTo: number;
  /** The body that fits the buyer best (their chosen body, else the variant's first). */
  body: Variant["bodies"][number];
};

/** Typical Swedish yearly driving of a used car (Trafikanalys: ~1 100–1 300 mil). */
const TYPICAL_MIL_PER_YEAR = 1_300;
const round1000 = (value: number) => Math.round(value / 1000) * 1000;

function recommendedWindow(variant: Variant, req: BuyerRequirements, referenceYear: number): RecommendedWindow | null {
  const years = eligibleYears(variant, req.hard);
  if (!years) return null;
  const newest = affordableYear(variant, req.hard.maxPrice, years);
  if (newest === null) return null;
  // Three model years give the buyer a market to choose from without drifting far from the best buy.
  const yearFrom = Math.max(years[0], newest - 2);
  const newestPrice = priceForYear(variant, newest) ?? req.hard.maxPrice;
  const oldestPrice = priceForYear(variant, yearFrom) ?? newestPrice;
  const priceTo = Math.min(req.hard.maxPrice - (req.hard.maxPrice % 1000), round1000(newestPrice * 1.08));
  const priceFrom = Math.min(priceTo, round1000(oldestPrice * 0.85));
  const age = Math.max(1, referenceYear - yearFrom + 0.5);
  const typical = Math.ceil((age * TYPICAL_MIL_PER_YEAR * 1.25) / 500) * 500;
  const mileageTo = Math.max(500, Math.min(typical, req.hard.maxOdometerMil ?? Infinity, req.preferredMaxOdometerMil ?? Infinity));
  const body =
    variant.bodies.find((b) => req.hard.bodyTypes.includes(b.type)) ??
    variant.bodies.find((b) => req.preferredBodyTypes.includes(b.type)) ??
    variant.bodies[0]!;
  return { yearFrom, yearTo: newest, priceFrom, priceTo, mileageTo, body };
}

const clamp = (value: number, min = 0, max = 100) => Math.min(max, Math.max(min, value));

/** Ratings 0–100 from the variant's facts and this buyer's costs. */
function ratingsFor(variant: Variant, costs: OwnershipCostEstimate): Ratings {
  const hpPerTon = variant.powerHp / (variant.curbWeightKg / 1000);
  const ncap = variant.ncap;
  // Euro NCAP tightened its tests in 2009, 2015/16 and 2020: an old five-star score is worth less.
  const security = ncap ? clamp(ncap.stars * 17 + 10 - Math.max(0, 2020 - ncap.year) * 1.5) : 45;
  return {
    comfort: variant.comfort,
    performance: Math.round(clamp(((hpPerTon - 40) / 160) * 100, 10, 100)),
    security: Math.round(security),
    reliability: variant.reliability,
    economy: Math.round(clamp(100 - (costs.total - 12_000) / 650, 5, 100)),
  };
}

const HIGH_BODIES: readonly BodyType[] = ["suv", "familjebuss", "pickup", "skapbil"];

/** How well the facts meet each voiced soft wish, 0–100. */
function wishFitFor(variant: Variant, window: RecommendedWindow, costs: OwnershipCostEstimate, ratings: Ratings, req: BuyerRequirements) {
  const boot = window.body.bootLitres ?? 400;
  const fit: Record<WishKey, number> = {
    comfort: ratings.comfort,
    economy: ratings.economy,
    safety: ratings.security,
    reliability: ratings.reliability,
    sporty: ratings.performance,
    space: clamp(((boot - 250) / 450) * 100 + (variant.seats > 5 ? 15 : 0)),
    highSeating: HIGH_BODIES.includes(window.body.type) ? 100 : 10,
    groundClearance: variant.drivetrain === "awd" && HIGH_BODIES.includes(window.body.type) ? 100 : HIGH_BODIES.includes(window.body.type) ? 55 : 10,
    lowInsurance: clamp(100 - (costs.insurance - 3000) / 120),
    cityFriendly: { mini: 100, small: 90, compact: 70, midsize: 40, large: 15, xl: 0 }[variant.size],
    environment: variant.fuel === "el" ? 100 : clamp(100 - (variant.co2.gPerKm - 20) * 0.6),
    cheapToBuy: clamp(100 - (window.priceTo / Math.max(1, req.hard.maxPrice)) * 70),
    awd: variant.drivetrain === "awd" ? 100 : 0,
    towing: clamp((variant.towingKg / 2000) * 100),
    longTrips: variant.fuel === "el" ? clamp(((variant.rangeKm ?? 0) - 200) / 3) : clamp(ratings.comfort + 10),
  };
  const voiced: Partial<Record<WishKey, number>> = {};
  for (const key of Object.keys(req.wishes) as WishKey[]) if ((req.wishes[key] ?? 0) > 0) voiced[key] = Math.round(fit[key]);
  return voiced;
}

/** Base weights of the five ratings: reliability matters most to a used-car buyer. */
const BASE_WEIGHTS: Ratings = { comfort: 1, performance: 0.5, security: 1, reliability: 1.3, economy: 1 };

function overallFor(variant: Variant, window: RecommendedWindow, ratings: Ratings, wishFit: Partial<Record<WishKey, number>>, req: BuyerRequirements, referenceYear: number): number {
  let sum = 0;
  let weights = 0;
  const add = (value: number, weight: number) => {
    sum += value * weight;
    weights += weight;
  };
  for (const key of Object.keys(BASE_WEIGHTS) as (keyof Ratings)[]) add(ratings[key], BASE_WEIGHTS[key]);
  for (const [key, value] of Object.entries(wishFit) as [WishKey, number][]) add(value, 2.5 * (req.wishes[key] ?? 0));
  // Newer cars within the budget: fewer miles, more safety systems, longer left to live.
  add(clamp(100 - (referenceYear - window.yearTo) * 6), 0.8);
  if (req.preferredFuels.length > 0) add(req.preferredFuels.includes(variant.fuel) ? 100 : 20, 2);
  if (req.preferredMakes.length > 0) add(req.preferredMakes.includes(variant.make) ? 100 : 30, 1.5);
  if (req.preferredBodyTypes.length > 0) add(req.preferredBodyTypes.includes(window.body.type) ? 100 : 30, 1.5);
  if (req.preferredGearbox) add(variant.gearboxes.includes(req.preferredGearbox) ? 100 : 20, 1.5);
  const avoidedFuel = req.avoidedFuels.includes(variant.fuel) || (variant.combustionFuel !== undefined && req.avoidedFuels.includes(variant.combustionFuel));
  if (req.avoidedFuels.length > 0) add(avoidedFuel ? 5 : 100, 2);
  if (req.avoidedMakes.length > 0) add(req.avoidedMakes.includes(variant.make) ? 5 : 100, 1.5);
  if (req.preferredMinModelYear !== undefined) add(window.yearTo >= req.preferredMinModelYear ? 100 : 25, 1);
  if ((req.usage.winterNeeds || req.usage.northern) && req.wishes.awd === undefined) add(variant.drivetrain === "awd" ? 100 : 40, 1);
  return Math.round((sum / weights) * 10) / 10;
}

/** Every variant that passes the hard requirements, as candidates, best first. */
export function findCandidates(req: BuyerRequirements, assumptions: CostAssumptions, catalogue: readonly Variant[] = CATALOGUE): Candidate[] {
  const candidates: Candidate[] = [];
  for (const variant of catalogue) {
    if (violations(variant, req.hard).length > 0) continue;
    const window = recommendedWindow(variant, req, assumptions.referenceYear);
    if (!window) continue;
    // Costs for the newest year the budget buys: the car the buyer is most likely to end up with.
    const costs = estimateOwnershipCost(variant, window.yearTo, req.usage, assumptions, req.situation);
    const ratings = ratingsFor(variant, costs);
    const wishFit = wishFitFor(variant, window, costs, ratings, req);
    candidates.push({ variant, window, costs, ratings, wishFit, overall: overallFor(variant, window, ratings, wishFit, req, assumptions.referenceYear) });
  }
  return candidates.sort((a, b) => b.overall - a.overall || b.variant.marketPresence - a.variant.marketPresence || a.variant.id.localeCompare(b.variant.id));
}

/** At most this many cars of one make in the first pass, so ten suggestions are not ten Volvos. */
const MAKE_CAP = 3;

/**
 * Up to `count` candidates in rank order: one per model generation and at most three per make
 * first, then one per generation whatever the make, then any that are left (further variants
 * of the same generation), so a short catalogue still fills the list.
 */
export function pickDiverse(candidates: readonly Candidate[], count: number): Candidate[] {
  const picked = new Set<Candidate>();
  const generations = new Set<string>();
  const makes = new Map<string, number>();
  const take = (candidate: Candidate) => {
    picked.add(candidate);
    generations.add(generationKey(candidate.variant));
    makes.set(candidate.variant.make, (makes.get(candidate.variant.make) ?? 0) + 1);
  };
  const passes: ((candidate: Candidate) => boolean)[] = [
    (c) => !generations.has(generationKey(c.variant)) && (makes.get(c.variant.make) ?? 0) < MAKE_CAP,
    (c) => !generations.has(generationKey(c.variant)),
    () => true,
  ];
  for (const allowed of passes) {
    for (const candidate of candidates) {
      if (picked.size >= count) break;
      if (!picked.has(candidate) && allowed(candidate)) take(candidate);
    }
  }
  return candidates.filter((candidate) => picked.has(candidate));
}

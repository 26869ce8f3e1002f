import type { BodyType } from "#app/lib/car-facts";
import { modelFamilyOf } from "#app/lib/model-family";
import type { BuyerRequirements, WishKey } from "#app/lib/requirements";
import { CATALOGUE, generationKey } from "#app/server/cars/catalogue.server";
import { type CostAssumptions, estimateOwnershipCost, type OwnershipCostEstimate } from "#app/server/cars/ownership-cost.server";
import { airSuspension, lowRange, modelKeyOf, parkingHeater, seatHeight } from "#app/server/cars/equipment.server";
import type { Variant } from "#app/server/cars/variant.server";
import { vanSizeTerm } from "./class-fit.server";
import { violations } from "./enforcement.server";
import { faultTerm, reliabilityTerm } from "./fault-weight.server";
import { AVAILABILITY_FIT, type Intent, intentOf, intentTerms } from "./intent.server";
import { type RecommendedWindow, recommendedWindow } from "./price-window.server";
import { judgedReliability, presenceTerm } from "./reliability-evidence.server";
import {
  type Circumstances,
  circumstancesOf,
  costSituationOf,
  dealBreakerOf,
  type ImpliedNeed,
  impliedNeedBroken,
  licenceTrailerKg,
  situationTerms,
} from "./situation.server";

/** Engines rank and write; they never compute a number themselves. */
export type Candidate = {
  variant: Variant;
  window: RecommendedWindow;
  costs: OwnershipCostEstimate;
  ratings: Ratings;
  wishFit: Partial<Record<WishKey, number>>;
  /** The local ranking and the AI's default. */
  overall: number;
};

export type Ratings = { comfort: number; performance: number; security: number; reliability: number; economy: number };

const clamp = (value: number, min = 0, max = 100) => Math.min(max, Math.max(min, value));

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
const SEAT_HEIGHT_FIT = { high: 100, raised: 70, mid: 15, low: 0 } as const;
const SPORTY_SEAT = { high: 0, raised: 5, mid: 12, low: 25 } as const;
const SPORTY_DRIVE = { rwd: 10, awd: 5, fwd: 0 } as const;
const QUIET_FUEL = { el: 30, laddhybrid: 15, elhybrid: 10 } as Partial<Record<Variant["fuel"], number>>;

function wishFitFor(variant: Variant, window: RecommendedWindow, costs: OwnershipCostEstimate, ratings: Ratings, req: BuyerRequirements) {
  const boot = window.body.bootLitres ?? 400;
  const fit: Record<WishKey, number> = {
    comfort: ratings.comfort,
    economy: ratings.economy,
    safety: ratings.security,
    reliability: ratings.reliability,
    // A heavy car corners like one, however strong.
    sporty: clamp(
      ratings.performance * 0.75 +
        SPORTY_SEAT[seatHeight(variant, window.body.type)] +
        SPORTY_DRIVE[variant.drivetrain] -
        Math.max(0, (variant.curbWeightKg - 1600) / 20),
    ),
    space: clamp(((boot - 250) / 450) * 100 + (variant.seats > 5 ? 15 : 0)),
    highSeating: SEAT_HEIGHT_FIT[seatHeight(variant, window.body.type)],
    groundClearance:
      lowRange(variant) === "standard"
        ? 100
        : variant.drivetrain === "awd" && HIGH_BODIES.includes(window.body.type)
          ? 80
          : HIGH_BODIES.includes(window.body.type)
            ? 45
            : 10,
    lowInsurance: clamp(100 - (costs.insurance - 3000) / 120),
    cityFriendly: { mini: 100, small: 90, compact: 70, midsize: 40, large: 15, xl: 0 }[variant.size],
    environment: variant.fuel === "el" ? 100 : clamp(100 - (variant.co2.gPerKm - 20) * 0.6),
    cheapToBuy: clamp(100 - (window.priceTo / Math.max(1, req.hard.maxPrice)) * 70),
    awd: variant.drivetrain === "awd" ? 100 : 0,
    towing: clamp((variant.towingKg / 2000) * 100),
    longTrips: variant.fuel === "el" ? clamp(((variant.rangeKm ?? 0) - 200) / 3) : clamp(ratings.comfort + 10),
    airSuspension: AVAILABILITY_FIT[airSuspension(variant)],
    parkingHeater: AVAILABILITY_FIT[parkingHeater(variant)],
    lowRange: AVAILABILITY_FIT[lowRange(variant)],
    quiet: clamp(ratings.comfort * 0.8 + (QUIET_FUEL[variant.fuel] ?? 0) + (variant.size === "large" || variant.size === "xl" ? 10 : 0)),
  };
  const voiced: Partial<Record<WishKey, number>> = {};
  for (const key of Object.keys(req.wishes) as WishKey[]) if ((req.wishes[key] ?? 0) > 0) voiced[key] = Math.round(fit[key]);
  return voiced;
}

const WORK_BODIES: readonly BodyType[] = ["pickup", "skapbil"];

function unaskedWorkBody(body: BodyType, req: BuyerRequirements): boolean {
  return WORK_BODIES.includes(body) && !req.hard.bodyTypes.includes(body) && !req.preferredBodyTypes.includes(body);
}

/** Wishes a car meets by having a thing (a low range, air suspension, a parking heater, four-wheel drive), not by degree. */
const EQUIPMENT_WISHES: ReadonlySet<WishKey> = new Set(["lowRange", "airSuspension", "parkingHeater", "awd"]);

/** A stressed wish outweighs the five ratings together (4.8): what the buyer asked for leads. */
const WISH_WEIGHT = 4;

/** A deal-breaker's weight: as much as the ordinary terms of a typical car together, so its score falls by about half. */
const DEAL_BREAKER_WEIGHT = 20;

/** Reliability matters most to a used-car buyer. */
const BASE_WEIGHTS: Ratings = { comfort: 1, performance: 0.5, security: 1, reliability: 1.3, economy: 1 };

export type LabelledTerm = { label: string; value: number; weight: number };

export function overallTerms(
  variant: Variant,
  window: RecommendedWindow,
  ratings: Ratings,
  wishFit: Partial<Record<WishKey, number>>,
  req: BuyerRequirements,
  referenceYear: number,
  intent: Intent,
  costs: OwnershipCostEstimate,
  circumstances: Circumstances,
  catalogue: readonly Variant[],
): LabelledTerm[] {
  const terms: LabelledTerm[] = [];
  const add = (label: string, value: number, weight: number) => terms.push({ label, value, weight });
  const reliability = judgedReliability(variant, catalogue);
  const judged: Ratings = { ...ratings, reliability };
  for (const key of Object.keys(BASE_WEIGHTS) as (keyof Ratings)[]) add(`rating:${key}`, judged[key], BASE_WEIGHTS[key]);
  for (const [key, value] of Object.entries(wishFit) as [WishKey, number][])
    add(`wish:${key}`, key === "reliability" ? reliability : value, WISH_WEIGHT * (req.wishes[key] ?? 0));
  add("age", clamp(100 - (referenceYear - window.yearTo) * 6), 0.8);
  if (req.preferredFuels.length > 0) add("preferredFuel", req.preferredFuels.includes(variant.fuel) ? 100 : 20, 2);
  if (req.preferredMakes.length > 0) add("preferredMake", req.preferredMakes.includes(variant.make) ? 100 : 30, 1.5);
  if (req.preferredBodyTypes.length > 0) add("preferredBody", req.preferredBodyTypes.includes(window.body.type) ? 100 : 30, 1.5);
  // A work vehicle scores well on winter and terrain facts, but nobody asked for its bed or cargo box.
  if (unaskedWorkBody(window.body.type, req)) add("workBody", 0, 1.5);
  if (req.preferredGearbox) add("preferredGearbox", variant.gearboxes.includes(req.preferredGearbox) ? 100 : 20, 1.5);
  const avoidedFuel = req.avoidedFuels.includes(variant.fuel) || (variant.combustionFuel !== undefined && req.avoidedFuels.includes(variant.combustionFuel));
  if (req.avoidedFuels.length > 0) add("avoidedFuel", avoidedFuel ? 5 : 100, 2);
  if (req.avoidedMakes.length > 0) add("avoidedMake", req.avoidedMakes.includes(variant.make) ? 5 : 100, 1.5);
  if (req.preferredMinModelYear !== undefined) add("preferredYear", window.yearTo >= req.preferredMinModelYear ? 100 : 25, 1);
  if ((req.usage.winterNeeds || req.usage.northern) && req.wishes.awd === undefined) add("winterAwd", variant.drivetrain === "awd" ? 100 : 40, 1);
  for (const term of intentTerms(variant, window, req, intent)) add("intent", term.value, term.weight);
  for (const term of situationTerms(variant, window, costs, reliability, req, circumstances)) add("situation", term.value, term.weight);
  const equipment = (Object.entries(wishFit) as [WishKey, number][]).filter(([key]) => EQUIPMENT_WISHES.has(key)).map(([, value]) => value);
  add("presence", ...termPair(presenceTerm(variant, equipment, catalogue)));
  const van = vanSizeTerm(window, req);
  if (van) add("vanSize", van.value, van.weight);
  if (dealBreakerOf(variant, window, req, circumstances)) add("dealBreaker", 0, DEAL_BREAKER_WEIGHT);
  add("fault", ...termPair(faultTerm(variant, window, req, circumstances)));
  add("exposedReliability", ...termPair(reliabilityTerm(reliability, req, circumstances)));
  return terms;
}

const termPair = (term: { value: number; weight: number }): [number, number] => [term.value, term.weight];

export function weighTerms(terms: readonly LabelledTerm[]): number {
  let sum = 0;
  let weights = 0;
  for (const term of terms) {
    sum += term.value * term.weight;
    weights += term.weight;
  }
  return Math.round((sum / weights) * 10) / 10;
}

export function findCandidates(req: BuyerRequirements, assumptions: CostAssumptions, catalogue: readonly Variant[] = CATALOGUE): Candidate[] {
  return searchCandidates(req, assumptions, catalogue).candidates;
}

export type CandidateSearch = {
  candidates: Candidate[];
  impliedNeeds: Map<ImpliedNeed, number>;
};

/** One pass over the catalogue: the buyer's situation is read once, and what ruled cars out is kept for the explanation. */
export function searchCandidates(req: BuyerRequirements, assumptions: CostAssumptions, catalogue: readonly Variant[] = CATALOGUE): CandidateSearch {
  const candidates: Candidate[] = [];
  const impliedNeeds = new Map<ImpliedNeed, number>();
  const intent = intentOf(req, assumptions.referenceYear);
  const circumstances = circumstancesOf(req);
  // The licence note follows the buyer's corrected weight, not the one the wish first named.
  const situation = costSituationOf(req);
  for (const variant of catalogue) {
    if (violations(variant, req.hard).length > 0) continue;
    const need = impliedNeedBroken(variant, req, circumstances);
    if (need) {
      impliedNeeds.set(need, (impliedNeeds.get(need) ?? 0) + 1);
      continue;
    }
    const window = recommendedWindow(variant, req, assumptions.referenceYear);
    if (!window) continue;
    // Costs for the newest year the budget buys: the car the buyer is most likely to end up with.
    const costs = estimateOwnershipCost(variant, window.yearTo, req.usage, assumptions, situation);
    const ratings = ratingsFor(variant, costs);
    const wishFit = wishFitFor(variant, window, costs, ratings, req);
    candidates.push({
      variant,
      window,
      costs,
      ratings,
      wishFit,
      overall: weighTerms(overallTerms(variant, window, ratings, wishFit, req, assumptions.referenceYear, intent, costs, circumstances, catalogue)),
    });
  }
  candidates.sort((a, b) => b.overall - a.overall || b.variant.marketPresence - a.variant.marketPresence || a.variant.id.localeCompare(b.variant.id));
  return { candidates, impliedNeeds };
}

/** So ten suggestions are not ten Volvos. */
const MAKE_CAP = 3;

export const listKeyOf = (variant: Variant, named: ReadonlySet<string>) => {
  const model = modelKeyOf(variant);
  return named.has(model) ? generationKey(variant) : model;
};

const LEAD = 3;

/** One per model (per generation of a named model, below the first three models), three per make first; in list order. */
export function pickDiverse(candidates: readonly Candidate[], count: number, namedModels: readonly string[] = []): Candidate[] {
  const named = new Set(namedModels);
  const picked = new Set<Candidate>();
  const keys = new Set<string>();
  const families = new Set<string>();
  const makes = new Map<string, number>();
  const familyOf = (candidate: Candidate) => modelFamilyOf(candidate.variant.make, candidate.variant.model);
  const take = (candidate: Candidate) => {
    picked.add(candidate);
    keys.add(listKeyOf(candidate.variant, named));
    families.add(familyOf(candidate));
    makes.set(candidate.variant.make, (makes.get(candidate.variant.make) ?? 0) + 1);
  };
  const passes: ((candidate: Candidate) => boolean)[] = [
    (c) => !keys.has(listKeyOf(c.variant, named)) && (makes.get(c.variant.make) ?? 0) < MAKE_CAP,
    (c) => !keys.has(listKeyOf(c.variant, named)),
  ];
  const lead = Math.min(LEAD, count);
  for (const allowed of passes) {
    for (const candidate of candidates) {
      if (picked.size >= lead) break;
      if (!picked.has(candidate) && !families.has(familyOf(candidate)) && allowed(candidate)) take(candidate);
    }
  }
  const first = [...picked];
  for (const allowed of passes) {
    for (const candidate of candidates) {
      if (picked.size >= count) break;
      if (!picked.has(candidate) && allowed(candidate)) take(candidate);
    }
  }
  return [...first, ...candidates.filter((candidate) => picked.has(candidate) && !first.includes(candidate))];
}

/** "Klarar dina krav" never names a generation older than the buyer's year limits (hard or soft) or the list's own oldest year. */
export function otherVariantsOf(candidate: Candidate, candidates: readonly Candidate[], notBefore = 0): Candidate[] {
  const key = modelKeyOf(candidate.variant);
  return candidates.filter((other) => other !== candidate && modelKeyOf(other.variant) === key && other.window.yearTo >= notBefore);
}

export function otherVariantsFloor(req: Pick<BuyerRequirements, "hard" | "preferredMinModelYear">, list: readonly Candidate[]): number {
  return Math.max(req.hard.minModelYear ?? 0, req.preferredMinModelYear ?? 0, list.length > 0 ? Math.min(...list.map((c) => c.window.yearFrom)) : 0);
}

import type { BodyType, Fuel, Gearbox, Make, MakeOrigin, Size } from "#app/lib/car-facts";
import type { WishKey } from "#app/lib/requirements";
import type { Modality } from "./modality.server";
import type { Area } from "./vocabulary.server";

/**
 * Everything the description said, each hard statement with the buyer's own words, before the
 * contradictions are settled (`conflicts.ts`) and the result is built.
 */

export interface Sourced<T> {
  value: T;
  /** The buyer's words, quoted in conflict messages ("ingen elbil"). */
  quote: string;
}

export interface SourcedMake extends Sourced<Make> {
  /** Set when the make came from an origin ("tyska märken"), not from its name. */
  origin?: MakeOrigin;
}

export type Period = "day" | "week" | "month" | "year";

export interface Draft {
  bodies: Sourced<BodyType>[];
  excludedBodies: Sourced<BodyType>[];
  sizes: Sourced<Size>[];
  excludedSizes: Sourced<Size>[];
  fuels: Sourced<Fuel>[];
  excludedFuels: Sourced<Fuel>[];
  makes: SourcedMake[];
  excludedMakes: SourcedMake[];
  gearboxes: Sourced<Gearbox>[];
  awd: boolean;
  seats: Sourced<number>[];
  /** "vuxna i tredje raden". */
  thirdRowAdults: boolean;
  /** "även vuxna bak": the third row if there is one, else just room in the back. */
  adultsBack: boolean;
  /** Weights the buyer wrote, kg. */
  towingKg: Sourced<number>[];
  /** A towbar the buyer must have: the light trailer's weight, kg. */
  towingFloorKg: number[];
  /** Weights we assume for what is towed without a stated weight (a caravan, a horse trailer), kg. */
  assumedTowingKg: Sourced<number>[];
  /** Something to tow is named (a trailer, a caravan, horses to pull): a stated weight is its total. */
  loadNamed: boolean;
  rangeKm: Sourced<number>[];
  powerHp: number[];
  modelYears: Sourced<number>[];
  odometerMil: number[];
  wishes: Partial<Record<WishKey, number>>;
  preferredFuels: Fuel[];
  preferredMakes: Make[];
  preferredBodies: BodyType[];
  /** "gärna automat"; "helst inte manuell" prefers the other. */
  preferredGearboxes: Gearbox[];
  /** Soft refusals: "helst ingen diesel", "gillar inte BMW". */
  avoidedFuels: Fuel[];
  avoidedMakes: Make[];
  /** "helst inte äldre än 2016", "gärna max 5 år gammal". */
  preferredModelYears: number[];
  /** "helst under 15 000 mil". */
  preferredOdometerMil: number[];
  /** Driving per period, mil, as written (a day's figure is scaled once the description is read). */
  mileage: { period: Period; mil: number }[];
  commute: boolean;
  ages: { age: number; driving: boolean; self: boolean }[];
  newDriver: boolean;
  /** Areas in the order written; `home` when the buyer says they live there. */
  areas: { area: Area; home: boolean }[];
  northern: boolean;
  winter: boolean;
  /** Items said to be fine ("diesel går också bra"): added to an allow-list the buyer narrowed. */
  accepted: { fuels: Fuel[]; bodies: BodyType[]; makes: Make[] };
  /** The season the description names anywhere ("… och vi åker dit på jul"). */
  season?: "winter" | "summer";
}

export function emptyDraft(): Draft {
  return {
    bodies: [],
    excludedBodies: [],
    sizes: [],
    excludedSizes: [],
    fuels: [],
    excludedFuels: [],
    makes: [],
    excludedMakes: [],
    gearboxes: [],
    awd: false,
    seats: [],
    thirdRowAdults: false,
    adultsBack: false,
    towingKg: [],
    towingFloorKg: [],
    assumedTowingKg: [],
    loadNamed: false,
    rangeKm: [],
    powerHp: [],
    modelYears: [],
    odometerMil: [],
    wishes: {},
    preferredFuels: [],
    preferredMakes: [],
    preferredBodies: [],
    preferredGearboxes: [],
    avoidedFuels: [],
    avoidedMakes: [],
    preferredModelYears: [],
    preferredOdometerMil: [],
    mileage: [],
    commute: false,
    ages: [],
    newDriver: false,
    areas: [],
    northern: false,
    winter: false,
    accepted: { fuels: [], bodies: [], makes: [] },
  };
}

/** A wish said plainly; hedged ("gärna") weighs less, stressed ("viktigt", "måste") the most. */
export const PLAIN_WEIGHT = 0.6;
const HEDGED_WEIGHT = 0.4;
const STRESSED_WEIGHT = 1;

export function wishWeight(modality: Modality): number {
  if (modality.stressed) return STRESSED_WEIGHT;
  return modality.hedged ? HEDGED_WEIGHT : PLAIN_WEIGHT;
}

/** Raises a wish to `weight` (a wish mentioned twice keeps its strongest mention). */
export function raiseWish(draft: Draft, key: WishKey, weight: number): void {
  const rounded = Math.round(Math.min(1, Math.max(0, weight)) * 100) / 100;
  draft.wishes[key] = Math.max(draft.wishes[key] ?? 0, rounded);
}

export function wishEntries(wishes: Partial<Record<WishKey, number>>): [WishKey, number][] {
  return Object.entries(wishes) as [WishKey, number][];
}

export function addUnique<T>(list: T[], ...values: readonly T[]): void {
  for (const value of values) if (!list.includes(value)) list.push(value);
}

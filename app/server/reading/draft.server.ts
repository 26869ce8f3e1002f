import type { BodyType, Fuel, Gearbox, Make, MakeOrigin, Size } from "#app/lib/car-facts";
import type { WishKey } from "#app/lib/requirements";
import type { Modality } from "./modality.server";
import type { Area } from "./vocabulary.server";

export interface Sourced<T> {
  value: T;
  /** Quoted in conflict messages ("ingen elbil"). */
  quote: string;
}

export interface SourcedMake extends Sourced<Make> {
  /** The make came from an origin ("tyska märken"), not its name. */
  origin?: MakeOrigin;
  group?: true;
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
  thirdRowAdults: boolean;
  /** "även vuxna bak": the third row if there is one, else room in the back. */
  adultsBack: boolean;
  towingKg: Sourced<number>[];
  towingFloorKg: number[];
  assumedTowingKg: Sourced<number>[];
  /** Something to tow is named: a stated weight is its total. */
  loadNamed: boolean;
  rangeKm: Sourced<number>[];
  powerHp: number[];
  modelYears: Sourced<number>[];
  odometerMil: number[];
  wishes: Partial<Record<WishKey, number>>;
  /** Wishes named in the buyer's words, and those only read into them (with the words): a named one is said. */
  saidWishes: WishKey[];
  impliedWishes: Partial<Record<WishKey, string[]>>;
  preferredFuels: Fuel[];
  preferredMakes: Make[];
  preferredBodies: BodyType[];
  preferredGearboxes: Gearbox[];
  avoidedFuels: Fuel[];
  avoidedMakes: Make[];
  preferredModelYears: number[];
  preferredOdometerMil: number[];
  /** As written; a day's figure is scaled once the whole description is read. */
  mileage: { period: Period; mil: number; trips?: boolean }[];
  mileageNotes: Sourced<"cap" | "occasional">[];
  commute: boolean;
  ages: { age: number; driving: boolean; self: boolean }[];
  newDriver: boolean;
  areas: { area: Area; home: boolean }[];
  northern: boolean;
  winter: boolean;
  mildWinter: boolean;
  familySeats: Sourced<number>[];
  seatsHedged: boolean;
  towingRefused: boolean;
  accepted: { fuels: Fuel[]; bodies: BodyType[]; makes: Make[]; gearboxes: Sourced<Gearbox>[] };
  requiredGearboxes: Sourced<Gearbox>[];
  leanedFuels: Sourced<Fuel>[];
  leanedGearboxes: Sourced<Gearbox>[];
  leanedBodies: Sourced<BodyType>[];
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
    saidWishes: [],
    impliedWishes: {},
    preferredFuels: [],
    preferredMakes: [],
    preferredBodies: [],
    preferredGearboxes: [],
    avoidedFuels: [],
    avoidedMakes: [],
    preferredModelYears: [],
    preferredOdometerMil: [],
    mileage: [],
    mileageNotes: [],
    commute: false,
    ages: [],
    newDriver: false,
    areas: [],
    northern: false,
    winter: false,
    mildWinter: false,
    familySeats: [],
    seatsHedged: false,
    towingRefused: false,
    accepted: { fuels: [], bodies: [], makes: [], gearboxes: [] },
    requiredGearboxes: [],
    leanedFuels: [],
    leanedGearboxes: [],
    leanedBodies: [],
  };
}

export const PLAIN_WEIGHT = 0.6;
const HEDGED_WEIGHT = 0.4;
const STRESSED_WEIGHT = 1;

export function wishWeight(modality: Modality): number {
  if (modality.stressed) return STRESSED_WEIGHT;
  return modality.hedged ? HEDGED_WEIGHT : PLAIN_WEIGHT;
}

/** A wish mentioned twice keeps its strongest mention; `impliedBy` the words it was read into, when they do not name it. */
export function raiseWish(draft: Draft, key: WishKey, weight: number, impliedBy?: string): void {
  const rounded = Math.round(Math.min(1, Math.max(0, weight)) * 100) / 100;
  draft.wishes[key] = Math.max(draft.wishes[key] ?? 0, rounded);
  if (impliedBy === undefined) addUnique(draft.saidWishes, key);
  else (draft.impliedWishes[key] ??= []).push(impliedBy);
}

/** The wishes left that the buyer never named, in the order of the wish keys, each with the first words it was read from. */
export function assumedWishesOf(draft: Draft, keys: readonly WishKey[], description: string): { key: WishKey; quote: string }[] {
  const at = (words: string) => {
    const index = description.toLocaleLowerCase("sv").indexOf(words.toLocaleLowerCase("sv"));
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return keys.flatMap((key) => {
    const [quote] = [...(draft.impliedWishes[key] ?? [])].sort((a, b) => at(a) - at(b));
    return quote === undefined || draft.saidWishes.includes(key) || (draft.wishes[key] ?? 0) <= 0 ? [] : [{ key, quote }];
  });
}

export function wishEntries(wishes: Partial<Record<WishKey, number>>): [WishKey, number][] {
  return Object.entries(wishes) as [WishKey, number][];
}

export function addUnique<T>(list: T[], ...values: readonly T[]): void {
  for (const value of values) if (!list.includes(value)) list.push(value);
}

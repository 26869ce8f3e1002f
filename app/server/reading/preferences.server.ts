import type { Fuel } from "#app/lib/car-facts";
import type { BuyerRequirements, HardRequirements } from "#app/lib/requirements";
import type { Draft } from "./draft.server";

// A hard requirement of the same kind wins, a soft refusal never becomes a conflict, and a soft "no" narrows a soft "yes".

export type Preferences = Pick<
  BuyerRequirements,
  | "preferredFuels"
  | "preferredMakes"
  | "preferredBodyTypes"
  | "preferredGearbox"
  | "avoidedFuels"
  | "avoidedMakes"
  | "preferredMinModelYear"
  | "preferredMaxOdometerMil"
>;

const COMBUSTION_FUELS: readonly Fuel[] = ["bensin", "diesel"];
const HYBRIDS: readonly Fuel[] = ["elhybrid", "laddhybrid"];
const OLDEST_MODEL_YEAR = 1950;
const HIGHEST_ODOMETER_MIL = 100_000;

/** Only beside other allowed choices: "helst inte BMW" next to "tyska märken", not next to "bara BMW" or "bara Volvo". */
const rankable =
  <T>(allowed: readonly T[], excluded: readonly T[]) =>
  (value: T): boolean =>
    !excluded.includes(value) && (allowed.length === 0 || (allowed.length > 1 && allowed.includes(value)));

export function settlePreferences(draft: Draft, hard: HardRequirements, referenceYear: number): Preferences {
  const fuelRankable = rankable(hard.allowedFuels, hard.excludedFuels);
  // "bara hybrid, helst ingen diesel": hybrids are also ranked by the fuel of their engine.
  const hybridEngine = (fuel: Fuel) =>
    COMBUSTION_FUELS.includes(fuel) && !hard.excludedFuels.includes(fuel) && hard.allowedFuels.some((allowed) => HYBRIDS.includes(allowed));
  const avoidedFuels = draft.avoidedFuels.filter((fuel) => fuelRankable(fuel) || hybridEngine(fuel));
  const avoidedMakes = draft.avoidedMakes.filter(rankable(hard.requiredMakes, hard.excludedMakes));

  const gearboxes = [...new Set(draft.preferredGearboxes)];
  const preferredGearbox = hard.gearbox === undefined && gearboxes.length === 1 ? gearboxes[0] : undefined;

  const years = draft.preferredModelYears.filter((year) => year >= OLDEST_MODEL_YEAR && year <= referenceYear + 1);
  const newest = years.length > 0 ? Math.max(...years) : undefined;
  const preferredMinModelYear = newest !== undefined && (hard.minModelYear === undefined || newest > hard.minModelYear) ? newest : undefined;

  const lowest = draft.preferredOdometerMil.length > 0 ? Math.min(HIGHEST_ODOMETER_MIL, Math.max(1, Math.min(...draft.preferredOdometerMil))) : undefined;
  const preferredMaxOdometerMil = lowest !== undefined && (hard.maxOdometerMil === undefined || lowest < hard.maxOdometerMil) ? lowest : undefined;

  return {
    preferredFuels: draft.preferredFuels.filter((fuel) => fuelRankable(fuel) && !avoidedFuels.includes(fuel)),
    preferredMakes: draft.preferredMakes.filter((make) => rankable(hard.requiredMakes, hard.excludedMakes)(make) && !avoidedMakes.includes(make)),
    preferredBodyTypes: draft.preferredBodies.filter(rankable(hard.bodyTypes, [])),
    avoidedFuels,
    avoidedMakes,
    ...(preferredGearbox === undefined ? {} : { preferredGearbox }),
    ...(preferredMinModelYear === undefined ? {} : { preferredMinModelYear }),
    ...(preferredMaxOdometerMil === undefined ? {} : { preferredMaxOdometerMil }),
  };
}

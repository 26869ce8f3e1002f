import type { Fuel } from "#app/lib/car-facts";

// Fordonsskatt for personbil klass I, rules of 2025–26 (Transportstyrelsen, Skatteverket, prop. 2021/22:91,
// SFS 2014:1503). Pure: the caller supplies every date.

interface YearMonth {
  year: number;
  month: number;
}

export interface VehicleTaxInput {
  fuel: Fuel;
  combustionFuel?: "bensin" | "diesel";
  co2GPerKm: number;
  /** Registered årsmodell (else manufacturing year). */
  fordonsar: number;
  firstTaxable: YearMonth;
  taxedAt: YearMonth;
  curbWeightKg?: number;
  /** A fordonsår ≤ 2005 car meeting miljöklass 2005 is CO2-taxed like newer cars. */
  meetsMiljoklass2005?: boolean;
}

type TaxRegime = "co2" | "weight" | "veteran";

export interface VehicleTaxResult {
  annualTax: number;
  regime: TaxRegime;
  malus: boolean;
  parts: {
    base: number;
    co2Part: number;
    fuelSurcharge: number;
    fuelFactor: number;
    environmentSurcharge: number;
    weightBased: number;
  };
}

const BASE = 360;
const CO2_THRESHOLD = 111;
const CO2_RATE = 22;
const CO2_RATE_ALT_FUEL = 11;
const DIESEL_FUEL_SURCHARGE_PER_GRAM = 13.52;
const DIESEL_FUEL_FACTOR_PRE_2018 = 2.37;
const DIESEL_ENVIRONMENT_SURCHARGE = 250;
/** Fordonsår before 2008; the 500 kr is from memory, not confirmed against a source. */
const DIESEL_ENVIRONMENT_SURCHARGE_PRE_2008 = 500;
const MALUS_MONTHS = 36;
const VETERAN_AGE_YEARS = 30;

/** The 2018 bonus–malus reform: fordonsår 2018+ cars first taxable from 1 July 2018. */
const REFORM_START: YearMonth = { year: 2018, month: 7 };

interface MalusPeriod {
  from: YearMonth;
  lowerStart: number;
  upperStart: number;
  lowerRate: number;
  upperRate: number;
}

/** Newest first; the period is chosen by the month the car first became taxable. */
const MALUS_PERIODS: readonly MalusPeriod[] = [
  { from: { year: 2022, month: 6 }, lowerStart: 75, upperStart: 125, lowerRate: 107, upperRate: 132 },
  { from: { year: 2021, month: 4 }, lowerStart: 90, upperStart: 130, lowerRate: 107, upperRate: 132 },
  { from: { year: 2018, month: 7 }, lowerStart: 95, upperStart: 140, lowerRate: 82, upperRate: 107 },
];

/** Weight-based tax (SFS 2014:1503) for fordonsår 2005 and older, not miljöklass 2005. */
const WEIGHT_TABLE = {
  other: { upTo900: 913, from901: 1129, per100Kg: 214 },
  diesel: { upTo900: 2298, from901: 2863, per100Kg: 564 },
} as const;

function monthIndex(value: YearMonth): number {
  return value.year * 12 + (value.month - 1);
}

function positive(value: number): number {
  return Math.max(0, value);
}

function isDieselTaxed(input: VehicleTaxInput): boolean {
  if (input.fuel === "diesel") return true;
  return (input.fuel === "elhybrid" || input.fuel === "laddhybrid") && input.combustionFuel === "diesel";
}

function malusAmount(period: MalusPeriod, co2: number): number {
  return period.lowerRate * positive(Math.min(co2, period.upperStart) - period.lowerStart) + period.upperRate * positive(co2 - period.upperStart);
}

function weightBasedTax(input: VehicleTaxInput, diesel: boolean): number {
  if (input.curbWeightKg === undefined) {
    throw new RangeError("curbWeightKg is required for the weight-based tax of fordonsår 2005 and older");
  }
  const table = diesel ? WEIGHT_TABLE.diesel : WEIGHT_TABLE.other;
  if (input.curbWeightKg <= 900) return table.upTo900;
  return table.from901 + table.per100Kg * Math.floor((input.curbWeightKg - 901) / 100);
}

/** The first month without malus for a car first taxable in `firstTaxable` (malus runs 36 months). */
export function malusEndsAt(firstTaxable: YearMonth): YearMonth {
  const end = monthIndex(firstTaxable) + MALUS_MONTHS;
  return { year: Math.floor(end / 12), month: (end % 12) + 1 };
}

export function calculateVehicleTax(input: VehicleTaxInput): VehicleTaxResult {
  if (!Number.isFinite(input.co2GPerKm) || input.co2GPerKm < 0) {
    throw new RangeError("co2GPerKm must be a non-negative number");
  }
  const diesel = isDieselTaxed(input);
  const parts = {
    base: 0,
    co2Part: 0,
    fuelSurcharge: 0,
    fuelFactor: 1,
    environmentSurcharge: 0,
    weightBased: 0,
  };

  if (input.taxedAt.year - input.fordonsar >= VETERAN_AGE_YEARS) {
    return { annualTax: 0, regime: "veteran", malus: false, parts };
  }

  // Electric and hybrid cars count as miljöklass El/Hybrid: only pure combustion cars fall back to the weight table.
  const combustionOnly = input.fuel === "bensin" || input.fuel === "diesel" || input.fuel === "e85" || input.fuel === "gas";
  if (input.fordonsar <= 2005 && combustionOnly && !input.meetsMiljoklass2005) {
    parts.weightBased = weightBasedTax(input, diesel);
    return { annualTax: Math.round(parts.weightBased), regime: "weight", malus: false, parts };
  }

  const co2 = input.co2GPerKm;
  const altFuel = input.fuel === "e85" || input.fuel === "gas";
  const underReform = input.fordonsar >= 2018 && monthIndex(input.firstTaxable) >= monthIndex(REFORM_START);
  const monthsTaxable = monthIndex(input.taxedAt) - monthIndex(input.firstTaxable);
  const malus = underReform && !altFuel && monthsTaxable < MALUS_MONTHS;

  parts.base = BASE;
  if (malus) {
    const period = MALUS_PERIODS.find((candidate) => monthIndex(input.firstTaxable) >= monthIndex(candidate.from));
    parts.co2Part = period ? malusAmount(period, co2) : 0;
  } else {
    parts.co2Part = (altFuel ? CO2_RATE_ALT_FUEL : CO2_RATE) * positive(co2 - CO2_THRESHOLD);
  }

  let total = parts.base + parts.co2Part;
  if (diesel) {
    if (underReform) {
      parts.fuelSurcharge = DIESEL_FUEL_SURCHARGE_PER_GRAM * co2;
      parts.environmentSurcharge = DIESEL_ENVIRONMENT_SURCHARGE;
      total += parts.fuelSurcharge + parts.environmentSurcharge;
    } else {
      parts.fuelFactor = DIESEL_FUEL_FACTOR_PRE_2018;
      parts.environmentSurcharge = input.fordonsar >= 2008 ? DIESEL_ENVIRONMENT_SURCHARGE : DIESEL_ENVIRONMENT_SURCHARGE_PRE_2008;
      total = total * parts.fuelFactor + parts.environmentSurcharge;
    }
  }

  return { annualTax: Math.round(total), regime: "co2", malus, parts };
}

import { z } from "zod";
import type { OwnershipCost } from "#app/lib/recommendation";
import type { CostClass, Fuel } from "./catalogue/catalogue";
import { calculateVehicleTax } from "./vehicle-tax.server";

const Sek = z.number().min(0);
const ClassTable = <T extends z.ZodType>(value: T) =>
  z.object({ small: value, midsize: value, premium: value, exclusive: value });

/**
 * Everything the yearly cost estimate assumes, with documented defaults (reference sections 2–3).
 * Overridable per call so the lead can wire env vars in later; all amounts SEK incl. VAT.
 */
export const OwnershipAssumptionsSchema = z.object({
  /**
   * Yearly driving in Swedish mil. Trafikanalys measures ~1 100 mil for the average private car
   * (2023); we default to 1 500 because buyers who ask for advice tend to drive more, and the higher
   * figure keeps fuel costs on the cautious side. Both recommenders use this figure; it is
   * configurable with OWNERSHIP_MIL_PER_YEAR.
   */
  milPerYear: z.number().positive().max(10_000).default(1500),
  /**
   * The year the catalogue prices and tax rules describe. Model age, malus status and insurance
   * level are evaluated against 1 July of this year, which keeps the result deterministic.
   */
  referenceYear: z.number().int().min(2020).max(2100).default(2026),
  /** Bensin 95 at staffed stations, 2025–26 (M). */
  petrolPricePerLitre: Sek.default(16.0),
  dieselPricePerLitre: Sek.default(16.5),
  /** E85; the catalogue's E85 consumption already counts the ~30 % extra litres. */
  e85PricePerLitre: Sek.default(14.0),
  /** Fordonsgas/biogas per kg. */
  gasPricePerKg: Sek.default(27),
  /** All-in home charging in SE3/SE4 (spot, markup, network, energy tax, VAT). */
  homeElectricityPricePerKwh: Sek.default(2.0),
  publicChargingPricePerKwh: Sek.default(5.0),
  /** Share of an elbil's energy bought at public chargers; laddhybrider charge at home. */
  publicChargingShare: z.number().min(0).max(1).default(0.15),
  /** Energy lost between the socket and the battery (~10 %). */
  chargingLossFactor: z.number().min(1).max(1.5).default(1.1),
  /** Halvförsäkring per year, driver 30–65 (midpoints of the reference's ranges, L). */
  halfInsuranceByClass: ClassTable(Sek).default({ small: 3500, midsize: 4250, premium: 6250, exclusive: 9000 }),
  /** Helförsäkring (with vagnskada) per year. */
  fullInsuranceByClass: ClassTable(Sek).default({ small: 5500, midsize: 7000, premium: 10_500, exclusive: 16_000 }),
  /**
   * Helförsäkring is assumed for cars of this age range: younger cars usually carry the maker's
   * vagnskadegaranti, older ones are rarely worth insuring fully.
   */
  fullInsuranceFromAge: z.number().int().min(0).default(3),
  fullInsuranceToAge: z.number().int().min(0).default(10),
  /** EVs cost 15–40 % more to insure than comparable combustion cars. */
  electricInsuranceFactor: z.number().min(0.5).max(3).default(1.25),
  /** Service and wear items per year at `serviceBaseMil` (reference heuristic, L). */
  serviceByClass: ClassTable(Sek).default({ small: 4000, midsize: 5500, premium: 8000, exclusive: 12_000 }),
  /** Two sets of tyres (winter tyres are mandatory Dec–Mar) amortised per year. */
  tyresByClass: ClassTable(Sek).default({ small: 2500, midsize: 3000, premium: 4000, exclusive: 6000 }),
  serviceBaseMil: z.number().positive().default(1100),
  /** EVs need 30–50 % less service. */
  electricServiceFactor: z.number().min(0).max(1.5).default(0.6),
  /** Kontrollbesiktning: first at 3 years, then at 5, then every 14 months. */
  inspectionFee: Sek.default(500),
  /** Extra repair buffer for cars past this age. */
  repairBufferFromAge: z.number().int().min(0).default(8),
  repairBuffer: Sek.default(3500),
});
export type OwnershipAssumptions = z.infer<typeof OwnershipAssumptionsSchema>;

/** Top-level keys may be left out, and class tables may be given in part. */
export type OwnershipAssumptionsOverrides = {
  [K in keyof OwnershipAssumptions]?: OwnershipAssumptions[K] extends Record<CostClass, number>
    ? Partial<OwnershipAssumptions[K]>
    : OwnershipAssumptions[K];
};

export const DEFAULT_OWNERSHIP_ASSUMPTIONS: OwnershipAssumptions = OwnershipAssumptionsSchema.parse({});

const CLASS_TABLE_KEYS = [
  "halfInsuranceByClass",
  "fullInsuranceByClass",
  "serviceByClass",
  "tyresByClass",
] as const satisfies readonly (keyof OwnershipAssumptions)[];

/**
 * Defaults merged with the caller's overrides and validated; throws a ZodError for bad values so a
 * misconfigured env var fails loudly rather than skewing every estimate.
 */
export function resolveOwnershipAssumptions(overrides: OwnershipAssumptionsOverrides = {}): OwnershipAssumptions {
  const merged: Record<string, unknown> = { ...DEFAULT_OWNERSHIP_ASSUMPTIONS };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    merged[key] = (CLASS_TABLE_KEYS as readonly string[]).includes(key)
      ? { ...(DEFAULT_OWNERSHIP_ASSUMPTIONS[key as (typeof CLASS_TABLE_KEYS)[number]]), ...(value as object) }
      : value;
  }
  return OwnershipAssumptionsSchema.parse(merged);
}

export interface OwnershipCostInput {
  fuel: Fuel;
  combustionFuel?: "bensin" | "diesel";
  /** Per 100 km: litres (kWh for el, kg for gas); the combustion share for a laddhybrid. */
  consumptionPer100Km: number;
  /** Laddhybrid: kWh per 100 km. */
  electricityPer100Km?: number;
  co2GPerKm: number;
  modelYear: number;
  curbWeightKg: number;
  costClass: CostClass;
}

export interface OwnershipCostEstimate extends OwnershipCost {
  total: number;
  /** Age in years at the reference date, as used for insurance and maintenance. */
  ageYears: number;
  /** Whether the tax above still includes malus. */
  malus: boolean;
  fullInsurance: boolean;
}

function litrePrice(fuel: "bensin" | "diesel" | "e85" | "gas", assumptions: OwnershipAssumptions): number {
  switch (fuel) {
    case "bensin":
      return assumptions.petrolPricePerLitre;
    case "diesel":
      return assumptions.dieselPricePerLitre;
    case "e85":
      return assumptions.e85PricePerLitre;
    case "gas":
      return assumptions.gasPricePerKg;
  }
}

function fuelCost(input: OwnershipCostInput, assumptions: OwnershipAssumptions): number {
  const per100Km = (consumption: number) => (consumption / 10) * assumptions.milPerYear;
  const homeKwh = assumptions.homeElectricityPricePerKwh * assumptions.chargingLossFactor;
  switch (input.fuel) {
    case "el": {
      const share = assumptions.publicChargingShare;
      // Public DC prices are per kWh delivered to the car, so the loss factor applies at home only.
      const blended = (1 - share) * homeKwh + share * assumptions.publicChargingPricePerKwh;
      return per100Km(input.consumptionPer100Km) * blended;
    }
    case "laddhybrid": {
      const combustion = litrePrice(input.combustionFuel ?? "bensin", assumptions);
      return per100Km(input.consumptionPer100Km) * combustion + per100Km(input.electricityPer100Km ?? 0) * homeKwh;
    }
    case "elhybrid":
      return per100Km(input.consumptionPer100Km) * litrePrice(input.combustionFuel ?? "bensin", assumptions);
    default:
      return per100Km(input.consumptionPer100Km) * litrePrice(input.fuel, assumptions);
  }
}

/** Inspections per year: none before 3 years, one at 3 and one at 5, then every 14 months. */
function inspectionsPerYear(ageYears: number): number {
  if (ageYears < 3) return 0;
  if (ageYears < 5) return 0.5;
  return 12 / 14;
}

/** Yearly cost of owning one car, whole SEK per year; overrides are merged with the defaults. */
export function estimateOwnershipCost(
  input: OwnershipCostInput,
  overrides: OwnershipAssumptionsOverrides = {},
): OwnershipCostEstimate {
  return estimateOwnershipCostWith(input, resolveOwnershipAssumptions(overrides));
}

/** As estimateOwnershipCost, with assumptions already resolved (saves re-validating per car). */
export function estimateOwnershipCostWith(
  input: OwnershipCostInput,
  assumptions: OwnershipAssumptions,
): OwnershipCostEstimate {
  // A model year is assumed registered mid-year and evaluated on 1 July of the reference year.
  const ageYears = Math.max(0, assumptions.referenceYear - input.modelYear);
  const tax = calculateVehicleTax({
    fuel: input.fuel,
    combustionFuel: input.combustionFuel,
    co2GPerKm: input.co2GPerKm,
    fordonsar: input.modelYear,
    firstTaxable: { year: input.modelYear, month: 7 },
    taxedAt: { year: assumptions.referenceYear, month: 7 },
    curbWeightKg: input.curbWeightKg,
  });

  const fullInsurance = ageYears >= assumptions.fullInsuranceFromAge && ageYears <= assumptions.fullInsuranceToAge;
  const insuranceTable = fullInsurance ? assumptions.fullInsuranceByClass : assumptions.halfInsuranceByClass;
  const electric = input.fuel === "el";
  const insurance = insuranceTable[input.costClass] * (electric ? assumptions.electricInsuranceFactor : 1);

  // Wear scales with distance, but a car parked all year still needs its yearly service.
  const distanceFactor = Math.min(2, Math.max(0.5, assumptions.milPerYear / assumptions.serviceBaseMil));
  const service = assumptions.serviceByClass[input.costClass] * (electric ? assumptions.electricServiceFactor : 1);
  const maintenance =
    (service + assumptions.tyresByClass[input.costClass]) * distanceFactor +
    inspectionsPerYear(ageYears) * assumptions.inspectionFee +
    (ageYears >= assumptions.repairBufferFromAge ? assumptions.repairBuffer : 0);

  const cost = {
    insurance: Math.round(insurance),
    tax: tax.annualTax,
    fuel: Math.round(fuelCost(input, assumptions)),
    maintenance: Math.round(maintenance),
  };
  return {
    ...cost,
    total: cost.insurance + cost.tax + cost.fuel + cost.maintenance,
    ageYears,
    malus: tax.malus,
    fullInsurance,
  };
}

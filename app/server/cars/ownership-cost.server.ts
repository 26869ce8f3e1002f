import { z } from "zod";
import type { CostClass } from "#app/lib/car-facts";
import type { CostNotes } from "#app/lib/recommendation";
import type { BuyerSituation, Usage } from "#app/lib/requirements";
import { companyCarBenefit } from "./company-car-benefit.server";
import { estimateInsurance, HEDVIG_2026_AVERAGE } from "./insurance.server";
import { lookupNewCarPrice, type NewCarPriceLookup } from "./new-car-prices.server";
import { towingLicenceNote } from "./towing-licence.server";
import { isVerified, type Variant } from "./variant.server";
import { calculateVehicleTax } from "./vehicle-tax.server";

;

const Sek = z.number().min(0);
const ClassTable = <T extends z.ZodType>(value: T) => z.object({ small: value, midsize: value, premium: value, exclusive: value });

/**
 * Everything the yearly cost estimate assumes, with documented defaults (car-facts reference
 * §2–3). Energy prices are overridable from env; all amounts SEK incl. VAT. The page shows the
 * assumptions next to the costs.
 */
const CostAssumptionsSchema = z.object({
  /** The year prices and tax rules describe; age, malus and insurance are evaluated on 1 July. */
  referenceYear: z.number().int().min(2020).max(2100).default(2026),
  /**
   * Month a model year is assumed first registered. March: most cars of a model year are
   * registered in its first half, and it keeps 2018 cars on the pre-reform side of 1 July 2018,
   * which the texts then mention (a later registration changes a diesel's tax).
   */
  registrationMonth: z.number().int().min(1).max(12).default(3),
  petrolPricePerLitre: Sek.default(16.0),
  dieselPricePerLitre: Sek.default(16.5),
  /** E85; the catalogue's E85 consumption already counts the ~30 % extra litres. */
  e85PricePerLitre: Sek.default(14.0),
  gasPricePerKg: Sek.default(27),
  /** All-in home charging in SE3/SE4 (spot, markup, network, energy tax, VAT). */
  homeElectricityPricePerKwh: Sek.default(2.0),
  /** SE1/SE2 (Norrland): cheaper electricity. */
  northernElectricityPricePerKwh: Sek.default(1.4),
  /**
   * Public charging, kr/kWh: AC 3–5 and DC 4–8 in the reference (low confidence); Bee/Mer charged
   * 5 kr and E.ON 5.95 kr per kWh to direct customers (DN 2020). What a buyer without a home
   * charger pays for all of an elbil's energy.
   */
  publicChargingPricePerKwh: Sek.default(5.0),
  /** Share of an elbil's energy bought at public chargers; laddhybrider charge at home. */
  publicChargingShare: z.number().min(0).max(1).default(0.15),
  /** Energy lost between the socket and the battery (~10 %). */
  chargingLossFactor: z.number().min(1).max(1.5).default(1.1),
  /**
   * Halvförsäkring per year: mid-size is Hedvig's 2026 average (338 kr/mån); the other classes keep
   * the ratio of the reference's class bands to mid-size (small 0.8, premium 1.5; exclusive 2.2 has
   * no published band and is an estimate).
   */
  halfInsuranceByClass: ClassTable(Sek).default({ small: 3300, midsize: HEDVIG_2026_AVERAGE.halv, premium: 6100, exclusive: 8900 }),
  /** Helförsäkring (with vagnskada): mid-size is Hedvig's 2026 average (584 kr/mån). */
  fullInsuranceByClass: ClassTable(Sek).default({ small: 5500, midsize: HEDVIG_2026_AVERAGE.hel, premium: 10_500, exclusive: 15_400 }),
  /** Helförsäkring for cars of this age range (younger ones carry the maker's vagnskadegaranti). */
  fullInsuranceFromAge: z.number().int().min(0).default(3),
  fullInsuranceToAge: z.number().int().min(0).default(10),
  /** EVs cost 15–40 % more to insure than comparable combustion cars. */
  electricInsuranceFactor: z.number().min(0.5).max(3).default(1.25),
  /** Powerful cars are priced higher by every insurer (L): above 250 hk and above 400 hk. */
  powerInsuranceFactors: z.object({ above250: z.number(), above400: z.number() }).default({ above250: 1.1, above400: 1.25 }),
  /**
   * Electric drive × power × area never leaves these bounds: the class already prices most of what
   * makes a premium car dear to insure, and unbounded products gave 24 000–29 000 kr premium EVs.
   */
  carAndAreaFactorBounds: z.object({ min: z.number(), max: z.number() }).default({ min: 0.8, max: 1.4 }),
  /** Drivers under 25 pay ×1.8–3 (reference §3); older bands are gentler. */
  driverAgeFactors: z
    .object({ under20: z.number(), under25: z.number(), under30: z.number(), from30: z.number(), from75: z.number() })
    .default({ under20: 2.8, under25: 2.1, under30: 1.25, from30: 1, from75: 1.15 }),
  /** Big city +20–40 %, countryside −10–20 % (reference §3). */
  areaFactors: z.object({ storstad: z.number(), landsbygd: z.number() }).default({ storstad: 1.25, landsbygd: 0.85 }),
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
export type CostAssumptions = z.infer<typeof CostAssumptionsSchema>;
export type CostAssumptionsOverrides = Partial<
  Pick<CostAssumptions, "petrolPricePerLitre" | "dieselPricePerLitre" | "homeElectricityPricePerKwh">
>;

export const DEFAULT_COST_ASSUMPTIONS: CostAssumptions = CostAssumptionsSchema.parse({});

/** Defaults merged with env overrides; throws for bad values so a misconfiguration fails loudly. */
export function resolveCostAssumptions(overrides: CostAssumptionsOverrides = {}): CostAssumptions {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return CostAssumptionsSchema.parse({ ...DEFAULT_COST_ASSUMPTIONS, ...defined });
}

/** Whole SEK per year, with what the page needs to explain them. */
export type OwnershipCostEstimate = {
  insurance: number;
  tax: number;
  fuel: number;
  maintenance: number;
  total: number;
  ageYears: number;
  /** The tax above still includes malus (first three years). */
  malus: boolean;
  fullInsurance: boolean;
  /** Energy cost per Swedish mil at this buyer's prices, SEK. */
  energyPerMil: number;
  /**
   * A 2018 car's tax depends on whether it was first registered before or after 1 July 2018; this
   * is the tax under the other rule when it differs.
   */
  taxIfRegisteredAfterJuly2018?: number;
  /** What the card says beyond the amounts (estimate label, public charging, förmånsvärde, licence). */
  notes: CostNotes;
};

function litrePrice(fuel: "bensin" | "diesel" | "e85" | "gas", a: CostAssumptions): number {
  return { bensin: a.petrolPricePerLitre, diesel: a.dieselPricePerLitre, e85: a.e85PricePerLitre, gas: a.gasPricePerKg }[fuel];
}

/** The home-charging price where the buyer lives (SE1/SE2 in the north), with charging losses. */
export function homeChargingPrice(usage: Pick<Usage, "northern">, a: CostAssumptions): number {
  return (usage.northern ? a.northernElectricityPricePerKwh : a.homeElectricityPricePerKwh) * a.chargingLossFactor;
}

/** True when the buyer said they cannot charge at home: every kWh is bought at a public charger. */
function chargesPublicly(variant: Pick<Variant, "fuel">, situation: Pick<BuyerSituation, "homeCharging"> = {}): boolean {
  return situation.homeCharging === false && (variant.fuel === "el" || variant.fuel === "laddhybrid");
}

/**
 * Energy cost per Swedish mil (10 km). Linear in distance on purpose: a laddhybrid's consumption
 * in the catalogue is already its blended real-world figure. A buyer who said they cannot charge
 * at home pays the public price for all of it (unknown counts as able to, the common case).
 */
export function energyCostPerMil(
  variant: Variant,
  usage: Pick<Usage, "northern">,
  a: CostAssumptions,
  situation: Pick<BuyerSituation, "homeCharging"> = {},
): number {
  const c = variant.consumption;
  const perMil = (per100Km: number | undefined) => (per100Km ?? 0) / 10;
  const publicOnly = chargesPublicly(variant, situation);
  const home = publicOnly ? a.publicChargingPricePerKwh : homeChargingPrice(usage, a);
  switch (variant.fuel) {
    case "el": {
      // Public DC prices are per kWh delivered to the car, so the loss factor applies at home only.
      if (publicOnly) return perMil(c.kwhPer100Km) * a.publicChargingPricePerKwh;
      const blended = (1 - a.publicChargingShare) * home + a.publicChargingShare * a.publicChargingPricePerKwh;
      return perMil(c.kwhPer100Km) * blended;
    }
    case "laddhybrid":
      return perMil(c.litresPer100Km) * litrePrice(variant.combustionFuel ?? "bensin", a) + perMil(c.kwhPer100Km) * home;
    case "elhybrid":
      return perMil(c.litresPer100Km) * litrePrice(variant.combustionFuel ?? "bensin", a);
    case "gas":
      return perMil(c.kgPer100Km) * a.gasPricePerKg;
    default:
      return perMil(c.litresPer100Km) * litrePrice(variant.fuel, a);
  }
}

/** Inspections per year: none before 3 years, one at 3 and one at 5, then every 14 months. */
function inspectionsPerYear(ageYears: number): number {
  if (ageYears < 3) return 0;
  if (ageYears < 5) return 0.5;
  return 12 / 14;
}

function taxFor(variant: Variant, modelYear: number, month: number, a: CostAssumptions) {
  return calculateVehicleTax({
    fuel: variant.fuel,
    combustionFuel: variant.combustionFuel,
    co2GPerKm: variant.co2.gPerKm,
    fordonsar: modelYear,
    firstTaxable: { year: modelYear, month },
    taxedAt: { year: a.referenceYear, month: 7 },
    curbWeightKg: variant.curbWeightKg,
  });
}

/** Förmånsvärde from a sourced new-car price, or why there is none. */
function benefitNote(variant: Variant, modelYear: number, vehicleTax: number, a: CostAssumptions, lookup: NewCarPriceLookup): CostNotes["benefit"] {
  const price = lookup(variant.id, modelYear);
  if (!price) {
    return {
      status: "unavailable",
      reason: `Förmånsvärdet räknas från bilens nybilspris med extrautrustning, och vi har inget källbelagt nybilspris för årsmodell ${modelYear} av den här varianten. Skatteverkets bilförmånsberäkning ger värdet för en exakt bil.`,
    };
  }
  return companyCarBenefit({
    newCarPrice: price.price,
    fuel: variant.fuel,
    firstTaxable: { year: modelYear, month: a.registrationMonth },
    taxYear: a.referenceYear,
    vehicleTax,
  });
}

/**
 * Yearly cost of owning this variant of this model year, for this buyer's driving, age and area,
 * and what their situation adds: public charging without a home charger, förmånsvärde for a
 * company car, the licence their trailer needs.
 */
export function estimateOwnershipCost(
  variant: Variant,
  modelYear: number,
  usage: Usage,
  a: CostAssumptions,
  situation: BuyerSituation = {},
  newCarPrice: NewCarPriceLookup = lookupNewCarPrice,
): OwnershipCostEstimate {
  const ageYears = Math.max(0, a.referenceYear - modelYear);
  const tax = taxFor(variant, modelYear, a.registrationMonth, a);
  const afterJuly = modelYear === 2018 ? taxFor(variant, modelYear, 8, a).annualTax : undefined;

  const fullInsurance = ageYears >= a.fullInsuranceFromAge && ageYears <= a.fullInsuranceToAge;
  const costClass: CostClass = variant.costClass;
  const insurance = estimateInsurance({ costClass, electric: variant.fuel === "el", powerHp: variant.powerHp }, fullInsurance ? "hel" : "halv", usage, a);

  // Wear grows with distance, but not in proportion: a car parked all year still needs its yearly
  // service, and a high-mileage car gets longer service intervals per mil.
  const distanceFactor = Math.min(2.2, Math.max(0.7, 0.6 + (0.4 * usage.milPerYear) / a.serviceBaseMil));
  const service = a.serviceByClass[costClass] * (variant.fuel === "el" ? a.electricServiceFactor : 1);
  const maintenance =
    (service + a.tyresByClass[costClass]) * distanceFactor +
    inspectionsPerYear(ageYears) * a.inspectionFee +
    (ageYears >= a.repairBufferFromAge ? a.repairBuffer : 0);

  const energyPerMil = energyCostPerMil(variant, usage, a, situation);
  const notes: CostNotes = {
    ...(insurance.estimate ? { insuranceEstimate: true } : {}),
    ...(chargesPublicly(variant, situation) ? { publicChargingPricePerKwh: a.publicChargingPricePerKwh } : {}),
    ...(situation.companyCar ? { benefit: benefitNote(variant, modelYear, tax.annualTax, a, newCarPrice) } : {}),
    ...(situation.trailerTotalKg !== undefined
      ? { licence: towingLicenceNote({ towingKg: variant.towingKg, ...(isVerified(variant, "curbWeightKg") ? { curbWeightKg: variant.curbWeightKg } : {}) }, situation.trailerTotalKg) }
      : {}),
  };
  const cost = {
    insurance: roundTo(insurance.amount, 100),
    tax: tax.annualTax,
    fuel: roundTo(energyPerMil * usage.milPerYear, 100),
    maintenance: roundTo(maintenance, 100),
  };
  return {
    ...cost,
    total: cost.insurance + cost.tax + cost.fuel + cost.maintenance,
    ageYears,
    malus: tax.malus,
    fullInsurance,
    energyPerMil,
    notes,
    ...(afterJuly !== undefined && afterJuly !== tax.annualTax ? { taxIfRegisteredAfterJuly2018: afterJuly } : {}),
  };
}

/** Estimates are shown rounded: 14 437 kr reads as falsely precise, 14 400 kr does not. */
export function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

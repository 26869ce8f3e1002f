import { z } from "zod";
import type { CostClass } from "#app/lib/car-facts";
import { insuredDriverText } from "#app/lib/insured-driver";
import { roundTo } from "#app/lib/format";
import type { CostNotes } from "#app/lib/recommendation";
import type { BuyerSituation, Usage } from "#app/lib/requirements";
import { companyCarBenefit } from "./company-car-benefit.server";
import { estimateInsurance, HEDVIG_2026_AVERAGE } from "./insurance.server";
import { lookupNewCarPrice, type NewCarPriceLookup } from "./new-car-prices.server";
import { towingLicenceNote } from "./towing-licence.server";
import { isVerified, type Variant } from "./variant.server";
import { calculateVehicleTax } from "./vehicle-tax.server";
import { winterRangeKm } from "./winter-range.server";

const Sek = z.number().min(0);
const ClassTable = <T extends z.ZodType>(value: T) => z.object({ small: value, midsize: value, premium: value, exclusive: value });

/** Defaults and their sources: docs/decisions/014-server-design-notes.md. SEK incl. VAT; the page shows them. */
const CostAssumptionsSchema = z.object({
  /** Age, malus and insurance are evaluated on 1 July of this year. */
  referenceYear: z.number().int().min(2020).max(2100).default(2026),
  /** March: most of a model year registers in its first half, and 2018 cars stay before the 1 July 2018 reform. */
  registrationMonth: z.number().int().min(1).max(12).default(3),
  petrolPricePerLitre: Sek.default(16.0),
  dieselPricePerLitre: Sek.default(16.5),
  e85PricePerLitre: Sek.default(14.0),
  gasPricePerKg: Sek.default(27),
  homeElectricityPricePerKwh: Sek.default(2.0),
  northernElectricityPricePerKwh: Sek.default(1.4),
  publicChargingPricePerKwh: Sek.default(5.0),
  publicChargingShare: z.number().min(0).max(1).default(0.15),
  /** ICCT 2020: plug-ins charged seldom and driven far (company cars) ran 11–15 % on electricity; private ones 45–49 %. */
  plugInShareWithoutHomeCharging: z.number().min(0).max(1).default(0.1),
  plugInShareLongDriving: z.number().min(0).max(1).default(0.15),
  /** A caravan, horse or boat trailer: towing drains the battery within a few mil, and such trailers go on long trips. */
  plugInTowingFromKg: z.number().int().min(0).default(1000),
  chargingLossFactor: z.number().min(1).max(1.5).default(1.1),
  halfInsuranceByClass: ClassTable(Sek).default({ small: 3300, midsize: HEDVIG_2026_AVERAGE.halv, premium: 6100, exclusive: 8900 }),
  fullInsuranceByClass: ClassTable(Sek).default({ small: 5500, midsize: HEDVIG_2026_AVERAGE.hel, premium: 10_500, exclusive: 15_400 }),
  /** Younger cars carry the maker's vagnskadegaranti. */
  fullInsuranceFromAge: z.number().int().min(0).default(3),
  fullInsuranceToAge: z.number().int().min(0).default(10),
  electricInsuranceFactor: z.number().min(0.5).max(3).default(1.25),
  powerInsurance: z
    .object({ referenceHpByClass: ClassTable(z.number().positive()), min: z.number(), max: z.number() })
    .default({ referenceHpByClass: { small: 110, midsize: 150, premium: 200, exclusive: 330 }, min: 0.8, max: 1.25 }),
  /** The class already prices most of a premium car's cost; unbounded products gave premium EVs 24 000–29 000 kr. */
  carAndAreaFactorBounds: z.object({ min: z.number(), max: z.number() }).default({ min: 0.7, max: 1.4 }),
  driverAgeFactors: z
    .object({ under20: z.number(), under25: z.number(), under30: z.number(), from30: z.number(), from75: z.number() })
    .default({ under20: 2.8, under25: 2.1, under30: 1.25, from30: 1, from75: 1.15 }),
  areaFactors: z.object({ storstad: z.number(), landsbygd: z.number() }).default({ storstad: 1.25, landsbygd: 0.85 }),
  serviceByClass: ClassTable(Sek).default({ small: 4000, midsize: 5500, premium: 8000, exclusive: 12_000 }),
  tyresByClass: ClassTable(Sek).default({ small: 2500, midsize: 3000, premium: 4000, exclusive: 6000 }),
  serviceBaseMil: z.number().positive().default(1100),
  electricServiceFactor: z.number().min(0).max(1.5).default(0.6),
  inspectionFee: Sek.default(500),
  repairBufferFromAge: z.number().int().min(0).default(8),
  repairBuffer: Sek.default(3500),
});
export type CostAssumptions = z.infer<typeof CostAssumptionsSchema>;
export type CostAssumptionsOverrides = Partial<Pick<CostAssumptions, "petrolPricePerLitre" | "dieselPricePerLitre" | "homeElectricityPricePerKwh">>;

export const DEFAULT_COST_ASSUMPTIONS: CostAssumptions = CostAssumptionsSchema.parse({});

export function resolveCostAssumptions(overrides: CostAssumptionsOverrides = {}): CostAssumptions {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return CostAssumptionsSchema.parse({ ...DEFAULT_COST_ASSUMPTIONS, ...defined });
}

export type OwnershipCostEstimate = {
  insurance: number;
  tax: number;
  fuel: number;
  maintenance: number;
  total: number;
  ageYears: number;
  malus: boolean;
  fullInsurance: boolean;
  energyPerMil: number;
  /** A 2018 car's tax depends on registration before or after 1 July 2018: the other rule's tax, when it differs. */
  taxIfRegisteredAfterJuly2018?: number;
  notes: CostNotes;
};

function litrePrice(fuel: "bensin" | "diesel" | "e85" | "gas", a: CostAssumptions): number {
  return { bensin: a.petrolPricePerLitre, diesel: a.dieselPricePerLitre, e85: a.e85PricePerLitre, gas: a.gasPricePerKg }[fuel];
}

export function homeChargingPrice(usage: Pick<Usage, "northern">, a: CostAssumptions): number {
  return (usage.northern ? a.northernElectricityPricePerKwh : a.homeElectricityPricePerKwh) * a.chargingLossFactor;
}

function chargesPublicly(variant: Pick<Variant, "fuel">, situation: Pick<BuyerSituation, "homeCharging"> = {}): boolean {
  return situation.homeCharging === false && (variant.fuel === "el" || variant.fuel === "laddhybrid");
}

/** A commuter's working days plus some weekend trips. */
export const DRIVING_DAYS_PER_YEAR = 300;

export type PlugInUse = {
  homeCharging?: boolean;
  longDistance?: boolean;
  towingKg?: number;
};

export type CostSituation = BuyerSituation & Omit<PlugInUse, "homeCharging">;

export type ElectricShare = {
  share: number;
  reason: "no-home-charging" | "long-distance" | "towing" | "range" | null;
  catalogueShare: number;
  /** The electric range the share was computed from, km: the winter range for a northern or winter buyer, else the year's mean. */
  rangeKm: number;
  dailyMil: number;
};

/** The catalogue's blend, capped by one charge a day in the season and by how the buyer charges and drives (docs/decisions/014). */
export function electricShare(
  variant: Variant,
  usage: Pick<Usage, "northern"> & Partial<Pick<Usage, "milPerYear" | "winterNeeds">>,
  use: PlugInUse = {},
  a: Pick<CostAssumptions, "plugInShareWithoutHomeCharging" | "plugInShareLongDriving" | "plugInTowingFromKg"> = DEFAULT_COST_ASSUMPTIONS,
): ElectricShare | null {
  const c = variant.consumption;
  if (variant.fuel !== "laddhybrid" || !variant.rangeKm || !variant.batteryKwh || !c.kwhPer100Km || !c.litresPer100Km || usage.milPerYear === undefined)
    return null;
  const electricKwhPerMil = variant.batteryKwh / (variant.rangeKm / 10);
  const catalogueShare = Math.min(0.95, c.kwhPer100Km / 10 / electricKwhPerMil);
  const winter = winterRangeKm(variant, { northern: usage.northern, winterNeeds: usage.winterNeeds ?? false }) ?? variant.rangeKm;
  const rangeKm = usage.northern || usage.winterNeeds ? winter : (variant.rangeKm + winter) / 2;
  const dailyMil = usage.milPerYear / DRIVING_DAYS_PER_YEAR;
  type Cap = { reason: NonNullable<ElectricShare["reason"]>; share: number };
  const caps: Cap[] = [{ reason: "range", share: rangeKm / 10 / Math.max(0.1, dailyMil) }];
  if (use.homeCharging === false) caps.push({ reason: "no-home-charging", share: a.plugInShareWithoutHomeCharging });
  if ((use.towingKg ?? 0) >= a.plugInTowingFromKg) caps.push({ reason: "towing", share: a.plugInShareLongDriving });
  if (use.longDistance) caps.push({ reason: "long-distance", share: a.plugInShareLongDriving });
  const lowest = caps.reduce((low, cap) => (cap.share < low.share ? cap : low));
  const capped = lowest.share < catalogueShare - 0.005;
  return { share: capped ? lowest.share : catalogueShare, reason: capped ? lowest.reason : null, catalogueShare, rangeKm, dailyMil };
}

export function energyCostPerMil(
  variant: Variant,
  usage: Pick<Usage, "northern"> & Partial<Pick<Usage, "milPerYear" | "winterNeeds">>,
  a: CostAssumptions,
  situation: Pick<CostSituation, "homeCharging" | "longDistance" | "towingKg"> = {},
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
    case "laddhybrid": {
      const fuelPrice = litrePrice(variant.combustionFuel ?? "bensin", a);
      const buyer = electricShare(variant, usage, situation, a);
      if (!buyer) return perMil(c.litresPer100Km) * fuelPrice + perMil(c.kwhPer100Km) * home;
      // The catalogue's blend split into its electric mil and its fuel mil, then weighed by this buyer's share.
      const litresOnFuel = perMil(c.litresPer100Km) / (1 - buyer.catalogueShare);
      const kwhOnElectricity = perMil(c.kwhPer100Km) / buyer.catalogueShare;
      return (1 - buyer.share) * litresOnFuel * fuelPrice + buyer.share * kwhOnElectricity * home;
    }
    case "elhybrid":
      return perMil(c.litresPer100Km) * litrePrice(variant.combustionFuel ?? "bensin", a);
    case "gas":
      return perMil(c.kgPer100Km) * a.gasPricePerKg;
    default:
      return perMil(c.litresPer100Km) * litrePrice(variant.fuel, a);
  }
}

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

function benefitNote(variant: Variant, modelYear: number, vehicleTax: number, a: CostAssumptions, lookup: NewCarPriceLookup): CostNotes["benefit"] {
  const price = lookup(variant.id, modelYear);
  if (!price) {
    return {
      status: "unavailable",
      reason: `Förmånsvärdet räknas från bilens nybilspris med extrautrustning, och vi har inget källbelagt nybilspris för årsmodell ${modelYear} av den här varianten. Skatteverkets bilförmånsberäkning ger värdet för en exakt bil.`,
    };
  }
  const benefit = companyCarBenefit({
    newCarPrice: price.price,
    fuel: variant.fuel,
    firstTaxable: { year: modelYear, month: a.registrationMonth },
    taxYear: a.referenceYear,
    vehicleTax,
  });
  return benefit.status === "computed" ? { ...benefit, newCarPrice: price.price, trim: price.trim } : benefit;
}

export function estimateOwnershipCost(
  variant: Variant,
  modelYear: number,
  usage: Usage,
  a: CostAssumptions,
  situation: CostSituation = {},
  newCarPrice: NewCarPriceLookup = lookupNewCarPrice,
): OwnershipCostEstimate {
  const ageYears = Math.max(0, a.referenceYear - modelYear);
  const tax = taxFor(variant, modelYear, a.registrationMonth, a);
  const afterJuly = modelYear === 2018 ? taxFor(variant, modelYear, 8, a).annualTax : undefined;

  const fullInsurance = ageYears >= a.fullInsuranceFromAge && ageYears <= a.fullInsuranceToAge;
  const costClass: CostClass = variant.costClass;
  const insurance = estimateInsurance(
    { costClass, electric: variant.fuel === "el", powerHp: variant.powerHp },
    fullInsurance ? "hel" : "halv",
    { ...usage, newDriver: situation.newDriver },
    a,
  );

  // Wear grows with distance, less than proportionally: a parked car still gets its yearly service.
  const distanceFactor = Math.min(2.2, Math.max(0.7, 0.6 + (0.4 * usage.milPerYear) / a.serviceBaseMil));
  const service = a.serviceByClass[costClass] * (variant.fuel === "el" ? a.electricServiceFactor : 1);
  // An older car's repairs follow its wear too: the buffer is set at the reference mileage and scales with distance like the service.
  const maintenance =
    (service + a.tyresByClass[costClass] + (ageYears >= a.repairBufferFromAge ? a.repairBuffer : 0)) * distanceFactor +
    inspectionsPerYear(ageYears) * a.inspectionFee;

  const energyPerMil = energyCostPerMil(variant, usage, a, situation);
  const notes: CostNotes = {
    ...(insurance.estimate ? { insuranceEstimate: true } : {}),
    insuranceLevel: insurance.level,
    insuredDriver: insuredDriverText({ driverAge: usage.driverAge, newDriver: situation.newDriver }),
    ...(chargesPublicly(variant, situation) ? { publicChargingPricePerKwh: a.publicChargingPricePerKwh } : {}),
    ...(situation.companyCar ? { benefit: benefitNote(variant, modelYear, tax.annualTax, a, newCarPrice) } : {}),
    ...(situation.trailerTotalKg !== undefined
      ? {
          licence: towingLicenceNote(
            { towingKg: variant.towingKg, ...(isVerified(variant, "curbWeightKg") ? { curbWeightKg: variant.curbWeightKg } : {}) },
            situation.trailerTotalKg,
          ),
        }
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

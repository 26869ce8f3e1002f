import type { CostClass } from "#app/lib/car-facts";
import type { Usage } from "#app/lib/requirements";

// Anchored on Hedvig's published 2026 average (over 14 000 cars), the only insurer-wide primary figure. The car and area
// multipliers are capped together: stacked, they gave premium EVs 24 000–29 000 kr a year, far above Swedish premiums.

export type InsuranceLevel = "halv" | "hel";

export type InsuranceTables = {
  halfInsuranceByClass: Record<CostClass, number>;
  fullInsuranceByClass: Record<CostClass, number>;
  electricInsuranceFactor: number;
  /** Power against the class's usual power, square-root damped and bounded: insurers price power, above all for young drivers. */
  powerInsurance: { referenceHpByClass: Record<CostClass, number>; min: number; max: number };
  carAndAreaFactorBounds: { min: number; max: number };
  driverAgeFactors: { under20: number; under25: number; under30: number; from30: number; from75: number };
  areaFactors: { storstad: number; landsbygd: number };
};

export const HEDVIG_2026_AVERAGE = { halv: 338 * 12, hel: 584 * 12 } as const;

/** Published class bands for drivers 30–65, kr/yr (low confidence). */
export const REFERENCE_CLASS_BANDS: Record<Exclude<CostClass, "exclusive">, Record<InsuranceLevel, [number, number]>> = {
  small: { halv: [2500, 4500], hel: [4000, 7000] },
  midsize: { halv: [3000, 5500], hel: [5000, 9000] },
  premium: { halv: [4500, 8000], hel: [7500, 14_000] },
};

/** Published adjustment ranges (direction well sourced, size low confidence). */
export const REFERENCE_ADJUSTMENTS = {
  electric: [1.15, 1.4],
  under25: [1.8, 3],
  storstad: [1.2, 1.4],
  landsbygd: [0.8, 0.9],
} as const;

/** A new driver who gave no age is priced in the under-25 band: most first licences are taken young, and insurers charge for the first years. */
function driverAgeFactor(driverAge: number | undefined, newDriver: boolean, t: Pick<InsuranceTables, "driverAgeFactors">): number {
  if (driverAge === undefined) return newDriver ? t.driverAgeFactors.under25 : t.driverAgeFactors.from30;
  if (driverAge < 20) return t.driverAgeFactors.under20;
  if (driverAge < 25) return t.driverAgeFactors.under25;
  if (driverAge < 30) return t.driverAgeFactors.under30;
  if (driverAge >= 75) return t.driverAgeFactors.from75;
  return t.driverAgeFactors.from30;
}

export type InsuranceEstimate = {
  amount: number;
  level: InsuranceLevel;
  estimate: boolean;
};

export function estimateInsurance(
  car: { costClass: CostClass; electric: boolean; powerHp: number },
  level: InsuranceLevel,
  usage: Pick<Usage, "driverAge" | "area"> & { newDriver?: boolean },
  t: InsuranceTables,
): InsuranceEstimate {
  const base = (level === "hel" ? t.fullInsuranceByClass : t.halfInsuranceByClass)[car.costClass];
  const p = t.powerInsurance;
  const power = Math.min(p.max, Math.max(p.min, Math.sqrt(car.powerHp / p.referenceHpByClass[car.costClass])));
  const area = usage.area ? t.areaFactors[usage.area] : 1;
  const raw = (car.electric ? t.electricInsuranceFactor : 1) * power * area;
  const bounded = Math.min(t.carAndAreaFactorBounds.max, Math.max(t.carAndAreaFactorBounds.min, raw));
  const driver = driverAgeFactor(usage.driverAge, usage.newDriver === true, t);
  return { amount: base * bounded * driver, level, estimate: true };
}

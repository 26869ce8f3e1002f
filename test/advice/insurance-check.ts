import type { Usage } from "#app/lib/requirements";
import { REFERENCE_ADJUSTMENTS, REFERENCE_CLASS_BANDS } from "#app/server/cars/insurance.server";
import { type CostAssumptions, estimateOwnershipCost } from "#app/server/cars/ownership-cost.server";
import type { Variant } from "#app/server/cars/variant.server";

/**
 * Insurance as computed against the reference's published figures: the class band for a driver 30–65
 * (mid-size helförsäkring is Hedvig's 7 000 kr average), times each adjustment's range the reference
 * gives (EV, driver under 25, big city, countryside). A variant's power moves it within its band, so
 * the band's ends, not its midpoint, are the gate; the midpoint ratio names the worst. Exclusive cars
 * have no published band and are counted apart.
 */

export const INSURANCE_CASES: { label: string; usage: Partial<Usage> }[] = [
  { label: "förare 30–65", usage: {} },
  { label: "förare 22 år", usage: { driverAge: 22 } },
  { label: "storstad", usage: { area: "storstad" } },
  { label: "landsbygd", usage: { area: "landsbygd" } },
];

const mid = ([low, high]: readonly [number, number]) => (low + high) / 2;

export function referenceBand(variant: Variant, full: boolean, usage: Partial<Usage>): readonly [number, number] | null {
  if (variant.costClass === "exclusive") return null;
  const ranges: (readonly [number, number])[] = [REFERENCE_CLASS_BANDS[variant.costClass][full ? "hel" : "halv"]];
  if (variant.fuel === "el") ranges.push(REFERENCE_ADJUSTMENTS.electric);
  if (usage.driverAge !== undefined && usage.driverAge < 25) ranges.push(REFERENCE_ADJUSTMENTS.under25);
  if (usage.area) ranges.push(REFERENCE_ADJUSTMENTS[usage.area]);
  return ranges.reduce(([low, high], [l, h]) => [low * l, high * h], [1, 1] as readonly [number, number]);
}

export function referenceInsurance(variant: Variant, full: boolean, usage: Partial<Usage>): number | null {
  if (variant.costClass === "exclusive") return null;
  let value = mid(REFERENCE_CLASS_BANDS[variant.costClass][full ? "hel" : "halv"]);
  if (variant.fuel === "el") value *= mid(REFERENCE_ADJUSTMENTS.electric);
  if (usage.driverAge !== undefined && usage.driverAge < 25) value *= mid(REFERENCE_ADJUSTMENTS.under25);
  if (usage.area) value *= mid(REFERENCE_ADJUSTMENTS[usage.area]);
  return value;
}

export type InsuranceCheck = { label: string; compared: number; within: number; noReference: number; worst: { ratio: number; what: string } | null };

/** Every variant at its newest year (halv) and at five years old (hel), per buyer case. */
export function checkInsurance(catalogue: readonly Variant[], a: CostAssumptions, tolerance = 0): InsuranceCheck[] {
  const base: Usage = { milPerYear: 1500, milPerYearStated: false, northern: false, winterNeeds: false };
  return INSURANCE_CASES.map(({ label, usage }) => {
    const check: InsuranceCheck = { label, compared: 0, within: 0, noReference: 0, worst: null };
    for (const variant of catalogue) {
      const years = [...new Set([variant.years[1], Math.max(variant.years[0], a.referenceYear - 5)])];
      for (const year of years) {
        const cost = estimateOwnershipCost(variant, year, { ...base, ...usage }, a);
        const reference = referenceInsurance(variant, cost.fullInsurance, usage);
        const band = referenceBand(variant, cost.fullInsurance, usage);
        if (reference === null || band === null) {
          check.noReference++;
          continue;
        }
        check.compared++;
        const ratio = cost.insurance / reference;
        if (cost.insurance >= band[0] * (1 - tolerance) && cost.insurance <= band[1] * (1 + tolerance)) check.within++;
        if (!check.worst || Math.abs(ratio - 1) > Math.abs(check.worst.ratio - 1)) {
          check.worst = { ratio, what: `${variant.id} ${year}: ${cost.insurance} kr mot ${Math.round(reference)} kr` };
        }
      }
    }
    return check;
  });
}

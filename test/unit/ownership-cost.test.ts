import { describe, expect, test } from "vitest";
import {
  DEFAULT_OWNERSHIP_ASSUMPTIONS,
  estimateOwnershipCost,
  resolveOwnershipAssumptions,
  type OwnershipCostInput,
} from "#app/server/ai/ownership-cost.server";

const petrolCar: OwnershipCostInput = {
  fuel: "bensin",
  consumptionPer100Km: 6,
  co2GPerKm: 130,
  modelYear: 2019,
  curbWeightKg: 1400,
  costClass: "midsize",
};

describe("ownership cost", () => {
  test("fuel is consumption per mil × yearly mil × price: 0,6 l/mil × 1 500 mil × 16 kr", () => {
    expect(estimateOwnershipCost(petrolCar).fuel).toBe(14_400);
  });

  test("an elbil blends home charging (with 10 % loss) and public charging", () => {
    const ev = estimateOwnershipCost({ ...petrolCar, fuel: "el", consumptionPer100Km: 18, co2GPerKm: 0 });
    // 2 700 kWh × (0.85 × 2.0 × 1.1 + 0.15 × 5.0)
    expect(ev.fuel).toBe(Math.round(2700 * (0.85 * 2.2 + 0.15 * 5)));
    expect(ev.tax).toBe(360);
  });

  test("a laddhybrid pays for both its fuel and its electricity", () => {
    const phev = estimateOwnershipCost({ ...petrolCar, fuel: "laddhybrid", consumptionPer100Km: 3, electricityPer100Km: 12, co2GPerKm: 35 });
    expect(phev.fuel).toBe(Math.round(0.3 * 1500 * 16 + 1.2 * 1500 * 2.2));
  });

  test("tax comes from the vehicle-tax rules, including malus for a young petrol car", () => {
    const young = estimateOwnershipCost({ ...petrolCar, modelYear: 2025, co2GPerKm: 150 });
    expect(young).toMatchObject({ tax: 9010, malus: true });
    expect(estimateOwnershipCost(petrolCar).tax).toBe(360 + 22 * 19);
  });

  test("insures young cars with halv (vagnskadegaranti), mid-aged with hel, and EVs at a premium", () => {
    const halv = DEFAULT_OWNERSHIP_ASSUMPTIONS.halfInsuranceByClass.midsize;
    const hel = DEFAULT_OWNERSHIP_ASSUMPTIONS.fullInsuranceByClass.midsize;
    expect(estimateOwnershipCost({ ...petrolCar, modelYear: 2025 }).insurance).toBe(halv);
    expect(estimateOwnershipCost(petrolCar).insurance).toBe(hel);
    expect(estimateOwnershipCost({ ...petrolCar, modelYear: 2010 }).insurance).toBe(halv);
    expect(estimateOwnershipCost({ ...petrolCar, fuel: "el", co2GPerKm: 0, consumptionPer100Km: 18 }).insurance).toBe(Math.round(hel * 1.25));
  });

  test("adds a repair buffer for cars past eight years", () => {
    const seven = estimateOwnershipCost({ ...petrolCar, modelYear: 2019 });
    const nine = estimateOwnershipCost({ ...petrolCar, modelYear: 2017 });
    expect(nine.maintenance - seven.maintenance).toBe(DEFAULT_OWNERSHIP_ASSUMPTIONS.repairBuffer);
  });

  test("returns whole kronor whose parts add up to the total", () => {
    const cost = estimateOwnershipCost({ ...petrolCar, consumptionPer100Km: 6.37 });
    for (const value of [cost.fuel, cost.tax, cost.insurance, cost.maintenance]) expect(Number.isInteger(value)).toBe(true);
    expect(cost.total).toBe(cost.fuel + cost.tax + cost.insurance + cost.maintenance);
  });

  test("overrides replace defaults, and class tables may be overridden in part", () => {
    const doubled = estimateOwnershipCost(petrolCar, { milPerYear: 3000, petrolPricePerLitre: 20 });
    expect(doubled.fuel).toBe(36_000);
    const resolved = resolveOwnershipAssumptions({ fullInsuranceByClass: { midsize: 8000 } });
    expect(resolved.fullInsuranceByClass).toEqual({ ...DEFAULT_OWNERSHIP_ASSUMPTIONS.fullInsuranceByClass, midsize: 8000 });
  });

  test("rejects nonsensical overrides instead of skewing every estimate", () => {
    expect(() => resolveOwnershipAssumptions({ milPerYear: -5 })).toThrow();
    expect(() => resolveOwnershipAssumptions({ publicChargingShare: 2 })).toThrow();
  });
});

import { describe, expect, test } from "vitest";
import type { Usage } from "#app/lib/requirements";
import { DEFAULT_COST_ASSUMPTIONS as A, energyCostPerMil, estimateOwnershipCost, resolveCostAssumptions } from "#app/server/cars/ownership-cost.server";
import type { Variant } from "#app/server/cars/variant.server";
import { testVariant } from "#test/fixtures/variant";

const petrol = testVariant();
const usage: Usage = { milPerYear: 1500, milPerYearStated: false, northern: false, winterNeeds: false };
const ev: Variant = { ...petrol, id: "test-ev", fuel: "el", consumption: { kwhPer100Km: 18 }, co2: { gPerKm: 0, cycle: "WLTP" }, batteryKwh: 60, rangeKm: 350 };

describe("ownership cost from variant facts and the buyer's driving", () => {
  test("fuel is consumption per mil × the buyer's mil per year × price: 0,6 l/mil × 1 500 mil × 16 kr", () => {
    expect(estimateOwnershipCost(petrol, 2019, usage, A).fuel).toBe(14_400);
  });

  test("the stated mileage drives the fuel cost: 5 000 mil cost 10/3 of 1 500 mil", () => {
    const heavy = estimateOwnershipCost(petrol, 2019, { ...usage, milPerYear: 5000, milPerYearStated: true }, A);
    expect(heavy.fuel).toBe(48_000);
    expect(heavy.energyPerMil).toBeCloseTo(9.6);
  });

  test("an elbil blends home charging (with 10 % loss) and public charging; the north charges cheaper", () => {
    expect(energyCostPerMil(ev, usage, A)).toBeCloseTo(1.8 * (0.85 * 2.2 + 0.15 * 5));
    expect(energyCostPerMil(ev, { ...usage, northern: true }, A)).toBeCloseTo(1.8 * (0.85 * 1.4 * 1.1 + 0.15 * 5));
    expect(estimateOwnershipCost(ev, 2022, usage, A).tax).toBe(360);
  });

  test("tax comes from the rules: malus for a young petrol car, the 2018 registration month noted", () => {
    const young = estimateOwnershipCost({ ...petrol, co2: { gPerKm: 150, cycle: "WLTP" } }, 2025, usage, A);
    expect(young).toMatchObject({ tax: 9010, malus: true });
    expect(estimateOwnershipCost(petrol, 2019, usage, A).tax).toBe(360 + 22 * 19);
    const diesel2018 = estimateOwnershipCost({ ...petrol, fuel: "diesel", co2: { gPerKm: 119, cycle: "NEDC" } }, 2018, usage, A);
    expect(diesel2018.tax).toBe(Math.round((360 + 22 * 8) * 2.37 + 250));
    expect(diesel2018.taxIfRegisteredAfterJuly2018).toBe(Math.round(360 + 22 * 8 + 13.52 * 119 + 250));
  });

  test("insurance follows age of car, driver age, area and EV premium", () => {
    // At the class's usual power, so the car's own power factor is 1.
    const petrol = testVariant({ powerHp: A.powerInsurance.referenceHpByClass.midsize });
    const ev: Variant = {
      ...petrol,
      id: "test-ev",
      fuel: "el",
      consumption: { kwhPer100Km: 18 },
      co2: { gPerKm: 0, cycle: "WLTP" },
      batteryKwh: 60,
      rangeKm: 350,
    };
    const full = A.fullInsuranceByClass.midsize;
    const round = (value: number) => Math.round(value / 100) * 100;
    expect(estimateOwnershipCost(petrol, 2019, usage, A).insurance).toBe(round(full));
    expect(estimateOwnershipCost(petrol, 2025, usage, A).insurance).toBe(round(A.halfInsuranceByClass.midsize));
    expect(estimateOwnershipCost(petrol, 2019, { ...usage, driverAge: 19 }, A).insurance).toBe(round(full * 2.8));
    expect(estimateOwnershipCost(petrol, 2019, { ...usage, area: "storstad" }, A).insurance).toBe(round(full * 1.25));
    expect(estimateOwnershipCost(ev, 2019, usage, A).insurance).toBe(round(full * 1.25));
  });

  test("adds a repair buffer for cars past eight years; parts add up to the total, rounded to 100 kr", () => {
    const seven = estimateOwnershipCost(petrol, 2019, usage, A);
    const nine = estimateOwnershipCost(petrol, 2017, usage, A);
    // At the reference mileage the buffer is its set amount; it follows the distance like the service (below).
    const atReference = { ...usage, milPerYear: A.serviceBaseMil };
    const buffer = estimateOwnershipCost(petrol, 2017, atReference, A).maintenance - estimateOwnershipCost(petrol, 2019, atReference, A).maintenance;
    expect(Math.abs(buffer - A.repairBuffer)).toBeLessThanOrEqual(100);
    expect(nine.maintenance).toBeGreaterThan(seven.maintenance);
    for (const value of [seven.fuel, seven.insurance, seven.maintenance]) expect(value % 100).toBe(0);
    expect(seven.total).toBe(seven.fuel + seven.tax + seven.insurance + seven.maintenance);
  });

  test("an older car's service, tyres and repair buffer follow the buyer's mileage", () => {
    const at = (mil: number) => estimateOwnershipCost(petrol, 2015, { ...usage, milPerYear: mil }, A).maintenance;
    const buffer = (mil: number) => at(mil) - estimateOwnershipCost(petrol, 2019, { ...usage, milPerYear: mil }, A).maintenance;
    expect(at(600)).toBeLessThan(at(1_000));
    expect(at(1_000)).toBeLessThan(at(1_500));
    expect(buffer(2_500)).toBeGreaterThan(A.repairBuffer);
    expect(buffer(600)).toBeLessThan(A.repairBuffer);
  });

  test("env overrides replace the energy prices; nonsense fails loudly", () => {
    expect(resolveCostAssumptions({ petrolPricePerLitre: 20 }).petrolPricePerLitre).toBe(20);
    expect(() => resolveCostAssumptions({ petrolPricePerLitre: -1 })).toThrow();
  });
});

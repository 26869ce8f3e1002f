import { describe, expect, it } from "vitest";
import { type HardRequirements, HardRequirementsSchema } from "#app/lib/requirements";
import { explainShortfall } from "#app/server/advice/shortfall.server";
import { eligibleYears, violations } from "#app/server/advice/enforcement.server";
import { testVariant } from "#test/fixtures/variant";

const hard = (input: Partial<HardRequirements>): HardRequirements => HardRequirementsSchema.parse({ maxPrice: 500_000, ...input });

describe("hard requirements are enforced on the variant's own facts", () => {
  it("'ingen diesel' also rules out a plug-in hybrid with a diesel engine, not one with a petrol engine", () => {
    const dieselPhev = testVariant({ fuel: "laddhybrid", combustionFuel: "diesel", batteryKwh: 13, rangeKm: 45, consumption: { litresPer100Km: 4, kwhPer100Km: 9 }, co2: { gPerKm: 35, cycle: "WLTP" } });
    const petrolPhev = testVariant({ fuel: "laddhybrid", combustionFuel: "bensin", batteryKwh: 13, rangeKm: 45, consumption: { litresPer100Km: 4, kwhPer100Km: 9 }, co2: { gPerKm: 35, cycle: "WLTP" } });
    expect(violations(dieselPhev, hard({ excludedFuels: ["diesel"] }))).toEqual(["excludedFuels"]);
    expect(violations(petrolPhev, hard({ excludedFuels: ["diesel"] }))).toEqual([]);
  });

  it("needs the seats, and adult-sized ones when asked; an optional third row only in the years it existed", () => {
    const childRow = testVariant({ seats: 7, thirdRow: { seats: 2, adultSized: false, optional: true, years: [2018, 2026] } });
    expect(violations(testVariant(), hard({ minSeats: 7 }))).toEqual(["minSeats"]);
    expect(violations(childRow, hard({ minSeats: 7 }))).toEqual([]);
    expect(violations(childRow, hard({ minSeats: 7, adultThirdRow: true }))).toEqual(["adultThirdRow"]);
    expect(eligibleYears(childRow, hard({ minSeats: 7 }))).toEqual([2018, 2026]);
    expect(eligibleYears(childRow, hard({}))).toEqual([2015, 2026]);
  });

  it("checks towing, four-wheel drive, range of an elbil, gearbox, makes, power and model year", () => {
    const v = testVariant();
    expect(violations(v, hard({ minTowingKg: 2000 }))).toEqual(["minTowingKg"]);
    expect(violations(v, hard({ awd: true }))).toEqual(["awd"]);
    expect(violations(v, hard({ gearbox: "manuell" }))).toEqual(["gearbox"]);
    expect(violations(v, hard({ excludedMakes: ["Volvo"] }))).toEqual(["excludedMakes"]);
    expect(violations(v, hard({ requiredMakes: ["Toyota"] }))).toEqual(["requiredMakes"]);
    expect(violations(v, hard({ minPowerHp: 250 }))).toEqual(["minPowerHp"]);
    expect(violations(v, hard({ minModelYear: 2027 }))).toContain("minModelYear");
    const ev = testVariant({ fuel: "el", batteryKwh: 60, rangeKm: 330, consumption: { kwhPer100Km: 18 }, co2: { gPerKm: 0, cycle: "WLTP" } });
    expect(violations(ev, hard({ minRangeKm: 400 }))).toEqual(["minRangeKm"]);
    expect(violations(ev, hard({ minRangeKm: 300 }))).toEqual([]);
  });

  it("needs a model year the budget buys within the years the body and third row allow", () => {
    const v = testVariant({ bodies: [{ type: "kombi", bootLitres: 529 }, { type: "sedan", bootLitres: 442, years: [2015, 2018] }] });
    expect(violations(v, hard({ maxPrice: 90_000 }))).toEqual(["maxPrice"]);
    expect(violations(v, hard({ maxPrice: 150_000, bodyTypes: ["sedan"] }))).toEqual([]);
    expect(eligibleYears(v, hard({ bodyTypes: ["sedan"] }))).toEqual([2015, 2018]);
  });

  it("explains a short list with numbers from the catalogue: the budget that gives ten and what each relaxation adds", () => {
    const catalogue = Array.from({ length: 12 }, (_, i) =>
      testVariant({ id: `test-${i}`, prices: [[2015, 100_000 + i * 20_000], [2026, 400_000 + i * 20_000]], drivetrain: i < 3 ? "awd" : "fwd" }),
    );
    const shortfall = explainShortfall(hard({ maxPrice: 150_000, awd: true }), 10, catalogue);
    expect(shortfall?.fitting).toBe(3);
    // Only three cars have AWD and all three fit: neither money nor dropping AWD at this price adds one.
    expect(shortfall).toMatchObject({ budgetNeeded: null, relaxations: [] });
    expect(explainShortfall(hard({ maxPrice: 200_000, awd: true }), 10, catalogue)?.relaxations).toEqual([{ code: "awd", fitting: 6 }]);
    expect(explainShortfall(hard({ maxPrice: 150_000 }), 10, catalogue)).toMatchObject({ fitting: 3, budgetNeeded: 280_000 });
    expect(explainShortfall(hard({ maxPrice: 150_000 }), 10, catalogue)?.message).toMatch(/höj maxpriset till 280\u00a0000\u00a0kr \(då passar 10\)/);
    expect(explainShortfall(hard({ maxPrice: 400_000 }), 10, catalogue)).toBeNull();
  });
});

import { describe, expect, test } from "vitest";
import { calculateVehicleTax, type VehicleTaxInput } from "#app/server/cars/vehicle-tax.server";

/** Every worked example and validation point of the Swedish vehicle-tax rules. */
function tax(input: Omit<VehicleTaxInput, "fordonsar"> & { fordonsar?: number }): number {
  return calculateVehicleTax({ fordonsar: input.firstTaxable.year, ...input }).annualTax;
}

describe("worked examples from the reference table", () => {
  test("petrol, first taxable 2024, 150 g/km pays 9 010 kr in the malus years and 1 218 kr from year 4", () => {
    const base = { fuel: "bensin", co2GPerKm: 150, firstTaxable: { year: 2024, month: 3 } } as const;
    expect(tax({ ...base, taxedAt: { year: 2025, month: 3 } })).toBe(9010);
    expect(tax({ ...base, taxedAt: { year: 2027, month: 3 } })).toBe(1218);
  });

  test("diesel, first taxable 2023, 140 g/km pays 9 833 kr in the malus years and 3 141 kr from year 4", () => {
    const base = { fuel: "diesel", co2GPerKm: 140, firstTaxable: { year: 2023, month: 1 } } as const;
    const malusYears = calculateVehicleTax({ ...base, fordonsar: 2023, taxedAt: { year: 2024, month: 1 } });
    expect(malusYears.annualTax).toBe(9833);
    expect(malusYears.malus).toBe(true);
    expect(malusYears.parts.fuelSurcharge).toBeCloseTo(1892.8);
    expect(malusYears.parts.environmentSurcharge).toBe(250);
    expect(tax({ ...base, taxedAt: { year: 2026, month: 1 } })).toBe(3141);
  });

  test("diesel from 2015 under the pre-2018 rules, 119 g/km, pays 1 520 kr with the 2.37 fuel factor", () => {
    const result = calculateVehicleTax({
      fuel: "diesel",
      co2GPerKm: 119,
      fordonsar: 2015,
      firstTaxable: { year: 2015, month: 5 },
      taxedAt: { year: 2026, month: 1 },
    });
    expect(result.annualTax).toBe(1520);
    expect(result.parts.fuelFactor).toBe(2.37);
    expect(result.malus).toBe(false);
  });

  test("a Toyota-style elhybrid from 2024 at 105 g/km pays 3 570 kr in the malus years and 360 kr after", () => {
    const base = { fuel: "elhybrid", co2GPerKm: 105, firstTaxable: { year: 2024, month: 6 } } as const;
    expect(tax({ ...base, taxedAt: { year: 2025, month: 6 } })).toBe(3570);
    expect(tax({ ...base, taxedAt: { year: 2027, month: 6 } })).toBe(360);
  });

  test("a laddhybrid from 2023 at 30 g/km and an elbil both pay 360 kr in every year", () => {
    for (const taxedAt of [
      { year: 2024, month: 1 },
      { year: 2028, month: 1 },
    ]) {
      expect(tax({ fuel: "laddhybrid", co2GPerKm: 30, firstTaxable: { year: 2023, month: 1 }, taxedAt })).toBe(360);
      expect(tax({ fuel: "el", co2GPerKm: 0, firstTaxable: { year: 2023, month: 1 }, taxedAt })).toBe(360);
    }
  });

  test("an E85 flexifuel car from 2012 at 160 g/km pays 899 kr at the alternative-fuel rate", () => {
    expect(tax({ fuel: "e85", co2GPerKm: 160, firstTaxable: { year: 2012, month: 1 }, taxedAt: { year: 2026, month: 1 } })).toBe(899);
  });
});

describe("validation points quoted in the reference", () => {
  test("Skatteverket: a 2006 petrol car at 214 g/km pays 2 626 kr", () => {
    expect(tax({ fuel: "bensin", co2GPerKm: 214, firstTaxable: { year: 2006, month: 1 }, taxedAt: { year: 2026, month: 1 } })).toBe(2626);
  });

  test("Skatteverket: an E85 car at 166 g/km pays 965 kr", () => {
    expect(tax({ fuel: "e85", co2GPerKm: 166, firstTaxable: { year: 2010, month: 1 }, taxedAt: { year: 2026, month: 1 } })).toBe(965);
  });

  test("Avanta: a diesel at 120 g/km first taxable under the April 2021 malus rules pays 5 442 kr", () => {
    expect(tax({ fuel: "diesel", co2GPerKm: 120, firstTaxable: { year: 2021, month: 6 }, taxedAt: { year: 2022, month: 6 } })).toBe(5442);
  });

  test("the first malus period (July 2018 – March 2021) uses 82/107 kr per gram above 95/140 g/km", () => {
    // 360 + 82 × 45 + 107 × 10
    expect(tax({ fuel: "bensin", co2GPerKm: 150, firstTaxable: { year: 2018, month: 7 }, taxedAt: { year: 2019, month: 7 } })).toBe(5120);
  });
});

describe("edges of the regimes", () => {
  test("a 2018 car first taxable before 1 July 2018 never pays malus", () => {
    const result = calculateVehicleTax({
      fuel: "bensin",
      co2GPerKm: 150,
      fordonsar: 2018,
      firstTaxable: { year: 2018, month: 6 },
      taxedAt: { year: 2019, month: 1 },
    });
    expect(result.malus).toBe(false);
    expect(result.annualTax).toBe(1218);
  });

  test("malus ends exactly 36 months after the car first became taxable", () => {
    const base = { fuel: "bensin", co2GPerKm: 150, firstTaxable: { year: 2023, month: 7 } } as const;
    expect(calculateVehicleTax({ ...base, fordonsar: 2023, taxedAt: { year: 2026, month: 6 } }).malus).toBe(true);
    expect(calculateVehicleTax({ ...base, fordonsar: 2023, taxedAt: { year: 2026, month: 7 } }).malus).toBe(false);
  });

  test("alternative-fuel cars never pay malus, even when new", () => {
    expect(tax({ fuel: "e85", co2GPerKm: 160, firstTaxable: { year: 2024, month: 1 }, taxedAt: { year: 2024, month: 6 } })).toBe(899);
    expect(tax({ fuel: "gas", co2GPerKm: 100, firstTaxable: { year: 2024, month: 1 }, taxedAt: { year: 2024, month: 6 } })).toBe(360);
  });

  test("a diesel laddhybrid pays the diesel add-ons on top of the 360 kr base", () => {
    // 360 + 13.52 × 40 + 250 = 1 150.8
    expect(
      tax({ fuel: "laddhybrid", combustionFuel: "diesel", co2GPerKm: 40, firstTaxable: { year: 2023, month: 1 }, taxedAt: { year: 2024, month: 1 } }),
    ).toBe(1151);
  });

  test("a diesel older than fordonsår 2008 pays the higher miljötillägg of 500 kr", () => {
    // (360 + 22 × 49) × 2.37 + 500
    expect(tax({ fuel: "diesel", co2GPerKm: 160, firstTaxable: { year: 2007, month: 1 }, taxedAt: { year: 2026, month: 1 } })).toBe(3908);
  });

  test("weight-based tax for fordonsår 2005 and older: 1 500 kg costs 2 199 kr as petrol and 5 683 kr as diesel", () => {
    const base = { co2GPerKm: 220, firstTaxable: { year: 2004, month: 1 }, taxedAt: { year: 2026, month: 1 }, curbWeightKg: 1500 } as const;
    const petrol = calculateVehicleTax({ ...base, fuel: "bensin", fordonsar: 2004 });
    expect(petrol).toMatchObject({ annualTax: 2199, regime: "weight" });
    expect(tax({ ...base, fuel: "diesel" })).toBe(5683);
  });

  test("weight-based tax for light cars: up to 900 kg costs 913 kr as petrol and 2 298 kr as diesel", () => {
    const base = { co2GPerKm: 180, firstTaxable: { year: 2000, month: 1 }, taxedAt: { year: 2026, month: 1 }, curbWeightKg: 880 } as const;
    expect(tax({ ...base, fuel: "bensin" })).toBe(913);
    expect(tax({ ...base, fuel: "diesel" })).toBe(2298);
  });

  test("an old car meeting miljöklass 2005 is taxed on CO2 instead of weight", () => {
    const result = calculateVehicleTax({
      fuel: "bensin",
      co2GPerKm: 214,
      fordonsar: 2004,
      firstTaxable: { year: 2004, month: 1 },
      taxedAt: { year: 2026, month: 1 },
      curbWeightKg: 1500,
      meetsMiljoklass2005: true,
    });
    expect(result).toMatchObject({ annualTax: 2626, regime: "co2" });
  });

  test("veteran cars (30 years or older) pay no tax, a 29-year-old car still does", () => {
    const base = { fuel: "bensin", co2GPerKm: 250, taxedAt: { year: 2026, month: 1 }, curbWeightKg: 1300 } as const;
    expect(calculateVehicleTax({ ...base, fordonsar: 1996, firstTaxable: { year: 1996, month: 1 } })).toMatchObject({
      annualTax: 0,
      regime: "veteran",
    });
    expect(tax({ ...base, fordonsar: 1997, firstTaxable: { year: 1997, month: 1 } })).toBe(1129 + 214 * 3);
  });

  test("the weight regime without a weight is a programming error and throws", () => {
    expect(() => tax({ fuel: "bensin", co2GPerKm: 200, firstTaxable: { year: 2003, month: 1 }, taxedAt: { year: 2026, month: 1 } })).toThrow(RangeError);
  });

  test("negative CO2 is rejected", () => {
    expect(() => tax({ fuel: "bensin", co2GPerKm: -1, firstTaxable: { year: 2020, month: 1 }, taxedAt: { year: 2026, month: 1 } })).toThrow(RangeError);
  });
});

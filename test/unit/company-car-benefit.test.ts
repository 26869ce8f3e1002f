import { describe, expect, test } from "vitest";
import type { Usage } from "#app/lib/requirements";
import { getVariant } from "#app/server/cars/catalogue.server";
import { companyCarBenefit, rulesForYear } from "#app/server/cars/company-car-benefit.server";
import { NEW_CAR_PRICES } from "#app/server/cars/new-car-prices.server";
import { DEFAULT_COST_ASSUMPTIONS as A, estimateOwnershipCost } from "#app/server/cars/ownership-cost.server";

const usage: Usage = { milPerYear: 1500, milPerYearStated: false, northern: false, winterNeeds: false };

describe("new-car prices for förmånsvärde", () => {
  test("every price names its source and equipment level, and belongs to a catalogue variant in one of its model years", () => {
    for (const entry of NEW_CAR_PRICES) {
      const variant = getVariant(entry.variantId);
      expect(variant, entry.variantId).toBeDefined();
      expect(entry.modelYear, entry.variantId).toBeGreaterThanOrEqual(variant?.years[0] ?? Infinity);
      expect(entry.modelYear, entry.variantId).toBeLessThanOrEqual(variant?.years[1] ?? -Infinity);
      expect(entry.source, entry.variantId).toMatch(/Skatteverket/);
      expect(entry.source, entry.variantId).toContain(String(entry.modelYear));
    }
    expect(new Set(NEW_CAR_PRICES.map((entry) => `${entry.variantId}|${entry.modelYear}`)).size).toBe(NEW_CAR_PRICES.length);
  });

  test("the card computes a monthly förmånsvärde and net cost for at least 30 variants with today's assumptions", () => {
    const shown = new Set<string>();
    for (const entry of NEW_CAR_PRICES) {
      const variant = getVariant(entry.variantId);
      if (!variant) continue;
      const benefit = estimateOwnershipCost(variant, entry.modelYear, usage, A, { companyCar: true }).notes.benefit;
      if (benefit?.status !== "computed") continue;
      expect(benefit.newCarPrice, entry.variantId).toBe(entry.price);
      expect(benefit.netPerMonth?.length, entry.variantId).toBeGreaterThan(0);
      shown.add(entry.variantId);
    }
    expect(shown.size).toBeGreaterThanOrEqual(30);
  });
});

describe("2026's figures and Skatteverket's method", () => {
  test("2026 uses prisbasbelopp 59 200 kr and the statslåneränta at the end of November 2025, marked unverified", () => {
    expect(rulesForYear(2026)).toMatchObject({ year: 2026, prisbasbelopp: 59_200, statslaneranta: 0.0255, unverified: ["statslaneranta"] });
    expect(rulesForYear(2027)?.year).toBe(2026);
  });

  test("reproduces the monthly values car.info shows from Skatteverket's list with 2025's figures (EX40 5 197 kr; V60 T6 6 446 kr, which car.info truncates to 6 445)", () => {
    const ex40 = companyCarBenefit({ newCarPrice: 584_900, fuel: "el", firstTaxable: { year: 2024, month: 3 }, taxYear: 2025, vehicleTax: 360 });
    const v60 = companyCarBenefit({ newCarPrice: 529_900, fuel: "laddhybrid", firstTaxable: { year: 2023, month: 3 }, taxYear: 2025, vehicleTax: 360 });
    expect(ex40.status === "computed" && ex40.perMonth).toBe(5197);
    expect(v60.status === "computed" && v60.perMonth).toBe(6446);
  });

  test("the README's worked example: an EX40 of 2024 at 584 900 kr in 2026", () => {
    const result = companyCarBenefit({ newCarPrice: 584_900, fuel: "el", firstTaxable: { year: 2024, month: 3 }, taxYear: 2026, vehicleTax: 360 });
    // 0,29 × 59 200 = 17 168; price 584 900 − 292 450 = 292 450; (0,7 × 2,55 % + 1 %) × 292 450 = 8 144,73; 13 % × 292 450 = 38 018,50; + 360
    expect(result).toMatchObject({ status: "computed", benefitPrice: 292_450, perYear: 63_691, perMonth: 5308, rulesYear: 2026 });
    expect(result.status === "computed" && result.netPerMonth).toEqual([
      { marginalTaxRate: 0.32, amount: 1699 },
      { marginalTaxRate: 0.52, amount: 2760 },
    ]);
  });
});

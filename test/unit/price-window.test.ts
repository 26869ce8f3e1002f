import { describe, expect, it } from "vitest";
import { priceWindow } from "#app/server/advice/price-window.server";
import { testVariant } from "#test/fixtures/variant";

// Price points at 2018, 2020 and 2022; between them the catalogue interpolates.
const variant = testVariant({
  years: [2018, 2022],
  prices: [
    [2018, 100_000],
    [2020, 200_000],
    [2022, 300_000],
  ],
});

describe("the price window from the variant's own market", () => {
  it("spans the recommended years' prices with the mileage spread, well inside a roomy budget", () => {
    expect(priceWindow(variant, 2020, 2022, 400_000)).toEqual({ priceFrom: 180_000, priceTo: 315_000, priceEstimate: false });
  });

  it("ends at the newest year's own price when the spread would pass the budget, never at the budget", () => {
    // The old window stretched to min(budget, newest × 1.08): 310 000 kr, the buyer's own figure.
    const window = priceWindow(variant, 2020, 2022, 310_000);
    expect(window.priceTo).toBe(300_000);
    expect(window.priceTo).toBeLessThan(310_000);
  });

  it("is labelled an estimate when fewer than two price points lie in the recommended years", () => {
    // 2019–2021 holds only the 2020 point; 2021 is drawn between 2020 and 2022.
    expect(priceWindow(variant, 2019, 2021, 600_000)).toEqual({ priceFrom: 135_000, priceTo: 263_000, priceEstimate: true });
    expect(priceWindow(variant, 2022, 2022, 600_000).priceEstimate).toBe(true);
  });
});

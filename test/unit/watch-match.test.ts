import { describe, expect, it } from "vitest";
import type { MarketplaceCar } from "#app/lib/marketplace";
import { adKeyOf, droppedIntoWindow, fitOf, watchAdviceOf, watchQueryOf } from "#app/lib/watch-match";
import { MarketplaceQuerySchema } from "#app/lib/marketplace";

const QUERY = MarketplaceQuerySchema.parse({
  make: "Volvo",
  model: "XC60",
  minPrice: 200_000,
  maxPrice: 300_000,
  minYear: 2018,
  maxYear: 2021,
  maxMileage: 12_000,
  fuel: "diesel",
  drivetrain: "awd",
});
const ADVICE = watchAdviceOf(QUERY, { towbar: true, awd: true, fuels: ["diesel"] });

function ad(price: number, stated: MarketplaceCar["stated"], car: Partial<MarketplaceCar["car"]> = {}): MarketplaceCar {
  return {
    link: "https://www.blocket.se/mobility/item/123456?utm=x",
    heading: "Volvo XC60 D4 AWD",
    price: { amount: String(price) },
    car: { location: {}, fuel: "Diesel", gearbox: "Automat", regDate: 2019, mileage: 9_000, ...car },
    stated,
  };
}

describe("a watch's fit", () => {
  it("a fitting ad says why, in the ads list's words, and asks to check what the ad does not say", () => {
    const fit = fitOf(ad(280_000, { drive: "awd", fuel: "diesel" }), ADVICE);
    expect(fit.fits).toBe(true);
    expect(fit.marks.filter((mark) => mark.shown).map((mark) => mark.text)).toEqual(expect.arrayContaining(["Årsmodell 2019", "Fyrhjulsdrift", "Diesel"]));
    expect(fit.marks.find((mark) => !mark.shown)?.text).toBe("Kontrollera dragkrok");
  });

  it("outside the window or contradicting a need: no fit", () => {
    expect(fitOf(ad(310_000, { drive: "awd" }), ADVICE).fits).toBe(false);
    expect(fitOf(ad(250_000, { drive: "fwd" }), ADVICE).fits).toBe(false);
    expect(fitOf(ad(250_000, {}, { regDate: 2016 }), ADVICE).fits).toBe(false);
    expect(fitOf(ad(250_000, {}, { mileage: 20_000 }), ADVICE).fits).toBe(false);
  });

  it("a drop counts only from above the window into it", () => {
    expect(droppedIntoWindow(320_000, 295_000, ADVICE)).toBe(true);
    expect(droppedIntoWindow(340_000, 310_000, ADVICE)).toBe(false);
    expect(droppedIntoWindow(290_000, 280_000, ADVICE)).toBe(false);
  });

  it("the watch fetches a full page with headroom above the window, and keys ads by their id", () => {
    expect(watchQueryOf(QUERY)).toMatchObject({ limit: 50, maxPrice: 345_000, minPrice: 200_000 });
    expect(adKeyOf(ad(1, {}))).toBe("123456");
  });
});

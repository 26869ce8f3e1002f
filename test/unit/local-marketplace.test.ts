import { describe, expect, it } from "vitest";
import { type MarketplaceQueryInput, MarketplaceResultSchema } from "#app/lib/marketplace";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { availabilityScore } from "#app/lib/scoring";
import { createLocalMarketplace, searchDemoAds } from "#app/server/marketplace/local-marketplace.server";

describe("local (demo) marketplace", () => {
  const query: MarketplaceQueryInput = { make: "Volvo", model: "XC60", maxPrice: 350_000, maxMileage: 12_000, minYear: 2016, limit: 6, sellerType: "alla" };

  it("returns the same ads for the same query, however make and model are cased", () => {
    const a = searchDemoAds(query);
    const b = searchDemoAds({ ...query, make: " volvo", model: "xc60 " });
    expect(b).toEqual(a);
    expect(a.cars.length).toBeGreaterThan(0);
  });

  it("marks every result as demo, in the result shape, with Blocket's real search page as adsUrl", async () => {
    const result = await createLocalMarketplace().search(query);
    expect(MarketplaceResultSchema.parse(result)).toEqual(result);
    expect(result.source).toBe("demo");
    expect(result.adsUrl).toBe(
      "https://www.blocket.se/mobility/search/car?variant=1.818.2000093&price_to=350000&year_from=2016&mileage_to=12000&sales_form=1",
    );
    for (const car of result.cars) {
      expect(car.link.startsWith(`${result.adsUrl}#demo-`)).toBe(true);
      expect(car.thumbnail).toBeUndefined();
      expect(car.car.location.city).toBeTruthy();
      expect(car.car.location.municipality).toBeTruthy();
    }
  });

  it("honours price, mileage, year, seller type and limit", () => {
    for (const sellerType of ["alla", "privat", "handlare"] as const) {
      const result = searchDemoAds({ ...query, sellerType, limit: 3 });
      expect(result.cars.length).toBeLessThanOrEqual(3);
      expect(result.totalCount).toBeGreaterThanOrEqual(result.cars.length);
      for (const car of result.cars) {
        expect(Number(car.price.amount)).toBeLessThanOrEqual(350_000);
        expect(car.car.mileage).toBeLessThanOrEqual(12_000);
        expect(car.car.regDate).toBeGreaterThanOrEqual(2016);
      }
    }
    const all = searchDemoAds(query).totalCount;
    const privat = searchDemoAds({ ...query, sellerType: "privat" }).totalCount;
    const handlare = searchDemoAds({ ...query, sellerType: "handlare" }).totalCount;
    expect(privat + handlare).toBe(all);
  });

  it("never shows more ads for a stricter filter than for a looser one", () => {
    const loose = searchDemoAds({ make: "Toyota", model: "RAV4" }).totalCount;
    const strict = searchDemoAds({ make: "Toyota", model: "RAV4", maxPrice: 250_000 }).totalCount;
    expect(strict).toBeLessThanOrEqual(loose);
  });

  it("has a market window consistent with its ads, and none without ads", () => {
    const result = searchDemoAds(query);
    const window = result.marketWindow;
    expect(window).not.toBeNull();
    expect(window?.lowPrice).toBeLessThanOrEqual(window?.medianPrice ?? 0);
    expect(window?.medianPrice).toBeLessThanOrEqual(window?.highPrice ?? 0);
    expect(searchDemoAds({ make: "Porsche", model: "911", maxPrice: 100_000 })).toMatchObject({ totalCount: 0, cars: [], marketWindow: null });
  });

  it("produces every availability bucket across the catalogue's models at realistic budgets", () => {
    const buckets = new Set<number>();
    for (const variant of CATALOGUE) {
      for (const maxPrice of [100_000, 200_000, 300_000]) {
        const query = { make: variant.make, model: variant.model, fuel: variant.fuel, drivetrain: variant.drivetrain, maxPrice, minYear: 2018 };
        buckets.add(availabilityScore(searchDemoAds(query).totalCount));
      }
    }
    expect([...buckets].sort((a, b) => a - b)).toEqual([0, 20, 60, 90]);
  });

  it("answers a model the catalogue lacks honestly: no invented ads, still Blocket's search link", () => {
    const result = searchDemoAds({ make: "Lada", model: "Niva", limit: 6 });
    expect(result).toMatchObject({ source: "demo", totalCount: 0, cars: [] });
    expect(result.adsUrl).toBe("https://www.blocket.se/mobility/search/car?q=Lada+Niva&sales_form=1");
  });

  it("matches the variant: every ad has the fuel, drivetrain and gearbox asked for", () => {
    for (const variant of CATALOGUE.filter((v) => v.fuel === "laddhybrid" || v.fuel === "el")) {
      const gearbox = variant.gearboxes[0];
      const engine = variant.combustionFuel ? { combustionFuel: variant.combustionFuel } : {};
      const result = searchDemoAds({ make: variant.make, model: variant.model, fuel: variant.fuel, ...engine, drivetrain: variant.drivetrain, gearbox, limit: 50 });
      for (const car of result.cars) {
        expect(car.car.fuel, variant.id).toBe(variant.fuel === "el" ? "El" : variant.combustionFuel === "diesel" ? "Plug-in diesel" : "Plug-in bensin");
        expect(car.car.gearbox, variant.id).toBe(gearbox === "automat" ? "Automatisk" : "Manuell");
      }
    }
  });

  it("follows market presence: a common variant has more ads than a rare one in the same window", () => {
    const sorted = [...CATALOGUE].sort((a, b) => b.marketPresence - a.marketPresence);
    const common = sorted[0]!;
    const rare = sorted.at(-1)!;
    const count = (v: typeof common) =>
      searchDemoAds({ make: v.make, model: v.model, fuel: v.fuel, drivetrain: v.drivetrain, minYear: v.years[0] }).totalCount;
    expect(count(common)).toBeGreaterThan(count(rare));
    expect(count(rare)).toBeGreaterThan(0);
  });
});

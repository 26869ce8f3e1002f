import { describe, expect, it } from "vitest";
import { type MarketplaceQueryInput, MarketplaceResultSchema } from "#app/lib/marketplace";
import { needChecks } from "#app/lib/ad-match";
import { CATALOGUE, priceForYear } from "#app/server/cars/catalogue.server";
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
    expect(result.adsUrl).toBe("https://www.blocket.se/mobility/search/car?variant=1.818.2000093&price_to=350000&year_from=2016&mileage_to=12000&sales_form=1");
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
      const result = searchDemoAds({
        make: variant.make,
        model: variant.model,
        fuel: variant.fuel,
        ...engine,
        drivetrain: variant.drivetrain,
        gearbox,
        limit: 50,
      });
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
    const count = (v: typeof common) => searchDemoAds({ make: v.make, model: v.model, fuel: v.fuel, drivetrain: v.drivetrain, minYear: v.years[0] }).totalCount;
    expect(count(common)).toBeGreaterThan(count(rare));
    expect(count(rare)).toBeGreaterThan(0);
  });
});

describe("demo ads that match the advice", () => {
  /** A window like the advice's: three model years, their price span, typical mileage, a towbar when the car can tow. */
  function adviceQuery(variant: (typeof CATALOGUE)[number]) {
    const maxYear = variant.years[1] - 1;
    const minYear = Math.max(variant.years[0], maxYear - 2);
    const low = priceForYear(variant, minYear) ?? 0;
    const high = priceForYear(variant, maxYear) ?? low;
    return {
      make: variant.make,
      model: variant.model,
      fuel: variant.fuel,
      drivetrain: variant.drivetrain,
      minYear,
      maxYear,
      minPrice: Math.round(low * 0.85),
      maxPrice: Math.round(high * 1.08),
      maxMileage: 15_000,
      towbar: variant.towingKg > 0,
      limit: 6,
    } satisfies MarketplaceQueryInput;
  }

  it("are all inside the advised years, mileage and price window, with a towbar listed when the buyer tows", () => {
    let shown = 0;
    for (const variant of CATALOGUE) {
      const query = adviceQuery(variant);
      const result = searchDemoAds(query);
      expect(result.cars.length).toBeLessThanOrEqual(result.totalCount);
      for (const car of result.cars) {
        shown++;
        expect(car.car.regDate, variant.id).toBeGreaterThanOrEqual(query.minYear);
        expect(car.car.regDate, variant.id).toBeLessThanOrEqual(query.maxYear);
        expect(car.car.mileage ?? Infinity, variant.id).toBeLessThanOrEqual(query.maxMileage);
        expect(Number(car.price.amount), variant.id).toBeGreaterThanOrEqual(query.minPrice);
        expect(Number(car.price.amount), variant.id).toBeLessThanOrEqual(query.maxPrice);
        if (query.towbar) expect(car.stated?.towbar, variant.id).toBe(true);
        expect(car.heading.startsWith(`${variant.make} ${variant.model}`), car.heading).toBe(true);
      }
    }
    // Not vacuous: the catalogue's windows hold plenty of demo ads.
    expect(shown).toBeGreaterThan(500);
  });

  it("state the fuel, gearbox and drive they have, and 'Kontrollera dragkrok' never shows for a towing buyer", () => {
    const variant = CATALOGUE.find((v) => v.towingKg >= 1500 && v.marketPresence > 100)!;
    const result = searchDemoAds(adviceQuery(variant));
    expect(result.cars.length).toBeGreaterThan(0);
    for (const car of result.cars) {
      expect(car.stated).toMatchObject({ towbar: true, drive: variant.drivetrain, fuel: variant.fuel });
      const checks = needChecks(car, { towbar: true, awd: variant.drivetrain === "awd", fuels: [variant.fuel] });
      expect(checks.every((check) => check.shown)).toBe(true);
    }
  });

  it("draw each ad's own body: a model sold as several bodies shows more than one", () => {
    const multi = CATALOGUE.filter((v) => new Set(v.bodies.map((b) => b.type)).size > 1 && v.marketPresence > 200);
    expect(multi.length).toBeGreaterThan(0);
    const bodiesSeen = multi.some((variant) => {
      const result = searchDemoAds({ make: variant.make, model: variant.model, fuel: variant.fuel, drivetrain: variant.drivetrain, limit: 50 });
      for (const car of result.cars) expect(variant.bodies.map((b) => b.type)).toContain(car.body);
      return new Set(result.cars.map((car) => car.body)).size > 1;
    });
    expect(bodiesSeen).toBe(true);
    // A buyer who demands an estate sees estates only.
    const variant = multi.find((v) => v.bodies.some((b) => b.type === "kombi"));
    if (variant) {
      const estates = searchDemoAds({ make: variant.make, model: variant.model, bodies: ["kombi"], limit: 50 });
      expect(estates.cars.every((car) => car.body === "kombi")).toBe(true);
    }
  });

  it("say what they were chosen on, in the catalogue's spelling", () => {
    const result = searchDemoAds({ make: "volvo", model: "xc60", minYear: 2016, maxYear: 2020, towbar: true });
    expect(result.searched?.query).toMatchObject({ make: "Volvo", model: "XC60", minYear: 2016, maxYear: 2020, towbar: true });
    expect(result.searched?.notApplied).toEqual([]);
  });
});

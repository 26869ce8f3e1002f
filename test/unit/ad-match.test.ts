import { describe, expect, it } from "vitest";
import {
  bodyFromText,
  buyerNeedsOf,
  driveFromLabel,
  driveFromText,
  fuelFromLabel,
  gearboxFromLabel,
  needChecks,
  notAppliedInWords,
  searchedFilters,
  towbarInText,
} from "#app/lib/ad-match";
import { MarketplaceQuerySchema } from "#app/lib/marketplace";
import { marketplaceQueryFor } from "#app/server/recommendations/suggestion-query.server";
import { buildCar, buildInput } from "#test/fixtures/recommendations";

const nbsp = (text: string) => text.replace(/\u00a0/g, " ");

describe("what an ad states", () => {
  it("reads Blocket's fuel, gearbox and drive labels, and nothing from an empty one", () => {
    expect(["Bensin", "Diesel", "El", "Hybrid bensin", "Hybrid diesel", "Plug-in Bensin", "Plug-in diesel", "Etanol", ""].map(fuelFromLabel)).toEqual([
      "bensin",
      "diesel",
      "el",
      "elhybrid",
      "elhybrid",
      "laddhybrid",
      "laddhybrid",
      "e85",
      undefined,
    ]);
    expect(["Automatisk", "Automat", "Manuell", "", null].map(gearboxFromLabel)).toEqual(["automat", "automat", "manuell", undefined, undefined]);
    expect(["Fyrhjulsdriven", "Framhjulsdriven", "Bakhjulsdriven", "okänd"].map(driveFromLabel)).toEqual(["awd", "fwd", "rwd", undefined]);
  });

  it("finds a towbar, four-wheel drive and a body only where the title names them", () => {
    expect(towbarInText("Volvo V60 D4 Drag")).toBe(true);
    expect(towbarInText("Volvo V60, Dragkrok, Värmare")).toBe(true);
    expect(towbarInText("Volvo V60 Momentum")).toBe(false);
    // Not a towbar: a word that merely starts with "drag".
    expect(towbarInText("Dragon edition")).toBe(false);
    expect(driveFromText("Audi A4 Avant quattro")).toBe("awd");
    expect(driveFromText("Volvo XC60 B4 AWD")).toBe("awd");
    expect(driveFromText("Volvo V60 D3")).toBeUndefined();
    expect(bodyFromText("VW Passat Variant 2.0 TDI")).toBe("kombi");
    expect(bodyFromText("Volvo S60 T5 Sedan")).toBe("sedan");
    expect(bodyFromText("Volvo V60 D4")).toBeUndefined();
  });
});

describe("the buyer's needs on each ad", () => {
  const needs = buyerNeedsOf({ minTowingKg: 1400, awd: true, gearbox: "automat", allowedFuels: ["diesel"] });

  it("says what the ad shows and asks to check what it does not say, never implying it", () => {
    expect(needChecks({ stated: { towbar: true, drive: "awd", gearbox: "automat", fuel: "diesel" } }, needs).map((check) => check.text)).toEqual([
      "Dragkrok",
      "Fyrhjulsdrift",
      "Automat",
      "Diesel",
    ]);
    expect(needChecks({ stated: {} }, needs).map((check) => check.text)).toEqual([
      "Kontrollera dragkrok",
      "Kontrollera fyrhjulsdrift",
      "Kontrollera växellåda",
      "Kontrollera drivmedel",
    ]);
    expect(needChecks({}, needs).every((check) => !check.shown)).toBe(true);
  });

  it("shows nothing for needs the buyer did not state", () => {
    expect(needChecks({ stated: { towbar: true } }, buyerNeedsOf({ awd: false, allowedFuels: [] }))).toEqual([]);
    expect(needChecks({ stated: { towbar: true } }, undefined)).toEqual([]);
  });
});

describe("the search in words", () => {
  it("names every filter sent, in the buyer's words", () => {
    const query = MarketplaceQuerySchema.parse({
      make: "Volvo",
      model: "V60",
      minYear: 2018,
      maxYear: 2021,
      maxMileage: 15_000,
      minPrice: 150_000,
      maxPrice: 250_000,
      fuel: "diesel",
      drivetrain: "awd",
      gearbox: "automat",
      towbar: true,
      sellerType: "privat",
    });
    expect(nbsp(searchedFilters({ query, notApplied: [] }, "Volvo V60").join(", "))).toBe(
      "Volvo V60, 2018–2021, högst 15 000 mil, 150 000–250 000 kr, diesel, fyrhjulsdrift, automat, dragkrok, privata säljare",
    );
    expect(notAppliedInWords({ query, notApplied: ["year_from", "year_to", "mileage_to", "car_equipment"] })).toEqual(["årsmodell", "miltal", "dragkrok"]);
  });
});

describe("the marketplace query for a suggestion", () => {
  it("asks for the advised years at both ends, the price window, the mileage, a towbar and the buyer's gearbox", () => {
    const car = buildCar(1, { recommendedYear: { from: 2018, to: 2020 }, recommendedPrice: { from: 180_000, to: 240_000 }, recommendedMileage: { to: 9_500 } });
    const needs = buyerNeedsOf({ minTowingKg: 1200, awd: false, gearbox: "automat", allowedFuels: [] });
    const query = MarketplaceQuerySchema.parse(marketplaceQueryFor(car, buildInput(), needs, ["kombi"]));
    expect(query).toMatchObject({
      minYear: 2018,
      maxYear: 2020,
      minPrice: 180_000,
      maxPrice: 240_000,
      maxMileage: 9_500,
      towbar: true,
      gearbox: "automat",
      bodies: ["kombi"],
    });
    // Without stated needs: no towbar filter, and no year ceiling when the advice gives none.
    const plain = MarketplaceQuerySchema.parse(marketplaceQueryFor(buildCar(1), buildInput()));
    expect(plain).toMatchObject({ minYear: 2016, towbar: false, bodies: [] });
    expect(plain.maxYear).toBeUndefined();
  });
});

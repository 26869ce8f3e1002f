import { describe, expect, test } from "vitest";
import { CAR_TYPES } from "#app/lib/search-form";
import {
  CATALOGUE,
  CatalogueEntrySchema,
  CatalogueSchema,
  FuelSchema,
  usedPrice,
  variantYears,
} from "#app/server/ai/catalogue/catalogue";
import { CATALOGUE_DATA, CATALOGUE_SOURCES } from "#app/server/ai/catalogue/catalogue-data";

describe("model catalogue", () => {
  test("holds at least 60 models and parses with the catalogue schema", () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(60);
    expect(CatalogueSchema.safeParse(CATALOGUE_DATA).success).toBe(true);
  });

  test("covers every body type the search form offers", () => {
    const bodyTypes = Object.keys(CAR_TYPES).filter((key) => key !== "alla");
    for (const bodyType of bodyTypes) {
      const models = CATALOGUE.filter((entry) => (entry.bodyTypes as string[]).includes(bodyType));
      expect(models.length, bodyType).toBeGreaterThanOrEqual(3);
    }
  });

  test("offers every fuel at least once", () => {
    for (const fuel of FuelSchema.options) {
      expect(CATALOGUE.some((entry) => entry.variants.some((variant) => variant.fuel === fuel)), fuel).toBe(true);
    }
  });

  test("includes the models a Swedish used-car buyer expects", () => {
    const names = new Set(CATALOGUE.map((entry) => `${entry.make} ${entry.model}`));
    for (const name of ["Volvo V70", "Volvo XC60", "Volkswagen Golf", "Tesla Model Y", "Toyota RAV4", "Skoda Octavia", "Kia Niro", "Volvo EX30"]) {
      expect(names.has(name), name).toBe(true);
    }
  });

  test("keeps its sources next to the data", () => {
    expect(CATALOGUE_SOURCES.length).toBeGreaterThan(5);
    for (const source of CATALOGUE_SOURCES) {
      expect(source.key).not.toBe("");
      expect(source.covers.length).toBeGreaterThan(10);
    }
  });

  test("writes Swedish prose: full sentences in flaws, no placeholders", () => {
    for (const entry of CATALOGUE) {
      for (const flaw of entry.knownFlaws) expect(flaw, entry.id).toMatch(/[.!]$/);
      const text = [entry.tagline, ...entry.knownFlaws, ...entry.pros, ...entry.cons].join(" ");
      expect(text, entry.id).not.toMatch(/undefined|TODO|lorem/i);
    }
  });

  test("interpolates used prices between anchors and never lets them fall with a newer model year", () => {
    const v60 = CATALOGUE.find((entry) => entry.id === "volvo-v60-ii");
    expect(v60).toBeDefined();
    if (!v60) return;
    expect(usedPrice(v60, 2019)).toBe(200_000);
    expect(usedPrice(v60, 2020)).toBe(245_000);
    for (const entry of CATALOGUE) {
      for (const variant of entry.variants) {
        const [from, to] = variantYears(entry, variant);
        for (let year = from; year < to; year++) {
          expect(usedPrice(entry, year + 1, variant), entry.id).toBeGreaterThanOrEqual(usedPrice(entry, year, variant));
        }
      }
    }
  });

  test("rejects an entry whose price anchors do not span its model years", () => {
    const [first] = CATALOGUE_DATA;
    const broken = { ...first, prices: [[2001, 12_000], [2007, 38_000]] };
    expect(CatalogueEntrySchema.safeParse(broken).success).toBe(false);
  });

  test("rejects an elbil with tailpipe CO2 and a laddhybrid without electricity use", () => {
    const [first] = CATALOGUE_DATA;
    const ev = { ...first, variants: [{ label: "x", fuel: "el", consumption: 18, co2: 50, rangeKm: 300 }] };
    const phev = { ...first, variants: [{ label: "x", fuel: "laddhybrid", consumption: 3, co2: 30, rangeKm: 40 }] };
    expect(CatalogueEntrySchema.safeParse(ev).success).toBe(false);
    expect(CatalogueEntrySchema.safeParse(phev).success).toBe(false);
  });
});

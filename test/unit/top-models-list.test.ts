import { describe, expect, it } from "vitest";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { marketYears, modelYearCoverage, TOP_MODELS, yearSpans } from "#test/advice/catalogue-coverage";

describe("the list of the 100 most common models in Swedish traffic", () => {
  it("names 100 different models, ranked 1 to 100, each with its generations", () => {
    expect(TOP_MODELS.map((model) => model.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(TOP_MODELS.map((model) => `${model.make}|${model.model}`)).size).toBe(100);
  });

  it("names models the way the catalogue does, so coverage counts the catalogue's own variants", () => {
    const catalogueModels = new Set(CATALOGUE.map((variant) => `${variant.make}|${variant.model}`));
    // Spelled as the catalogue spells them (never "C-klass" or "3-series").
    for (const name of ["Mercedes-Benz|C-Klass", "BMW|3-serie", "Volkswagen|Golf", "Volvo|V70", "Tesla|Model Y"]) {
      expect(catalogueModels, name).toContain(name);
      expect(
        TOP_MODELS.some((model) => `${model.make}|${model.model}` === name),
        name,
      ).toBe(true);
    }
  });

  it("counts a model year once even where two generations overlap at a model change", () => {
    const golf = TOP_MODELS.find((model) => model.model === "Golf");
    if (!golf) throw new Error("Golf is on the list");
    expect(marketYears(golf)).toEqual(Array.from({ length: 18 }, (_, i) => 2008 + i));
    const volvo240 = TOP_MODELS.find((model) => model.model === "240");
    expect(volvo240 && marketYears(volvo240)).toEqual([]);
  });

  it("measures coverage against the catalogue: a year counts only when a variant of that model was sold then", () => {
    const golf = TOP_MODELS.filter((model) => model.model === "Golf");
    const onlyGolf8 = CATALOGUE.filter((variant) => variant.model === "Golf" && variant.years[0] >= 2020);
    const coverage = modelYearCoverage(onlyGolf8, golf);
    expect(coverage.modelYears).toBe(18);
    expect(coverage.coveredYears).toBe(2025 - 2020 + 1);
    expect(coverage.missing[0]?.years[0]).toBe(2008);
    expect(yearSpans([2008, 2009, 2010, 2014, 2016, 2017])).toBe("2008–2010, 2014, 2016–2017");
  });
});

import { describe, expect, it } from "vitest";
import { modelFamilyOf } from "#app/lib/model-family";
import type { HardRequirements } from "#app/lib/requirements";
import type { SearchInput } from "#app/lib/search-form";
import { prepareAdvice, readRequirements } from "#app/server/advice/advise.server";
import { vanSizeTerm } from "#app/server/advice/class-fit.server";
import { type Candidate, pickDiverse } from "#app/server/advice/candidates.server";
import { violations } from "#app/server/advice/enforcement.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import type { Variant } from "#app/server/cars/variant.server";

const variant = (id: string): Variant => {
  const found = getVariant(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
};

const config = { assumptions: DEFAULT_COST_ASSUMPTIONS };

function firstTen(description: string, maxPrice: number, carType: SearchInput["carType"] = "alla"): Candidate[] {
  const prepared = prepareAdvice({ description, maxPrice, carType, sellerType: "alla" }, 10, config);
  if (prepared.status !== "ready") throw new Error(`${prepared.status}: ${prepared.message}`);
  return pickDiverse(prepared.prepared.candidates, 10);
}

const ids = (candidates: readonly Candidate[]) => candidates.map((candidate) => candidate.variant.id).join(", ");

describe("'stor kombi' is the load space of a large estate", () => {
  const hard = (bodyTypes: HardRequirements["bodyTypes"]): HardRequirements => ({
    maxPrice: 400_000,
    bodyTypes,
    sizes: ["large"],
    adultThirdRow: false,
    awd: false,
    allowedFuels: [],
    excludedFuels: [],
    requiredMakes: [],
    excludedMakes: [],
  });

  it("a mid-size estate with a large estate's boot meets it", () => {
    expect(violations(variant("skoda-superb-iii-2-0-tdi"), hard(["kombi"]))).toEqual([]);
    expect(violations(variant("volvo-v70-iii-d4"), hard(["kombi"]))).toEqual([]);
  });

  it("a smaller boot, a compact car or a saloon buyer still does not", () => {
    expect(violations(variant("volvo-v70-ii-d5"), hard(["kombi"]))).toContain("sizes");
    expect(violations(variant("skoda-octavia-iii-1-4-tsi"), hard(["kombi"]))).toContain("sizes");
    expect(violations(variant("volkswagen-passat-b8-2-0-tdi"), hard(["sedan"]))).toContain("sizes");
  });
});

describe("a tradesman's van", () => {
  it("a van buyer who names no size gets mid-size vans in the first three", () => {
    const ten = firstTen(
      "elektriker med egen firma, skåpbil för hyllinredning och kabeltrummor, ca 1000 kg last, dragkrok för släpkärra, kör 3000 mil om året",
      180_000,
      "skapbil",
    );
    const first = ten.slice(0, 3);
    expect(
      first.every((candidate) => candidate.variant.size === "xl"),
      ids(ten),
    ).toBe(true);
  });

  it("'liten skåpbil' asks for the small class: no van size term", () => {
    const req = readRequirements({ description: "liten skåpbil för stan, kör lite", maxPrice: 150_000, carType: "skapbil", sellerType: "alla" }, config);
    const body = { type: "skapbil" as const, bootLitres: 3200 };
    expect(vanSizeTerm({ body }, req)).toBeNull();
  });
});

describe("badge twins are one choice for the first three", () => {
  it("Alhambra and Sharan, Partner and Berlingo, Expert and Proace, Citigo and up! fold together", () => {
    expect(modelFamilyOf("Seat", "Alhambra")).toBe(modelFamilyOf("Volkswagen", "Sharan"));
    expect(modelFamilyOf("Peugeot", "Partner")).toBe(modelFamilyOf("Citroen", "Berlingo"));
    expect(modelFamilyOf("Peugeot", "Expert")).toBe(modelFamilyOf("Toyota", "Proace"));
    expect(modelFamilyOf("Skoda", "Citigo")).toBe(modelFamilyOf("Volkswagen", "up!"));
  });

  it("a buyer who needs seven adult seats does not get Alhambra and Sharan both among the first three", () => {
    const first = firstTen("vi behöver en 7-sitsig bil med plats för vuxna i tredje raden, diesel", 150_000).slice(0, 3);
    const families = first.map((candidate) => modelFamilyOf(candidate.variant.make, candidate.variant.model));
    expect(new Set(families).size, ids(first)).toBe(3);
  });
});

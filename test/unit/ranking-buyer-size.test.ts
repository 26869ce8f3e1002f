import { describe, expect, it } from "vitest";
import type { SearchInput } from "#app/lib/search-form";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { pickDiverse } from "#app/server/advice/candidates.server";
import { circumstancesOf, dealBreakerOf } from "#app/server/advice/situation.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import type { Variant } from "#app/server/cars/variant.server";

// A buyer burnt by a dual-clutch box is not sold another. Rules: docs/advice-quality.md ("A buyer burnt by a dual-clutch box").

const config = { assumptions: DEFAULT_COST_ASSUMPTIONS };

function prepared(description: string, maxPrice: number, carType: SearchInput["carType"] = "alla") {
  const result = prepareAdvice({ description, maxPrice, carType, sellerType: "alla" }, 10, config);
  if (result.status !== "ready") throw new Error(`${result.status}: ${result.message}`);
  return result.prepared;
}

const variant = (id: string): Variant => {
  const found = getVariant(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
};

describe("a buyer burnt by a dual-clutch box", () => {
  const burnt = prepared(
    "Min Octavia fick mekatronikfel för 30 000 kr. Söker en kombi med automat men ingen dubbelkopplingslåda. Kör 1 500 mil om året.",
    160_000,
  ).requirements;
  const plain = prepared("Vill ha en automat, kombi, kör 1 500 mil om året.", 160_000).requirements;
  const window = { yearFrom: 2016, yearTo: 2018 };

  it("an automatic that is a dual-clutch box breaks the deal for the burnt buyer, and for no one else", () => {
    const octavia = variant("skoda-octavia-iii-1-4-tsi");
    expect(dealBreakerOf(octavia, window, burnt, circumstancesOf(burnt))).toBe("dual-clutch");
    expect(dealBreakerOf(octavia, window, plain, circumstancesOf(plain))).toBeNull();
  });

  it("a box the notes or facts name as a DSG or 7DCT breaks the deal, in the years it was fitted", () => {
    const breaks = (id: string, yearFrom: number, yearTo: number) => dealBreakerOf(variant(id), { yearFrom, yearTo }, burnt, circumstancesOf(burnt));
    expect(breaks("skoda-superb-iii-2-0-tdi", 2016, 2018)).toBe("dual-clutch");
    expect(breaks("volkswagen-golf-mk7-2-0-tdi", 2016, 2018)).toBe("dual-clutch");
    expect(breaks("kia-ceed-ii-1-6-crdi", 2016, 2018)).toBe("dual-clutch");
    expect(breaks("kia-ceed-ii-1-6-crdi", 2012, 2014)).toBeNull();
  });

  it("a torque-converter or hybrid automatic is no deal-breaker for the burnt buyer", () => {
    expect(dealBreakerOf(variant("toyota-auris-ii-hybrid"), window, burnt, circumstancesOf(burnt))).toBeNull();
  });

  it("the burnt buyer's first three hold no dual-clutch automatic", () => {
    const first = pickDiverse(
      prepared(
        "Vår Touran fick mekatronikfel. Vi behöver en familjebil med sju säten och automat, men ingen dubbelkopplingslåda. Kör 2 000 mil om året.",
        200_000,
      ).candidates,
      10,
    ).slice(0, 3);
    expect(
      first
        .filter(
          (c) =>
            dealBreakerOf(c.variant, c.window, plain, circumstancesOf(plain)) === null &&
            /dsg|dubbelkoppl|dq\d/iu.test(c.variant.knownFlaws.map((f) => (typeof f === "string" ? f : f.text)).join(" ")),
        )
        .map((c) => c.variant.id),
    ).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { type Candidate, pickDiverse } from "#app/server/advice/candidates.server";
import { faultSeverity } from "#app/server/advice/fault-weight.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// Cheap wishes used to share one answer: the same few cars led whatever the buyer said. The buyer's
// own situation (cold starts and few mil, room for tools) now decides among the cars the money buys.

function firstThree(description: string, maxPrice: number, count = 3): Candidate[] {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(`${prepared.status}: ${prepared.message}`);
  return pickDiverse(prepared.prepared.candidates, 10).slice(0, count);
}
const ids = (cars: readonly Candidate[]) => cars.map((car) => car.variant.id).join(", ");

describe("a cheap wish is answered by the buyer's situation", () => {
  it("a worn crankshaft bearing is a fault that ends a cheap car, in any grammatical form", () => {
    expect(faultSeverity("Vevlagren i 1.5 dCi kan slitas ut om oljan inte bytts ofta.")).toBe("ending");
    expect(faultSeverity("Ett vevlager kan gå.")).toBe("ending");
  });

  it("a driver in Norrland who drives few mil gets no diesel among the first five", () => {
    const first = firstThree(
      "ja e 19 o har precis tagit körkort. bor i umeå, kör till jobbet ca 2 mil om dan. har 25 000 max. vill ha nåt som startar när det e -25 o inte kostar massor i försäkring. manuell går bra",
      25_000,
      5,
    );
    expect(first.length).toBe(5);
    expect(
      first.filter((car) => car.variant.fuel === "diesel").map((car) => car.variant.id),
      ids(first),
    ).toEqual([]);
  });

  it("a tradesman who needs room for tools gets a bigger load space than a buyer who said nothing of it", () => {
    const boot = (cars: readonly Candidate[]) => Math.min(...cars.map((car) => car.window.body.bootLitres ?? 0));
    const plain = firstThree("pendlar 4 mil enkel väg till jobbet, vill ha nåt som klarar besiktningen, har 25 000", 25_000);
    const tools = firstThree(
      "pendlar 4 mil enkel väg till jobbet, måste få plats med verktygslåda och kabel, vill ha nåt som klarar besiktningen, har 25 000",
      25_000,
    );
    expect(boot(tools), `${ids(tools)} against ${ids(plain)}`).toBeGreaterThanOrEqual(400);
    expect(boot(tools)).toBeGreaterThan(boot(plain));
  });
});

import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { pickDiverse } from "#app/server/advice/candidates.server";
import { faultCost, faultExposure, faultSeverity } from "#app/server/advice/fault-weight.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { flawsForYears } from "#app/server/cars/variant.server";

describe("a generation's known faults weigh by what they would cost this buyer", () => {
  it("grades a fault by whether the car survives it", () => {
    expect(faultSeverity("Överhettning ger spruckna topplock.")).toBe("ending");
    expect(faultSeverity("Kamkedjan kan hoppa en kugge, vilket förstör motorn.")).toBe("ending");
    // A dry DSG's mechatronics can cost more than a cheap car is worth: ending since the scale was widened.
    expect(faultSeverity("DSG-lådan kan få mekatronikfel vid höga miltal.")).toBe("ending");
    expect(faultSeverity("Turbon kan börja läcka olja.")).toBe("serious");
    expect(faultSeverity("Pekskärmen kan frysa och behöva startas om.")).toBe("nuisance");
    expect(faultExposure({ hard: { maxPrice: 30_000 } } as never)).toBeGreaterThan(faultExposure({ hard: { maxPrice: 400_000 } } as never));
  });

  it.each([
    ["Diesel kombi som drar lite, max 30 000", 30_000],
    ["Familjebil kombi", 60_000],
  ] as const)("a buyer on a small budget (%s) gets no car-ending fault in the first three", (description, maxPrice) => {
    const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
    if (prepared.status !== "ready") throw new Error(prepared.status);
    const first = pickDiverse(prepared.prepared.candidates, 10).slice(0, 3);
    // For this buyer: a fault of the automatic box does not reach a buyer who can take the manual.
    const req = prepared.prepared.requirements;
    const ending = first.filter((c) => flawsForYears(c.variant, c.window.yearFrom, c.window.yearTo).some((text) => faultCost(text, c.variant, req) === 100));
    expect(ending.map((c) => c.variant.id)).toEqual([]);
  });
});

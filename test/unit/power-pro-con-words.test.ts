import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate, Ratings } from "#app/server/advice/candidates.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { WEAK_POINTS } from "#app/server/advice/weak-points.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// One card, one statement about power: never "pigg" beside "prestanda är det lägsta betyget", and the list's rank said once.

const prepared = prepareAdvice({ description: "En bekväm familjebil med plats för barnen.", maxPrice: 200_000, carType: "alla", sellerType: "alla" }, 10, {
  assumptions: DEFAULT_COST_ASSUMPTIONS,
});
if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
const { candidates, requirements } = prepared.prepared;

function car(from: Candidate, powerHp: number, performance: number): Candidate {
  const ratings: Ratings = { comfort: 70, performance, security: 72, reliability: 68, economy: 66 };
  return { ...from, ratings, variant: { ...from.variant, strengths: [], powerHp, curbWeightKg: 1_830, ncap: null, powerVariants: undefined } } as Candidate;
}

describe("power on one card", () => {
  const [a, b, c] = candidates;

  // Beside stronger cars, so no standout has said its horsepower already.
  it("a brisk car whose performance is its lowest score is not called pigg; one rated well is", () => {
    const lowest = car(a!, 203, 44);
    const peers = [lowest, car(b!, 250, 60), car(c!, 260, 62)];
    const texts = writeLocally(lowest, requirements, peers);
    expect(texts.cons.join(" ")).toMatch(/prestanda/iu);
    expect(texts.pros.join(" ")).not.toMatch(/pigg|snabb/u);
    const strong = car(a!, 203, 90);
    expect(writeLocally(strong, requirements, [strong, car(b!, 250, 60), car(c!, 260, 62)]).pros.join(" ")).toMatch(/pigg|snabb/u);
  });

  it("the con states the all-car scale, never that the car beats the others; it counts the stronger ones when most are", () => {
    const top = car(a!, 203, 44);
    const weaker = [car(b!, 120, 60), car(c!, 110, 62), car(b!, 100, 60)];
    const most = WEAK_POINTS.performance(top, requirements, weaker);
    expect(most).toMatch(/alla bilar/u);
    expect(most).not.toMatch(/(mer|mest) kraft per kilo/u);
    const mixed = WEAK_POINTS.performance(top, requirements, [...weaker, car(c!, 300, 70), car(b!, 280, 70)]);
    expect(mixed).not.toMatch(/(mer|mest) kraft per kilo (än|bland)/u);
    const behind = WEAK_POINTS.performance(top, requirements, [car(b!, 100, 60), car(c!, 300, 70), car(b!, 280, 70), car(c!, 290, 70)]);
    expect(behind).toMatch(/3 av förslagen har mer kraft per kilo/u);
  });
});

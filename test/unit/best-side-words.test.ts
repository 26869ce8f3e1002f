import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate, Ratings } from "#app/server/advice/candidates.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// A car's best score is its own best side, never "starkast" as if it led the list, and no strength when low.

const prepared = prepareAdvice({ description: "En bekväm familjebil med plats för barnen.", maxPrice: 200_000, carType: "alla", sellerType: "alla" }, 10, {
  assumptions: DEFAULT_COST_ASSUMPTIONS,
});
if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
const { candidates, requirements } = prepared.prepared;

// No catalogue strengths, so the card falls back on its scores.
function bare(candidate: Candidate, ratings: Ratings): Candidate {
  return { ...candidate, ratings, variant: { ...candidate.variant, strengths: [], powerHp: 60, curbWeightKg: 1_600, ncap: null } } as Candidate;
}
const scores = (security: number): Ratings => ({ comfort: 40, performance: 30, security, reliability: 50, economy: 45 });

describe("a car's best score as a pro", () => {
  const [first, second, third] = candidates;

  it("is said as the car's own best side when it is 65 or more and not the list's lowest", () => {
    const car = bare(first!, scores(85));
    const peers = [car, bare(second!, scores(80)), bare(third!, scores(88))];
    const pros = writeLocally(car, requirements, peers).pros.join(" ");
    expect(pros).toMatch(/starkaste sidan hos|högst betyg för/u);
    expect(pros).toMatch(/säkerhet\S* [^.]*85 av 100/iu);
    expect(pros).not.toMatch(/är starkast för/u);
  });

  it("is no pro when it is the list's lowest or under 65", () => {
    const lowest = bare(first!, scores(78));
    const lowPeers = [lowest, bare(second!, scores(80)), bare(third!, scores(88))];
    expect(writeLocally(lowest, requirements, lowPeers).pros.join(" ")).not.toMatch(/starkast/u);
    const weak = bare(first!, scores(58));
    const weakPeers = [weak, bare(second!, scores(50)), bare(third!, scores(40))];
    expect(writeLocally(weak, requirements, weakPeers).pros.join(" ")).not.toMatch(/starkast/u);
  });
});

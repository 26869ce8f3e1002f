import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { costAmongPeers } from "#app/server/advice/standouts.server";
import { DEFAULT_COST_ASSUMPTIONS as A } from "#app/server/cars/ownership-cost.server";

// "Främst för att skatten är lägre blir X cirka 200 kr billigare i månaden" read the month's difference as the tax.

const prepared = prepareAdvice(
  { description: "Ska kunna dra hästtransporten, totalvikt 2,5 ton.", maxPrice: 600_000, carType: "suv", sellerType: "alla" },
  10,
  {
    assumptions: A,
  },
);
if (prepared.status !== "ready") throw new Error(prepared.status);
const { candidates, requirements } = prepared.prepared;

describe("the cost comparison whose reason is the tax", () => {
  it("is never caught by the tax rule, in any of its wordings", () => {
    const [car, ...rest] = candidates.slice(0, 6) as [Candidate, ...Candidate[]];
    const dear = (c: Candidate) => ({ ...c, costs: { ...c.costs, tax: c.costs.tax + 6000, total: c.costs.total + 6000 } }) as Candidate;
    const peers = [car, ...rest.map(dear)];
    const wordings = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const renamed = { ...car, variant: { ...car.variant, id: `${car.variant.id}-${i}` } } as Candidate;
      const sentence = costAmongPeers(renamed, [renamed, ...peers.slice(1)], requirements)!;
      expect(sentence).toContain("skatten är lägre");
      wordings.add(sentence.slice(0, 12));
      expect(checkSentence(sentence, cardFacts(car, requirements))?.rule, sentence).not.toBe("tax");
    }
    expect(wordings.size).toBeGreaterThanOrEqual(5);
  });
});

import { describe, expect, it } from "vitest";
import type { Usage } from "#app/lib/requirements";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { youngInsurance } from "#app/server/advice/buyer-needs.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { wishFits } from "#app/server/advice/wish-sentences.server";
import { DEFAULT_COST_ASSUMPTIONS as A, estimateOwnershipCost } from "#app/server/cars/ownership-cost.server";
import { testVariant } from "#test/fixtures/variant";

// A young driver's premium follows the car's own facts, is said as an estimate, and a "low premium" is judged beside the list.

const plain = (text: string) => text.replace(/\s/gu, " ");
const nineteen: Usage = { milPerYear: 1000, milPerYearStated: false, northern: false, winterNeeds: false, driverAge: 19 };
const small = (powerHp: number) => testVariant({ id: `test-small-${powerHp}`, costClass: "small", size: "small", powerHp, curbWeightKg: 1000 });

describe("insurance by the variant's power", () => {
  it("a 60 hk and a 147 hk small car of one year differ for a 19-year-old, the stronger dearer", () => {
    const weak = estimateOwnershipCost(small(60), 2011, nineteen, A).insurance;
    const strong = estimateOwnershipCost(small(147), 2011, nineteen, A).insurance;
    expect(strong).toBeGreaterThan(weak * 1.2);
    // A car at its class's usual power keeps the class's figure, so the reference's averages still hold.
    const usual = estimateOwnershipCost(testVariant({ powerHp: 150 }), 2019, { ...nineteen, driverAge: 45 }, A).insurance;
    expect(usual).toBe(Math.round(A.fullInsuranceByClass.midsize / 100) * 100);
  });
});

describe("the young driver's insurance line on the card", () => {
  const prepared = prepareAdvice(
    {
      description: "ska köpa min första bil, e 19 o bor i örebro. den ska va billig att försäkra o säker. manuell e ok. kör mest i stan",
      maxPrice: 40_000,
      carType: "alla",
      sellerType: "alla",
    },
    10,
    { assumptions: A },
  );
  if (prepared.status !== "ready") throw new Error(prepared.status);
  const { candidates, requirements } = prepared.prepared;
  const at = (c: Candidate, insurance: number) => ({ ...c, costs: { ...c.costs, insurance } }) as Candidate;
  const [a, b, c, d] = candidates as [Candidate, Candidate, Candidate, Candidate];
  const peers = [at(a, 7400), at(b, 7400), at(c, 7800), at(d, 9800)];

  it("says it is an estimate, and is a con only on the car dearer than most", () => {
    const dear = peers[3]!;
    const cheap = peers[0]!;
    expect(youngInsurance(dear, requirements, peers)?.text).toContain("uppskattning");
    expect(plain(writeLocally(dear, requirements, peers).cons.join(" "))).toContain("9 800 kr per år i försäkring");
    expect(writeLocally(cheap, requirements, peers).cons.join(" ")).not.toContain("i försäkring för");
    expect(plain(writeLocally(cheap, requirements, peers).deepDive)).toContain("7 400 kr per år i försäkring");
  });

  it("meets the wish for a low premium only at or under the list's median", () => {
    const fit = (car: Candidate) => wishFits(car, peers).find(([key]) => key === "lowInsurance")?.[1] ?? 0;
    expect(fit(peers[0]!)).toBeGreaterThanOrEqual(60);
    expect(fit(peers[3]!)).toBeLessThan(40);
    expect(writeLocally(peers[3]!, requirements, peers).whyItFits).not.toContain("låg försäkringskostnad");
  });
});

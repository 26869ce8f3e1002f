import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OwnershipCost } from "#app/components/ownership-cost";
import { UnderstoodRequirements } from "#app/components/understood-requirements";
import type { Usage } from "#app/lib/requirements";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { DEFAULT_COST_ASSUMPTIONS as A, estimateOwnershipCost } from "#app/server/cars/ownership-cost.server";
import { testVariant } from "#test/fixtures/variant";

/** Insurance is priced for the driver the reading names, and the card and the panel say which driver that was. */

const plain = (text: string) => text.replace(/\s/gu, " ");
const usage: Usage = { milPerYear: 1500, milPerYearStated: false, northern: false, winterNeeds: false };
// At the mid-size class's usual power, so the figures are the class's own.
const petrol = testVariant({ powerHp: 150 });
const round = (value: number) => Math.round(value / 100) * 100;

describe("insurance by the buyer's age and new-driver status", () => {
  it("a new driver of unknown age is priced as a driver under 25 (×2,1), an ordinary buyer as one of 30–65", () => {
    const full = A.fullInsuranceByClass.midsize;
    const newDriver = estimateOwnershipCost(petrol, 2019, usage, A, { newDriver: true });
    const ordinary = estimateOwnershipCost(petrol, 2019, usage, A, {});
    expect(newDriver.insurance).toBe(round(full * A.driverAgeFactors.under25));
    expect(ordinary.insurance).toBe(round(full));
    expect(newDriver.notes.insuredDriver).toBe("ny förare, räknat som under 25 år");
    expect(ordinary.notes.insuredDriver).toBe("förare 30–65 år");
  });

  it("a stated age wins over the new-driver default, and is what the card names", () => {
    const full = A.fullInsuranceByClass.midsize;
    const nineteen = estimateOwnershipCost(petrol, 2019, { ...usage, driverAge: 19 }, A, { newDriver: true });
    expect(nineteen.insurance).toBe(round(full * A.driverAgeFactors.under20));
    expect(nineteen.notes.insuredDriver).toBe("ny förare 19 år");
    expect(estimateOwnershipCost(petrol, 2019, { ...usage, driverAge: 45 }, A).notes.insuredDriver).toBe("förare 45 år");
  });

  it("the cost table names the driver beside the insurance figure", () => {
    const html = plain(
      renderToStaticMarkup(
        createElement(OwnershipCost, {
          cost: {
            insurance: 9000,
            tax: 360,
            fuel: 9000,
            maintenance: 5000,
            notes: { insuranceLevel: "halv", insuranceEstimate: true, insuredDriver: "ny förare, räknat som under 25 år" },
          },
        }),
      ),
    );
    expect(html).toContain("Försäkring (halvförsäkring, ny förare, räknat som under 25 år, uppskattning)");
    const old = plain(
      renderToStaticMarkup(
        createElement(OwnershipCost, { cost: { insurance: 4000, tax: 360, fuel: 9000, maintenance: 5000, notes: { insuranceLevel: "halv" } } }),
      ),
    );
    expect(old).toContain("Försäkring (halvförsäkring)");
  });

  it("a first-car buyer's costs and the panel say the insurance is a new driver's, not a 30–65-year-old's", () => {
    const prepared = prepareAdvice(
      { description: "första bilen!! ska pendla 3 mil t jobbet i vinter, billig försäkring tack", maxPrice: 35_000, carType: "alla", sellerType: "alla" },
      10,
      { assumptions: A },
    );
    if (prepared.status !== "ready") throw new Error(prepared.status);
    const first = prepared.prepared.candidates[0]!;
    expect(first.costs.notes.insuredDriver).toBe("ny förare, räknat som under 25 år");
    expect(plain(writeLocally(first, prepared.prepared.requirements).deepDive)).toMatch(
      /Som ny förare utan angiven ålder räknar vi försäkringen för .* som för en förare under 25 år, cirka [\d ]+ kr per år/u,
    );
    const html = plain(
      renderToStaticMarkup(createElement(UnderstoodRequirements, { understood: null, assumptions: prepared.prepared.assumptions, shortfall: null })),
    );
    expect(html).toContain("försäkring för ny förare, räknat som under 25 år (skriv din ålder för en exaktare kalkyl)");
    expect(html).not.toContain("30–65");
    const ordinary = prepareAdvice({ description: "pendlar 3 mil, billig försäkring", maxPrice: 35_000, carType: "alla", sellerType: "alla" }, 10, {
      assumptions: A,
    });
    if (ordinary.status !== "ready") throw new Error(ordinary.status);
    const text = plain(
      renderToStaticMarkup(createElement(UnderstoodRequirements, { understood: null, assumptions: ordinary.prepared.assumptions, shortfall: null })),
    );
    expect(text).toContain("försäkring för förare 30–65 år (skriv din ålder om du är yngre än 30)");
  });
});

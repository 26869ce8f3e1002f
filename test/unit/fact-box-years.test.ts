import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CarFactsList } from "#app/components/car-facts";
import { prepareAdvice, toSuggestion } from "#app/server/advice/advise.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { ncapText } from "#app/server/advice/facts-text.server";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { flawsForYears } from "#app/server/cars/variant.server";
import { DEFAULT_COST_ASSUMPTIONS as A } from "#app/server/cars/ownership-cost.server";

// The fact box says what the card's years had: each power when it changed, the safety pack's stars when Euro NCAP gave two.

const plain = (html: string) => html.replace(/<[^>]+>/gu, " ").replace(/\s+/gu, " ");
const prepared = prepareAdvice({ description: "snål bil som klarar vintern", maxPrice: 200_000, carType: "alla", sellerType: "alla" }, 10, {
  assumptions: A,
});
if (prepared.status !== "ready") throw new Error(prepared.status);
const base = prepared.prepared.candidates[0]!;
const swift = CATALOGUE.find((v) => v.id === "suzuki-swift-iv-1-2-allgrip-awd")!;
const card = (yearFrom: number, yearTo: number) => {
  const candidate = { ...base, variant: swift, window: { ...base.window, yearFrom, yearTo, body: swift.bodies[0]! } } as Candidate;
  const texts = { tagline: "t", whyItFits: "w", deepDive: "d", commonFlaws: "c", pros: [], cons: [] };
  return toSuggestion(candidate, { variantId: swift.id, overall: 70, texts }, 1);
};

describe("the fact box over the card's years", () => {
  it("a Swift AllGrip of 2019–2021 shows 90 hk for 2019 and 83 hk after, one of 2020–2021 only 83 hk", () => {
    const spanning = plain(renderToStaticMarkup(createElement(CarFactsList, { facts: card(2019, 2021).facts! })));
    expect(spanning).toContain("Effekt 90 hk (2019), 83 hk (2020–2021)");
    const later = plain(renderToStaticMarkup(createElement(CarFactsList, { facts: card(2020, 2021).facts! })));
    expect(later).toContain("Effekt 83 hk");
    expect(later).not.toContain("90 hk");
  });

  it("gives the safety pack's stars beside the standard car's, in the box and in the sentence", () => {
    const box = plain(renderToStaticMarkup(createElement(CarFactsList, { facts: card(2019, 2021).facts! })));
    expect(box).toContain("3 stjärnor, 4 med säkerhetspaket (2017)");
    expect(ncapText(swift)).toMatch(/3 av 5 stjärnor.*\(4 med det extra säkerhetspaketet\)/u);
    const golf = CATALOGUE.find((v) => v.ncap && !v.ncap.pack)!;
    expect(ncapText(golf)).not.toContain("säkerhetspaket");
  });

  it("a T-Roc of 2022 carries its touch climate panel; one of 2020–2021 does not", () => {
    const troc = CATALOGUE.find((v) => v.id === "volkswagen-t-roc-1-5-tsi")!;
    expect(flawsForYears(troc, 2020, 2022).join(" ")).toContain("pekytor");
    expect(flawsForYears(troc, 2020, 2021).join(" ")).not.toContain("pekytor");
  });
});

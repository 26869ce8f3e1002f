import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS, estimateOwnershipCost } from "#app/server/cars/ownership-cost.server";

// The ninth review's figures that did not add up: a range said two ways, days on a charge, a plug-in's cost per mil
// against its fact box, and a diesel surcharge of "flera tusen kronor".

function prepare(description: string, maxPrice: number) {
  const result = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (result.status !== "ready") throw new Error(result.status);
  return result.prepared;
}
const asCard = (base: Candidate, req: Parameters<typeof estimateOwnershipCost>[2], variantId: string, yearFrom: number, yearTo: number): Candidate => {
  const variant = getVariant(variantId)!;
  const costs = estimateOwnershipCost(variant, yearTo, req, DEFAULT_COST_ASSUMPTIONS);
  return { ...base, variant, window: { ...base.window, yearFrom, yearTo }, costs: { ...base.costs, ...costs } } as Candidate;
};
const all = (texts: ReturnType<typeof writeLocally>) =>
  [texts.tagline, texts.whyItFits, texts.deepDive, texts.commonFlaws, ...texts.pros, ...texts.cons].join(" ");

describe("one range per card, and days on a charge that follow from it", () => {
  const r3 = prepare("Jag är 76 år, automat är ett måste, elbil går bra. Kör kanske 600 mil per år.", 170_000);
  const e2008 = asCard(r3.candidates[0]!, r3.requirements.usage, "peugeot-2008-ii-e-2008-50kwh", 2020, 2022);
  const facts = cardFacts(e2008, r3.requirements);

  it("the checker catches a range off the card's own rounded figure and lets the card's figure pass", () => {
    const finding = checkSentence("Den högre karossen gör e-2008 50 kWh mindre effektiv än e-208, så räckvidden blir runt 25 mil sommartid.", facts);
    expect(finding?.rule).toBe("figure");
    expect(finding?.rewrite).toMatch(new RegExp(`runt ${facts.rangeMil} mil sommartid`, "u"));
    expect(checkSentence(`Räckvidden blir runt ${facts.rangeMil} mil sommartid.`, facts)).toBeNull();
  });

  it("the card states one summer range, and its days add up from the range, the driving day and the reserve", () => {
    const text = all(writeLocally(e2008, r3.requirements, [e2008]));
    const ranges = [...text.matchAll(/(\d+)\smil (?:i mild väderlek|sommartid)/gu)].map((match) => Number(match[1]));
    expect(new Set(ranges)).toEqual(new Set([facts.rangeMil]));
    const said = /runt (\d+(?:,\d)?)\smil per körningsdag, räcker en full laddning av .*? \((\d+)\smil i mild väderlek\) i ungefär (\d+) dagar/u.exec(text);
    expect(said, text).not.toBeNull();
    const [daily, range, days] = [Number(said![1]!.replace(",", ".")), Number(said![2]), Number(said![3])];
    expect(days).toBe(Math.floor((range * 0.85) / daily));
  });
});

describe("a plug-in's cost per mil adds up against its fact box", () => {
  const r2 = prepare("Vi är sju i familjen, kör mycket landsväg och långresor till Värmland, 1 500 mil om året. Automat.", 280_000);
  it("says what the car uses on fuel when the buyer's electric share is below the blend", () => {
    const t8 = asCard(r2.candidates[0]!, r2.requirements.usage, "volvo-xc90-ii-t8-twin-engine-awd", 2016, 2018);
    const text = all(writeLocally(t8, r2.requirements, [t8]));
    const share = /ungefär (\d+) % av milen går på el; på bensin drar .*? cirka (\d+,\d+) liter per mil, mot faktarutans (\d+,\d+) liter/u.exec(text);
    expect(share, text).not.toBeNull();
    expect(Number(share![2]!.replace(",", "."))).toBeGreaterThan(Number(share![3]!.replace(",", ".")));
  });
});

describe('a diesel surcharge is said as the card computes it, never "flera tusen kronor" when it is less', () => {
  const r5 = prepare("Pendlar 8 mil om dagen, vill ha låga driftkostnader, diesel går bra.", 230_000);
  const sentence = "Golf 8 2.0 TDI betalar dieseltillägg i fordonsskatten, vilket gör skatten flera tusen kronor högre än för bensin-Golfen.";
  it("catches and mends it on a Golf 8 TDI, and leaves a sentence without the vague amount alone", () => {
    const golf = asCard(r5.candidates[0]!, r5.requirements.usage, "volkswagen-golf-mk8-2-0-tdi", 2020, 2022);
    const finding = checkSentence(sentence, cardFacts(golf, r5.requirements));
    expect(finding?.rule).toBe("wording");
    expect(finding?.rewrite).toMatch(/skatten (cirka )?[\d\s\u00a0–]+ kr om året högre/u);
    expect(checkSentence("Golf 8 2.0 TDI betalar dieseltillägg i fordonsskatten.", cardFacts(golf, r5.requirements))).toBeNull();
  });
});

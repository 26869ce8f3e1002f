import { describe, expect, it } from "vitest";
import { prepareAdvice, runAdvice } from "#app/server/advice/advise.server";
import type { AdviceEngine, CarTexts } from "#app/server/advice/contracts.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { checkCard } from "#app/server/advice/fact-check/check-card.server";
import type { RuleName } from "#app/server/advice/fact-check/rules.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

/**
 * A fake model that plants one falsehood per checker rule in otherwise plain texts, run through
 * the real pipeline (reading → candidates → engine → checker and guard → suggestions): every
 * planted sentence is caught before the guard, and none reaches the buyer as written.
 */

const input = { description: "Jag pendlar 8 mil om dagen till jobbet.", maxPrice: 1_500_000, carType: "alla", sellerType: "alla" } as const;

const PLANTED: { rule: RuleName; variantId: string; sentence: string }[] = [
  { rule: "tax", variantId: "kia-ev6-i-77kwh-awd", sentence: "EV6 Long Range AWD betalar malus de första tre åren." },
  { rule: "body", variantId: "tesla-model-y-i-long-range-awd", sentence: "Kombin rymmer 650 liter, en av de största i klassen." },
  { rule: "figure", variantId: "volkswagen-passat-b8-2-0-tdi", sentence: "Bagaget rymmer 9 650 liter." },
  { rule: "years", variantId: "mazda-mx-5-nd-2-0", sentence: "Före 2019 hade MX-5 ND 2.0 160 hk; effekten höjdes till 184 hk först med 2019 års uppdatering." },
  { rule: "plug-in", variantId: "volvo-v60-ii-t8-awd", sentence: "Du kör de flesta pendlingar på el." },
  { rule: "power-words", variantId: "volvo-xc90-ii-t8-recharge-awd", sentence: "XC90 känns seg och orkeslös i backar." },
  { rule: "unverified", variantId: "honda-cr-v-v-2-0-i-mmd-hybrid-awd", sentence: "CR-V får dra 750 kg bromsat släp." },
];

const plain = (deepDive: string): CarTexts => ({
  tagline: "En bil att räkna med.",
  whyItFits: "Den passar hur du kör.",
  deepDive,
  commonFlaws: "Se servicehistoriken.",
  pros: ["Rymlig."],
  cons: ["Inte billig."],
});

const fakeModel: AdviceEngine = {
  source: "openai",
  async advise() {
    return PLANTED.map(({ variantId, sentence }) => ({ variantId, overall: 70, texts: plain(sentence) }));
  },
};

describe("a fake model's planted falsehoods, one per checker rule", async () => {
  const prepared = prepareAdvice(input, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
  const { candidates, requirements } = prepared.prepared;
  const suggestions = await runAdvice(prepared.prepared, input, fakeModel, 10);

  it.each(PLANTED)("$rule: caught before the guard and never shown as written", ({ rule, variantId, sentence }) => {
    const candidate = candidates.find((entry) => entry.variant.id === variantId);
    expect(candidate, `${variantId} is a candidate`).toBeDefined();
    const findings = checkCard(plain(sentence), cardFacts(candidate!, requirements)).findings;
    expect(findings.map((finding) => finding.rule)).toEqual([rule]);
    const shown = suggestions.find((car) => car.variantId === variantId);
    expect(shown).toBeDefined();
    const texts = [shown!.carTagline, shown!.whyItFits, shown!.deepDiveAnalysis, shown!.commonFlaws, ...shown!.pros, ...shown!.cons].join(" ");
    expect(texts).not.toContain(sentence);
  });
});

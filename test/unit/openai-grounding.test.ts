import { describe, expect, it } from "vitest";
import { BuyerRequirementsSchema } from "#app/lib/requirements";
import { findCandidates } from "#app/server/advice/candidates.server";
import { dropInventedAmounts, inventedAmount, knownAmounts } from "#app/server/ai/amount-guard.server";
import { fillOrder } from "#app/server/ai/openai-engine.server";
import { modelKeyOf } from "#app/server/cars/equipment.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

const req = BuyerRequirementsSchema.parse({
  version: 1,
  hard: { maxPrice: 250_000 },
  usage: { milPerYear: 1_500, milPerYearStated: false },
});
const candidates = findCandidates(req, DEFAULT_COST_ASSUMPTIONS);
const candidate = candidates[0];
if (!candidate) throw new Error("the catalogue should have candidates for 250 000 kr");
const name = `${candidate.variant.model} ${candidate.variant.name}`;
const sv = (value: number) => new Intl.NumberFormat("sv-SE").format(value).replace(/\u202f/g, "\u00a0");

describe("the amount guard", () => {
  it("knows the amounts the buyer sees for this car", () => {
    const known = knownAmounts(candidate, req);
    expect(known).toEqual(expect.arrayContaining([candidate.window.priceFrom, candidate.window.priceTo, 250_000, candidate.costs.tax, candidate.costs.total]));
  });

  it("flags an amount we did not compute and lets ours through, rounding included", () => {
    const known = knownAmounts(candidate, req);
    expect(inventedAmount(`Skatten för ${name} är ${sv(candidate.costs.tax)} kr per år.`, known)).toBeNull();
    expect(inventedAmount(`Försäkringen för ${name} kostar runt ${sv(Math.round(candidate.costs.insurance / 100) * 100 + 100)} kronor.`, known)).toBeNull();
    expect(inventedAmount(`Din budget på 250 000 kr räcker.`, known)).toBeNull();
    expect(inventedAmount(`Skatten för ${name} är bara 1 kr per år.`, known)).toBe(1);
    expect(inventedAmount(`${name} kostar 999 999 kr.`, known)).toBe(999_999);
    // Numbers that are not money are the text guard's business, not this one's.
    expect(inventedAmount(`${name} drar 1 800 kg och har 5 säten.`, known)).toBeNull();
  });

  it("drops only the sentences and list items with an invented amount", () => {
    const texts = {
      tagline: `${name} för familjen`,
      whyItFits: `${name} passar dig. Skatten är bara 1 kr per år. Den har fem säten.`,
      deepDive: `${name} är bekväm. Service kostar 45 678 kr om året.`,
      commonFlaws: "Kontrollera kamremmen.",
      pros: ["Bekväm på långresor.", "Bara 10 kr i månaden att äga."],
      cons: ["Stötig på dålig väg."],
    };
    const { texts: clean, dropped } = dropInventedAmounts(texts, candidate, req);
    expect(clean.whyItFits).toBe(`${name} passar dig. Den har fem säten.`);
    expect(clean.deepDive).toBe(`${name} är bekväm.`);
    expect(clean.pros).toEqual(["Bekväm på långresor."]);
    expect(clean.cons).toEqual(texts.cons);
    expect(clean.tagline).toBe(texts.tagline);
    expect(dropped).toEqual(["Skatten är bara 1 kr per år.", "Service kostar 45 678 kr om året.", "Bara 10 kr i månaden att äga."]);
  });
});

describe("fillOrder", () => {
  it("fills in the shared ranking, one car per make and model, never a car or a model already taken", () => {
    const taken = new Set(candidates.slice(0, 3).map((c) => c.variant.id));
    const order = fillOrder(candidates, taken);
    expect(order.some((c) => taken.has(c.variant.id))).toBe(false);
    // One car per make and model not yet shown, best first, and nothing after them.
    const models = new Set(candidates.slice(0, 3).map((c) => modelKeyOf(c.variant)));
    const fresh = candidates.slice(3).filter((c) => !models.has(modelKeyOf(c.variant)) && models.add(modelKeyOf(c.variant)));
    expect(order).toEqual(fresh);
    expect(new Set(order.map((c) => modelKeyOf(c.variant))).size).toBe(order.length);
    // A model the buyer named may come back with another generation.
    const named = candidates.slice(0, 3).map((c) => modelKeyOf(c.variant));
    expect(fillOrder(candidates, taken, named).length).toBeGreaterThanOrEqual(order.length);
  });
});

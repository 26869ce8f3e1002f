import { describe, expect, it } from "vitest";
import type { SearchInput } from "#app/lib/search-form";
import { prepareAdvice, readRequirements } from "#app/server/advice/advise.server";
import { type Candidate, pickDiverse, searchCandidates } from "#app/server/advice/candidates.server";
import { presenceFit } from "#app/server/advice/reliability-evidence.server";
import { CATALOGUE, getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import type { Variant } from "#app/server/cars/variant.server";

// How common a generation is on the used market moves the order, as far as the car gives what the buyer stated.
// Scale and the leave-one-set-out figures: docs/advice-quality.md.

const config = { assumptions: DEFAULT_COST_ASSUMPTIONS };
const input = (description: string, maxPrice: number): SearchInput => ({ description, maxPrice, carType: "alla", sellerType: "alla" });

const variant = (id: string): Variant => {
  const found = getVariant(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
};

/** A copy of a catalogue car in its own generation, so only its fleet differs; 200 ads or more keep its evidence weight full. */
const copy = (base: Variant, id: string, fleet: number): Variant => ({ ...base, id, generation: id, marketPresence: fleet });

function overallOf(description: string, maxPrice: number, catalogue: readonly Variant[], id: string): number {
  const req = readRequirements(input(description, maxPrice), config);
  const found = searchCandidates(req, config.assumptions, catalogue).candidates.find((candidate) => candidate.variant.id === id);
  if (!found) throw new Error(`${id} is not a candidate`);
  return found.overall;
}

function firstThree(description: string, maxPrice: number): Candidate[] {
  const prepared = prepareAdvice(input(description, maxPrice), 10, config);
  if (prepared.status !== "ready") throw new Error(`${prepared.status}: ${prepared.message}`);
  return pickDiverse(prepared.prepared.candidates, 3, prepared.prepared.requirements.namedModels);
}

describe("a common generation ranks above a rare one with the same facts", () => {
  const base = variant("toyota-avensis-t27-1-8");
  const common = copy(base, "vanlig", 2500);
  const rare = copy(base, "ovanlig", 200);
  const catalogue = [...CATALOGUE, common, rare];

  it("scores the fleet on a log scale from the rarest tenth to the commonest generations", () => {
    expect(presenceFit(common, catalogue)).toBeGreaterThan(90);
    expect(presenceFit(rare, catalogue)).toBeLessThan(45);
    expect(presenceFit(copy(base, "sallsynt", 20), [...CATALOGUE, copy(base, "sallsynt", 20)])).toBe(0);
  });

  it("the common copy scores higher for a buyer who states no wish it misses", () => {
    const wish = "pålitlig kombi till familjen";
    expect(overallOf(wish, 90_000, catalogue, "vanlig")).toBeGreaterThan(overallOf(wish, 90_000, catalogue, "ovanlig"));
  });

  it("gives a common car no credit where it misses the stated wish: a real off-roader still leads", () => {
    const wish = "terrängbil på riktigt, lågväxel, till jakten";
    const plain = copy(variant("toyota-rav4-v-2-5-hybrid-awd"), "vanlig-suv", 5000);
    const withPlain = [...CATALOGUE, plain];
    expect(overallOf(wish, 400_000, withPlain, "vanlig-suv")).toBeLessThan(overallOf(wish, 400_000, withPlain, "suzuki-jimny-iv-1-5"));
  });
});

describe("the estate Sweden buys stands among the first three of a plain estate wish", () => {
  it("'pålitlig kombi till familjen' at 80 000 kr: an Octavia, not a small Fabia, beside the Toyotas", () => {
    const models = firstThree("pålitlig kombi till familjen, två barn och hund", 80_000).map((car) => `${car.variant.make} ${car.variant.model}`);
    expect(models).toContain("Skoda Octavia");
  });
});

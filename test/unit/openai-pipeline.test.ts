import { afterEach, describe, expect, inject, it } from "vitest";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { SearchInput } from "#app/lib/search-form";
import { type PreparedAdvice, prepareAdvice, runAdvice, toSuggestion } from "#app/server/advice/advise.server";
import { violations } from "#app/server/advice/enforcement.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import { sentences } from "#app/server/advice/sentences.server";
import { createOpenAIAdviceEngine } from "#app/server/ai/openai-engine.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { createOutboundGuard } from "#test/setup/outbound-guard";

/**
 * Both engines through the shared pipeline (`prepareAdvice` → engine → `runAdvice`), with the
 * OpenAI engine against the fake OpenAI server: the same requirements and candidates, only
 * candidates suggested even by a model that ignores its schema, every number from the facts, and
 * texts that contradict the facts removed before a buyer reads them.
 */

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAIUrl: string;
  }
}

const fakeUrl = inject("fakeOpenAIUrl");
const outbound = createOutboundGuard([`${fakeUrl}/v1/`]);

afterEach(() => {
  expect(outbound.takeUnexpected()).toEqual([]);
});

function openai(mode: string) {
  const key = `${mode}-${crypto.randomUUID()}`;
  const engine = createOpenAIAdviceEngine({
    apiKey: "sk-test",
    baseUrl: `${fakeUrl}/v1`,
    model: `${mode}/${key}`,
    timeoutMs: 5_000,
    retryDelayMs: 50,
    fetch: outbound.fetch,
    log: () => {},
  });
  return { engine, key };
}

async function shortlistAnswer(key: string): Promise<{ picks: { id: string }[] }> {
  const calls = (await (await fetch(`${fakeUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as {
    schemaName?: string;
    responseContent?: string;
  }[];
  return JSON.parse(calls.find((call) => call.schemaName === "advice_shortlist")?.responseContent ?? "{}") as { picks: { id: string }[] };
}

function prepare(input: SearchInput): PreparedAdvice {
  const result = prepareAdvice(input, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (result.status !== "ready") throw new Error(`expected candidates for "${input.description}": ${result.status}`);
  return result.prepared;
}

/** Everything on a suggestion a buyer reads as a number, apart from the engine's own rank and overall. */
function numbers(suggestion: CarSuggestion) {
  const { rank: _rank, overall: _overall, ...ratings } = suggestion.ratings;
  return {
    facts: suggestion.facts,
    ratings,
    recommendedYear: suggestion.recommendedYear,
    recommendedPrice: suggestion.recommendedPrice,
    recommendedMileage: suggestion.recommendedMileage,
    ownershipCost: suggestion.ownershipCost,
    carMake: suggestion.carMake,
    carModel: suggestion.carModel,
  };
}

const JAMTLAND: SearchInput = {
  description: "Vi bor i Jämtland och måste ha fyrhjulsdrift. Ska dra en husvagn på 1 600 kg. Kör ungefär 2 500 mil om året, driftsäkerhet är viktigast.",
  maxPrice: 350_000,
  carType: "alla",
  sellerType: "alla",
};

describe("the OpenAI engine in the shared advice pipeline", () => {
  it("suggests only candidates for the same requirements, with numbers identical to the local engine's", async () => {
    const prepared = prepare(JAMTLAND);
    expect(prepared.requirements.hard).toMatchObject({ awd: true, minTowingKg: 1_600 });
    expect(prepared.requirements.usage.milPerYear).toBe(2_500);
    const byId = new Map(prepared.candidates.map((candidate) => [candidate.variant.id, candidate]));

    const { engine } = openai("ok");
    const fromModel = await runAdvice(prepared, JAMTLAND, engine, 10);
    const fromLocal = await runAdvice(prepared, JAMTLAND, localAdviceEngine, 10);

    expect(fromModel).toHaveLength(10);
    for (const suggestion of fromModel) {
      const candidate = byId.get(suggestion.variantId ?? "");
      expect(candidate, suggestion.carName).toBeDefined();
      if (!candidate) continue;
      expect(violations(candidate.variant, prepared.requirements.hard)).toEqual([]);
      // The marketplace gets the catalogue's Blocket names, whatever the model wrote.
      expect([suggestion.carMake, suggestion.carModel]).toEqual([candidate.variant.make, candidate.variant.model]);
      // Fuel cost on the buyer's own 2 500 mil, as for the local engine.
      expect(suggestion.ownershipCost.fuel).toBe(candidate.costs.fuel);
    }
    const local = new Map(fromLocal.map((suggestion) => [suggestion.variantId, suggestion]));
    const shared = fromModel.filter((suggestion) => local.has(suggestion.variantId));
    expect(shared.length).toBeGreaterThan(0);
    for (const suggestion of shared) expect(numbers(suggestion)).toEqual(numbers(local.get(suggestion.variantId) as CarSuggestion));
    // And for the cars only one engine chose, the numbers are still the candidate's own.
    for (const suggestion of fromModel) {
      const candidate = byId.get(suggestion.variantId ?? "");
      if (candidate)
        expect(numbers(suggestion)).toEqual(
          numbers(
            toSuggestion(
              candidate,
              { variantId: candidate.variant.id, overall: 0, texts: { tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: [], cons: [] } },
              1,
            ),
          ),
        );
    }
  });

  it("never suggests the car a rogue model names outside the candidates, and still gives ten", async () => {
    const input: SearchInput = {
      description: "Bara elbil, inget annat. Pendlar till jobbet i stan och vill ha något pålitligt.",
      maxPrice: 350_000,
      carType: "alla",
      sellerType: "alla",
    };
    const prepared = prepare(input);
    expect(prepared.requirements.hard.allowedFuels).toEqual(["el"]);

    const { engine, key } = openai("rogue");
    const suggestions = await runAdvice(prepared, input, engine, 10);

    // The fake named a real catalogue car that breaks "bara elbil" (a plug-in hybrid).
    const answer = await shortlistAnswer(key);
    const ids = new Set(prepared.candidates.map((candidate) => candidate.variant.id));
    const rogue = answer.picks.map((pick) => pick.id).find((id) => !ids.has(id)) ?? "";
    const variant = getVariant(rogue);
    expect(variant?.fuel).toBe("laddhybrid");
    if (variant) expect(violations(variant, prepared.requirements.hard)).toContain("allowedFuels");

    expect(suggestions).toHaveLength(10);
    expect(suggestions.map((suggestion) => suggestion.variantId)).not.toContain(rogue);
    expect(suggestions.every((suggestion) => ids.has(suggestion.variantId ?? "") && suggestion.facts?.fuel === "el")).toBe(true);
    expect(new Set(suggestions.map((suggestion) => suggestion.variantId)).size).toBe(10);
  });

  it("removes texts that contradict the facts before the buyer reads them", async () => {
    const input: SearchInput = {
      description: "Familjebil, kombi, gärna snål och bekväm. Kör 1 500 mil om året.",
      maxPrice: 250_000,
      carType: "alla",
      sellerType: "alla",
    };
    const prepared = prepare(input);
    const { engine, key } = openai("contradict");
    const suggestions = await runAdvice(prepared, input, engine, 10);

    // The model did write the claims; the pipeline is what took them out.
    const written = JSON.stringify(await (await fetch(`${fakeUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json());
    for (const claim of ["har fyrhjulsdrift som standard", "går på snål diesel", "har sju säten", "1 kr per år"]) expect(written).toContain(claim);

    expect(suggestions).toHaveLength(10);
    const frontWheel = suggestions.filter((suggestion) => suggestion.facts?.drivetrain !== "awd");
    const petrol = suggestions.filter((suggestion) => suggestion.facts?.fuel !== "diesel");
    expect(frontWheel.length).toBeGreaterThan(0);
    expect(petrol.length).toBeGreaterThan(0);
    const all = (suggestion: CarSuggestion) =>
      [suggestion.carTagline, suggestion.whyItFits, suggestion.deepDiveAnalysis, suggestion.commonFlaws, ...suggestion.pros, ...suggestion.cons].flatMap(
        sentences,
      );
    for (const suggestion of frontWheel) expect(all(suggestion).filter((s) => /har fyrhjulsdrift som standard/.test(s))).toEqual([]);
    for (const suggestion of petrol) expect(all(suggestion).filter((s) => /går på snål diesel/.test(s))).toEqual([]);
    for (const suggestion of suggestions) {
      if ((suggestion.facts?.seats ?? 0) < 7) expect(all(suggestion).filter((s) => /har sju säten/.test(s))).toEqual([]);
      expect(all(suggestion).filter((s) => /1 kr per år/.test(s))).toEqual([]);
      // What is left is still the model's grounded prose, not an empty card.
      expect(suggestion.whyItFits.length).toBeGreaterThan(40);
      expect(suggestion.pros.length).toBeGreaterThan(0);
    }
  });
});

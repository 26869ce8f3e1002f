import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { pickDiverse } from "#app/server/advice/candidates.server";
import type { CardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { RULE_FUNCTIONS } from "#app/server/advice/fact-check/rules.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { sentences } from "#app/server/advice/sentences.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// A car "uppfyller" a wish; "möter ditt önskemål" is the English "meets".

const facts = { names: ["XV 2.0i"], variant: { bodies: [{}], fuel: "bensin" } } as unknown as CardFacts;
const wording = (sentence: string) => RULE_FUNCTIONS.wording(sentence, facts);

describe('a wish is "uppfyllt", never "mött"', () => {
  it("the checker catches 'möter' of a wish and turns the sentence round", () => {
    expect(wording("Ditt önskemål om hög sittposition möter XV 2.0i också.")?.rewrite).toBe("XV 2.0i uppfyller också ditt önskemål om hög sittposition.");
    expect(wording("XV 2.0i möter också dina önskemål om låg förbrukning och pålitlighet.")?.rewrite).toBe(
      "XV 2.0i uppfyller också dina önskemål om låg förbrukning och pålitlighet.",
    );
    expect(wording("XV 2.0i uppfyller också ditt önskemål om hög sittposition.")).toBeNull();
    expect(wording("På landsvägen möter du sällan köer.")).toBeNull();
  });

  it("the local writer's wish sentences say 'uppfyller'", () => {
    const prepared = prepareAdvice(
      { description: "snål o pålitlig bil med hög sittposition, kör 1500 mil om året", maxPrice: 150_000, carType: "alla", sellerType: "alla" },
      10,
      { assumptions: DEFAULT_COST_ASSUMPTIONS },
    );
    if (prepared.status !== "ready") throw new Error(prepared.status);
    const peers = pickDiverse(prepared.prepared.candidates, 10);
    const all = peers.flatMap((peer) => sentences(writeLocally(peer, prepared.prepared.requirements, peers).whyItFits));
    expect(all.filter((sentence) => /önskemål/u.test(sentence) && /uppfyller/u.test(sentence)).length).toBeGreaterThan(0);
    expect(all.filter((sentence) => /(?<![\p{L}])möter(?![\p{L}])/u.test(sentence))).toEqual([]);
  });
});

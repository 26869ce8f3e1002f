import { describe, expect, it } from "vitest";
import { makeLabel } from "#app/lib/car-facts";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { otherVariantsOf, pickDiverse } from "#app/server/advice/candidates.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { otherVariantsLine } from "#app/server/advice/other-variants.server";
import { sentences } from "#app/server/advice/sentences.server";
import { CATALOGUE, variantDisplayName } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { flawText } from "#app/server/cars/variant.server";

// The eighth blind review's Swedish: the make's own spelling, plurals, and other variants named as the make names them.

function texts(description: string, maxPrice: number): string[] {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
  const { candidates, requirements } = prepared.prepared;
  const top = pickDiverse(candidates, 10, requirements.namedModels).slice(0, 10);
  return top.flatMap((candidate) => {
    const t = writeLocally(candidate, requirements, top);
    const others = otherVariantsLine(candidate, otherVariantsOf(candidate, candidates), cardFacts(candidate, requirements), requirements);
    return [t.tagline, t.whyItFits, t.deepDive, t.commonFlaws, ...t.pros, ...t.cons, others ?? ""].flatMap(sentences);
  });
}

const ELECTRICIAN =
  "elektriker, kör ca 4000 mil/år mest pendling Uppsala-Sthlm plus lite verktyg och stegar. prefer laddhybrid eller el om räckvidden räcker, kan ladda hemma. vill ha kombi, inte suv. låg förbrukning viktigast";
const FARMER =
  "bor i norrland utanför Arvidsjaur, grusväg, mycket snö. måste ha 4wd och kunna dra husvagn på ca 1600 kg. helst diesel eller bensin, ingen ren elbil pga kylan och långt till laddning. min svågers Subaru Outback har varit bra men vill ha lite större dragkapacitet";

describe("the make's own names", () => {
  it("spells Citroën with its diaeresis wherever the buyer reads it, not in Blocket's query", () => {
    const berlingo = CATALOGUE.find((variant) => variant.make === "Citroen")!;
    expect(variantDisplayName(berlingo)).toMatch(/^Citroën /u);
    expect(makeLabel("Volvo")).toBe("Volvo");
    const written = CATALOGUE.flatMap((variant) => [...variant.strengths, ...variant.reliabilityNotes, ...variant.knownFlaws.map(flawText)]);
    expect(written.filter((text) => /Citroen(?![\p{L}])/u.test(text))).toEqual([]);
  });

  it("names another variant by model, generation and engine, never a generation after the engine", () => {
    const said = [...texts(ELECTRICIAN, 200_000), ...texts(FARMER, 250_000)];
    const siblings = said.filter((sentence) => /klarar (även|också)|klarar dina krav|finns också som/u.test(sentence));
    expect(siblings.length).toBeGreaterThan(0);
    const late = /(?:\d|hk\)|iV|TDI|TSI|CVT|4x4|Hybrid|AWD|4WD)\s(?:I|II|III|IV|V|VI|VII|VIII|XII|Mk\d)\s\(/u;
    expect(siblings.filter((sentence) => late.test(sentence))).toEqual([]);
    expect(siblings.filter((sentence) => / och [^,]+ och \d+ till/u.test(sentence))).toEqual([]);
  });

  it("puts a count word's noun in the plural ('många mellanklasskombier')", () => {
    const written = CATALOGUE.flatMap((variant) => [...variant.strengths, ...variant.reliabilityNotes, ...variant.knownFlaws.map(flawText)]);
    expect(written.filter((text) => /(?:många|flera|de flesta) \p{L}*kombi(?![\p{L}])/u.test(text))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { RULE_FUNCTIONS } from "#app/server/advice/fact-check/rules.server";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { flawText } from "#app/server/cars/variant.server";

// Phrases a reviewer would not sign: internal jargon, "fler … det andra", a car called optional for its third row.

const facts = { variant: CATALOGUE[0]!, names: ["Touran II"], yearFrom: 2016, yearTo: 2020, referenceYear: 2026 } as never;
const wording = (sentence: string) => RULE_FUNCTIONS.wording(sentence, facts);

describe("phrases a journalist would not sign", () => {
  it("are caught: referensdata, fungerande felstatistik, fler … det andra, Sjusitsiga … var tillval", () => {
    expect(wording("Touran II med 2.0 TDI har få kända fel; referensdata beskriver den som en bra familjebuss.")?.rule).toBe("wording");
    expect(wording("V40 har två motorer, båda med fungerande felstatistik.")?.rule).toBe("wording");
    expect(wording("Sjusitsiga Sorento III var tillval på vissa nivåer.")?.rule).toBe("wording");
    expect(wording("Fler utföranden av Nissan Leaf klarar också dina krav: sök på modellen för att se det andra.")?.rewrite).toBe(
      "Fler utföranden av Nissan Leaf klarar också dina krav: sök på modellen för att se de andra.",
    );
  });

  it("pass when said plainly", () => {
    expect(wording("Touran II med 2.0 TDI har få kända fel och räknas som en bra familjebuss.")).toBeNull();
    expect(wording("Tredje raden i Sorento III var tillval på vissa nivåer.")).toBeNull();
    expect(wording("Ett utförande till av Nissan Leaf klarar också dina krav: sök på modellen för att se det.")).toBeNull();
  });

  it("none is left in the catalogue's sentences", () => {
    const written = CATALOGUE.flatMap((variant) => [...variant.strengths, ...variant.reliabilityNotes, ...variant.knownFlaws.map(flawText)]);
    expect(written.filter((text) => /referensdata|fungerande felstatistik|^Sjusitsiga/iu.test(text))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { CardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { RULE_FUNCTIONS } from "#app/server/advice/fact-check/rules.server";
import { sentences } from "#app/server/advice/sentences.server";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { flawText } from "#app/server/cars/variant.server";

// "Sexstegade DSG-lådan …" lacks its article, and an oil change "var sjätte mil" is every 60 km.

const facts = { names: ["Alhambra 2.0 TDI"], variant: { bodies: [{}], fuel: "diesel" } } as unknown as CardFacts;
const wording = (sentence: string) => RULE_FUNCTIONS.wording(sentence, facts);

describe("catalogue sentences a journalist would sign", () => {
  it("the checker gives a bare definite adjective its article", () => {
    expect(wording("Sexstegade DSG-lådan i Ducato kan få lagerljud.")?.rewrite).toBe("Den sexstegade DSG-lådan i Ducato kan få lagerljud.");
    expect(wording("Luftkylda 40 kWh-batteriet blir varmt vid snabbladdning.")?.rewrite).toBe("Det luftkylda 40 kWh-batteriet blir varmt vid snabbladdning.");
    expect(wording("Den steglösa Lineartronic-lådan i Forester kräver oljebyte.")).toBeNull();
  });

  it("an oil change 'var sjätte mil' becomes 'var 6 000:e mil'; a sixth year stays", () => {
    expect(wording("Den sexstegade DSG-lådan kräver oljebyte var sjätte mil.")?.rewrite).toBe("Den sexstegade DSG-lådan kräver oljebyte var 6\u00a0000:e mil.");
    expect(wording("Den sjuväxlade DSG-lådan behöver oljebyte vart sjätte år.")).toBeNull();
  });

  it("no catalogue sentence opens without its article or changes oil every few mil", () => {
    const texts = CATALOGUE.flatMap((variant) => [...variant.strengths, ...variant.reliabilityNotes, ...variant.knownFlaws.map(flawText)]);
    const found = texts.flatMap(sentences).filter((sentence) => /bestämd form utan artikel|oljebyte/u.test(wording(sentence)?.why ?? ""));
    expect(found).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { type CardFacts, cardFacts, powerClass } from "#app/server/advice/fact-check/card-facts.server";
import { checkCard, checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { RULE_FUNCTIONS, type RuleName } from "#app/server/advice/fact-check/rules.server";
import { guardResultTexts } from "#app/server/advice/text-guard.server";
import type { BodyType } from "#app/lib/car-facts";
import { getVariant } from "#app/server/cars/catalogue.server";

const REFERENCE_YEAR = 2026;

/** The card facts of a catalogue variant for the given years and body, for a buyer who wrote `wish`. */
function facts(id: string, years: [number, number], body?: BodyType, wish = "En bra bil till familjen."): CardFacts {
  const variant = getVariant(id);
  if (!variant) throw new Error(`no variant ${id}`);
  const chosen = variant.bodies.find((entry) => entry.type === body) ?? variant.bodies[0]!;
  const req = parseRequirements({ description: wish, maxPrice: 500_000, carType: "alla", sellerType: "alla" }, { referenceYear: REFERENCE_YEAR });
  const candidate = {
    variant,
    window: { yearFrom: years[0], yearTo: years[1], priceFrom: 1, priceTo: 2, mileageTo: 500, body: chosen },
    costs: { ageYears: REFERENCE_YEAR - years[1] },
  } as unknown as Candidate;
  return cardFacts(candidate, req);
}

const ev6 = facts("kia-ev6-i-77kwh-awd", [2023, 2024]);
const sportagePhev = facts("kia-sportage-v-plug-in-hybrid-awd", [2023, 2024]);
const passatSedan = facts("volkswagen-passat-b8-2-0-tdi", [2019, 2021], "sedan");
const passatKombi = facts("volkswagen-passat-b8-2-0-tdi", [2019, 2021], "kombi");
const optimaSedan = facts("kia-optima-jf-plug-in-hybrid", [2017, 2019], "sedan");
const mx5Early = facts("mazda-mx-5-nd-2-0", [2017, 2019], "cab");
const mx5Late = facts("mazda-mx-5-nd-2-0", [2020, 2022], "cab");
const v60T8Long = facts("volvo-v60-ii-t8-awd", [2020, 2022], undefined, "Jag pendlar 8 mil om dagen till jobbet.");
const v60T8Short = facts("volvo-v60-ii-t8-awd", [2020, 2022], undefined, "Jag kör 2 mil om dagen.");

const rule = (name: RuleName, sentence: string, card: CardFacts) => RULE_FUNCTIONS[name](sentence, card)?.rule ?? null;

describe("the fact checker's rules", () => {
  it("tax: malus only when the computed tax of the recommended years holds a malus part", () => {
    expect(rule("tax", "Malus gör skatten för EV6 Long Range AWD hög de första åren: 360 kr per år.", ev6)).toBe("tax");
    expect(rule("tax", "Sportage 1.6 T-GDI Plug-in Hybrid AWD av årsmodell 2024 betalar fortfarande malus: 360 kr per år.", sportagePhev)).toBe("tax");
    const malusPetrol = facts("mazda-mx-5-nd-2-0", [2024, 2025], "cab");
    expect(rule("tax", "MX-5 betalar malus de första tre åren.", malusPetrol)).toBeNull();
    expect(rule("tax", "Skatten för EV6 är 360 kr per år.", ev6)).toBeNull();
    expect(rule("tax", "Skatten för EV6 är 4 500 kr per år.", ev6)).toBe("tax");
  });

  it("body: body words against the card's body", () => {
    expect(rule("body", "Kombin rymmer 650 liter, en av de största i klassen.", passatSedan)).toBe("body");
    expect(rule("body", "Sportswagon-kombin är en av få billiga laddhybridkombibilar och drar 1 500 kg släp.", optimaSedan)).toBe("body");
    expect(rule("body", "Kombin rymmer 650 liter, en av de största i klassen.", passatKombi)).toBeNull();
    expect(rule("body", "Sedanen har ett rymligt baksäte.", passatSedan)).toBeNull();
    expect(rule("body", "Först N47, sedan B47 från 2015.", passatKombi)).toBeNull();
  });

  it("figure: boot, range and power as the facts give them, one figure per fact per card", () => {
    expect(rule("figure", "Bagaget rymmer 650 liter.", passatSedan)).toBe("figure");
    expect(rule("figure", "Bagaget rymmer 586 liter.", passatSedan)).toBeNull();
    expect(rule("figure", "EV6 har 250 hk.", ev6)).toBe("figure");
    expect(rule("figure", "EV6 har 325 hk.", ev6)).toBeNull();
    const card = checkCard(
      {
        tagline: "",
        whyItFits: "",
        deepDive: "Batteriet räcker runt 40 mil i mild väderlek och ungefär 30 mil i vinterkyla.",
        commonFlaws: "",
        pros: [],
        cons: ["I vinterkyla sjunker räckvidden för EV6 till ungefär 26 mil."],
      },
      ev6,
    );
    expect(card.findings.map((finding) => finding.rule)).toEqual(["figure"]);
    expect(card.texts.cons).toEqual(["I vinterkyla sjunker räckvidden för EV6 till ungefär 30 mil."]);
  });

  it("years: flaws and power valid for the recommended years", () => {
    expect(rule("years", "MX-5 ND 2.0 har 184 hk och väger bara 1 075 kg.", mx5Early)).toBe("years");
    expect(rule("years", "MX-5 ND 2.0 har 184 hk och väger bara 1 075 kg.", mx5Late)).toBeNull();
    const flaw = "Före 2019 hade MX-5 ND 2.0 160 hk; effekten höjdes till 184 hk först med 2019 års uppdatering.";
    expect(rule("years", flaw, mx5Late)).toBe("years");
    expect(rule("years", flaw, mx5Early)).toBeNull();
  });

  it("plug-in: electric share against the buyer's daily driving", () => {
    expect(rule("plug-in", "Kör de flesta pendlingar på el och drar ändå 2 100 kg släp.", v60T8Long)).toBe("plug-in");
    expect(rule("plug-in", "Kör de flesta pendlingar på el och drar ändå 2 100 kg släp.", v60T8Short)).toBeNull();
    expect(rule("plug-in", "Elräckvidden räcker bara till en del av dina dagliga resor.", v60T8Short)).toBe("plug-in");
    expect(rule("plug-in", "Elräckvidden räcker bara till en del av dina dagliga resor.", v60T8Long)).toBeNull();
  });

  it("power words: from power and weight", () => {
    expect(powerClass(265, 1900)).toBe("brisk");
    expect(rule("power-words", "265 hk i en bil på 1 900 kg gör Sportage mer lugn än pigg.", sportagePhev)).toBe("power-words");
    const touran = facts("volkswagen-touran-i-1-9-tdi", [2008, 2010]);
    expect(rule("power-words", "105 hk i en bil på 1 550 kg gör Touran 1.9 TDI mer lugn än pigg.", touran)).toBeNull();
    expect(rule("power-words", "Touran 1.9 TDI är pigg och kraftfull.", touran)).toBe("power-words");
  });
});

describe("unverified catalogue figures", () => {
  // Honda's CR-V hybrid: power, weight, towing and boot are marked unverified in the catalogue.
  const crv = facts("honda-cr-v-v-2-0-i-mmd-hybrid-awd", [2021, 2023]);

  it("unverified: a figure no source confirmed is stated with cirka, never as certain", () => {
    expect(rule("unverified", "CR-V får dra 750 kg bromsat släp.", crv)).toBe("unverified");
    expect(rule("unverified", "CR-V får dra cirka 750 kg bromsat släp.", crv)).toBeNull();
    expect(rule("unverified", "Enligt uppgift drar CR-V 750 kg.", crv)).toBeNull();
    expect(rule("unverified", "Bagaget rymmer 497 liter.", crv)).toBe("unverified");
    // A verified variant states its figures plainly.
    expect(rule("unverified", "EV6 har 325 hk.", ev6)).toBeNull();
  });

  it("mends the sentence with cirka before every such figure, and the mended sentence passes", () => {
    const card = checkCard({ tagline: "", whyItFits: "", deepDive: "CR-V har 184 hk och drar 750 kg.", commonFlaws: "", pros: [], cons: [] }, crv);
    expect(card.texts.deepDive).toBe("CR-V har cirka 184 hk och drar cirka 750 kg.");
    expect(card.findings).toMatchObject([{ rule: "unverified", action: "rewritten" }]);
  });
});

describe("the issue's false sentences", () => {
  it.each([
    ["Malus gör skatten för EV6 hög de första åren: 360 kr per år.", ev6],
    ["EV6 Long Range AWD av årsmodell 2024 betalar fortfarande malus: 360 kr per år tills bilen är tre år.", ev6],
    ["Kombin rymmer 650 liter, en av de största i klassen.", passatSedan],
    ["Sportswagon-kombin är en av få billiga laddhybridkombibilar och drar 1 500 kg släp.", optimaSedan],
    ["265 hk i en bil på 1 900 kg gör Sportage 1.6 T-GDI Plug-in Hybrid AWD mer lugn än pigg.", sportagePhev],
    ["MX-5 ND 2.0 184 hk är lätt och balanserad.", mx5Early],
    ["Kör de flesta pendlingar på el och drar ändå 2 100 kg släp.", v60T8Long],
    ["Elräckvidden räcker bara till en del av dina dagliga resor.", v60T8Short],
    ["Sportage 1.6 T-GDI Plug-in Hybrid AWD betalar fortfarande malus: 360 kr per år.", sportagePhev],
    ["Före 2019 hade MX-5 ND 2.0 160 hk; effekten höjdes till 184 hk först med 2019 års uppdatering.", mx5Late],
  ] as const)("catches %s", (sentence, card) => {
    expect(checkSentence(sentence, card)).not.toBeNull();
  });

  it("two winter ranges and a contradicting electric share on one card never both reach the buyer", () => {
    const texts = {
      tagline: "",
      whyItFits: "",
      deepDive: "Elräckvidden på cirka 4 mil i V60 T8 räcker bara till en del av dina dagliga resor.",
      commonFlaws: "",
      pros: ["Kör de flesta pendlingar på el och drar ändå 2 100 kg släp."],
      cons: [],
    };
    expect(checkCard(texts, v60T8Long).texts.pros).toEqual([]);
  });
});

describe("a model's planted falsehoods through the guard", () => {
  it("the guard removes or mends one planted falsehood per rule and shows none of them", () => {
    const planted: [RuleName, string, CardFacts][] = [
      ["tax", "EV6 betalar malus de första åren.", ev6],
      ["body", "Kombin rymmer 650 liter.", passatSedan],
      ["figure", "Bagaget i sedanen rymmer 700 liter.", passatSedan],
      ["years", "Före 2019 hade MX-5 ND 2.0 160 hk; effekten höjdes till 184 hk först med 2019 års uppdatering.", mx5Late],
      ["plug-in", "Du kör de flesta pendlingar på el.", v60T8Long],
      ["power-words", "Med 325 hk känns EV6 seg.", ev6],
      ["unverified", "CR-V får dra 750 kg bromsat släp.", facts("honda-cr-v-v-2-0-i-mmd-hybrid-awd", [2021, 2023])],
    ];
    const guarded = guardResultTexts(
      planted.map(([, sentence, card]) => ({
        variant: card.variant,
        facts: card,
        texts: { tagline: "", whyItFits: "En bra bil.", deepDive: sentence, commonFlaws: "", pros: [], cons: [] },
      })),
    );
    guarded.forEach((result, index) => {
      const [name, sentence] = planted[index]!;
      expect(result.checked.map((finding) => finding.rule)).toEqual([name]);
      expect(result.texts.deepDive).not.toContain(sentence);
      if (result.checked[0]?.action === "rewritten") expect(checkSentence(result.texts.deepDive, planted[index]![2])).toBeNull();
    });
  });
});

describe("power by model year", () => {
  it("reads a year-bound flaw's powers: the first for its years, the second for the others", () => {
    const c43 = facts("mercedes-benz-c-klass-w205-amg-c-43", [2019, 2021]);
    expect(c43.powers).toEqual([{ from: 2019, to: 2021, hp: 390 }]);
    expect(facts("mazda-mx-5-nd-2-0", [2017, 2019], "cab").powers).toEqual([
      { from: 2017, to: 2018, hp: 160 },
      { from: 2019, to: 2019, hp: 184 },
    ]);
    expect(checkSentence("C 43 har 367 hk.", c43)?.rule).toBe("figure");
  });
});

import { describe, expect, it } from "vitest";
import type { Candidate } from "#app/server/advice/candidates.server";
import { type CardFacts, cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { RULE_FUNCTIONS, type RuleName } from "#app/server/advice/fact-check/rules.server";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import { getVariant } from "#app/server/cars/catalogue.server";

// Sentences a car journalist would not sign though every figure holds: a true and a false example per class.

const REFERENCE_YEAR = 2026;

function facts(id: string, years: [number, number]): CardFacts {
  const variant = getVariant(id);
  if (!variant) throw new Error(`no variant ${id}`);
  const req = parseRequirements(
    { description: "En bra bil till familjen.", maxPrice: 500_000, carType: "alla", sellerType: "alla" },
    { referenceYear: REFERENCE_YEAR },
  );
  const candidate = {
    variant,
    window: { yearFrom: years[0], yearTo: years[1], priceFrom: 1, priceTo: 2, mileageTo: 500, body: variant.bodies[0]! },
    costs: { ageYears: REFERENCE_YEAR - years[1] },
  } as unknown as Candidate;
  return cardFacts(candidate, req);
}

// Each rule by name, so another rule's verdict on the same sentence does not hide it (before a rule existed: null).
const byRule = (name: RuleName) => (sentence: string, card: CardFacts) =>
  (RULE_FUNCTIONS[name] as typeof RULE_FUNCTIONS.tax | undefined)?.(sentence, card) ?? null;

const picanto = facts("kia-picanto-ii-1-0", [2012, 2016]);
const ceed = facts("kia-picanto-iii-1-0", [2021, 2023]);
const v60 = facts("volvo-v60-ii-t8-awd", [2019, 2021]);
const e300 = facts("mercedes-benz-e-klass-w213-e-300-de", [2019, 2021]);
const outback = facts("subaru-outback-v-2-5i", [2016, 2019]);

describe("wording: Swedish a journalist would write", () => {
  it('"bilen bakom" is no Swedish, and the mend drops it', () => {
    const finding = byRule("wording")("Krocktestet i Euro NCAP 2013 gav bilen bakom V60 T8 Twin Engine AWD 5 av 5 stjärnor.", v60);
    expect(finding?.rule).toBe("wording");
    expect(finding?.rewrite).toBe("Krocktestet i Euro NCAP 2013 gav V60 T8 Twin Engine AWD 5 av 5 stjärnor.");
    expect(byRule("wording")("I Euro NCAP 2018 fick bilen som V60 T8 Twin Engine AWD bygger på 5 av 5 stjärnor.", v60)).toBeNull();
  });

  it('a consumption is "drar runt", a distance may be "kör runt"', () => {
    const finding = byRule("wording")("Drar 1 650 kg trots hybriddrift och kör runt 0,65 liter per mil.", v60);
    expect(finding?.rule).toBe("wording");
    expect(finding?.rewrite).toBe("Drar 1 650 kg trots hybriddrift och drar runt 0,65 liter per mil.");
    expect(byRule("wording")("Bilen drar runt 0,65 liter per mil.", v60)).toBeNull();
  });

  it('"var sjätte tusen mil" becomes "var 6 000:e mil"', () => {
    const finding = byRule("wording")("Den våta DSG-lådan ska ha olja vart sjätte tusen mil, annars kan mekatroniken få fel.", v60);
    expect(finding?.rule).toBe("wording");
    expect(finding?.rewrite).toBe("Den våta DSG-lådan ska ha olja var 6\u00a0000:e mil, annars kan mekatroniken få fel.");
    expect(byRule("wording")("Den våta DSG-lådan ska ha olja var 6 000:e mil, annars kan mekatroniken få fel.", v60)).toBeNull();
  });

  it("a sentence opens with a capital letter unless it opens with the car's own name", () => {
    const finding = byRule("wording")("cirka 117 hk i en bil på cirka 1 300 kg gör bilen mer lugn än pigg.", picanto);
    expect(finding?.rule).toBe("wording");
    expect(finding?.rewrite).toBe("Cirka 117 hk i en bil på cirka 1 300 kg gör bilen mer lugn än pigg.");
    expect(byRule("wording")("Cirka 117 hk i en bil på cirka 1 300 kg gör bilen mer lugn än pigg.", picanto)).toBeNull();
  });

  it("a high sill is no ease of entry; a high seat is", () => {
    expect(byRule("wording")("Splash har högt tak och högt insteg, så den är lätt att kliva i och ur.", picanto)?.rule).toBe("wording");
    expect(byRule("wording")("Splash har högt tak och hög sittposition, så den är lätt att kliva i och ur.", picanto)).toBeNull();
  });

  it("no brackets inside brackets", () => {
    expect(byRule("wording")("Dina krav stämmer in på Kodiaq: minst 5 säten (Kodiaq har 7 säten med en tredje rad för barn (tillval)).", picanto)?.rule).toBe(
      "wording",
    );
    expect(
      byRule("wording")("Dina krav stämmer in på Kodiaq: minst 5 säten (Kodiaq har 5 säten, 7 med den tredje raden för barn som var tillval).", picanto),
    ).toBeNull();
  });

  it('"than the first years" names the years', () => {
    expect(byRule("wording")("FB25-motorn i Outback V har betydligt mindre oljeförbrukning än de första åren.", outback)?.rule).toBe("wording");
    expect(byRule("wording")("FB25-motorn i Outback V från 2018 har betydligt mindre oljeförbrukning än de första åren.", outback)).toBeNull();
  });

  it("a car is never compared with what it is", () => {
    expect(byRule("wording")("Mycket bekväm stor kombi med skatt som en laddhybrid.", e300)?.rule).toBe("wording");
    expect(byRule("wording")("Mycket bekväm stor kombi med skatt som en elbil.", e300)).toBeNull();
  });
});

describe("power-winter: horsepower never makes a car safe on snow", () => {
  it("catches power as winter safety, not the drive as grip", () => {
    expect(byRule("power-winter")("Fyrhjulsdrift med elmotor bak och 390 hk gör den snabb och säker på vinterväglag.", v60)?.rule).toBe("power-winter");
    expect(byRule("power-winter")("Fyrhjulsdrift och 190 hk ger trygg vinterkörning och 2 000 kg dragvikt.", v60)?.rule).toBe("power-winter");
    expect(byRule("power-winter")("Fyrhjulsdriften ger grepp på vinterväglag, och elmotorn bak gör den snabb i omkörningar.", v60)).toBeNull();
  });
});

describe("warranty: a strength only while it runs", () => {
  it("a seven-year warranty on cars of 2016 has ended in 2026; on a car of 2023 it runs", () => {
    expect(byRule("warranty")("Picanto II är en av de billigaste bilarna med sjuårsgaranti från ny.", picanto)?.rule).toBe("warranty");
    expect(byRule("warranty")("Kias sjuårsgaranti har följt bilen till nya ägare.", picanto)?.rule).toBe("warranty");
    expect(byRule("warranty")("Kias sjuårsgaranti har gått ut på de flesta Picanto II, så framtida reparationer betalar ägaren själv.", picanto)).toBeNull();
    expect(byRule("warranty")("Kias sjuårsgaranti följer med bilen till nästa ägare om servicen är gjord.", ceed)).toBeNull();
  });
});

describe("warranty: the eighth review's forms of an ended warranty", () => {
  const i30 = facts("hyundai-i30-iii-1-0-t-gdi", [2019, 2021]);
  const niro = facts("kia-niro-i-plug-in-hybrid", [2018, 2018]);
  it("catches 'fem års nybilsgaranti', 'sjuåriga garanti … finns kvar' and 'garanti i sju år' once the years have passed", () => {
    expect(byRule("warranty")("Hyundai i30 1.0 T-GDI har fem års nybilsgaranti utan miltalsgräns, som följer bilen till nästa ägare.", i30)?.rule).toBe(
      "warranty",
    );
    expect(
      byRule("warranty")("Kias sjuåriga garanti omfattar även laddsystemet, men den gäller högst 15 000 mil, så kontrollera vad som finns kvar.", niro)?.rule,
    ).toBe("warranty");
    expect(byRule("warranty")("Batteriet i Niro täcks av Kias garanti i sju år, så de flesta bilar har garanti kvar.", niro)?.rule).toBe("warranty");
  });
  it("lets the same words stand while the cover runs, or when the sentence says it has ended", () => {
    const newer = facts("hyundai-i30-iii-1-0-t-gdi", [2022, 2024]);
    expect(byRule("warranty")("Hyundai i30 1.0 T-GDI har fem års nybilsgaranti utan miltalsgräns, som följer bilen till nästa ägare.", newer)).toBeNull();
    expect(byRule("warranty")("Kias sjuåriga garanti har gått ut på Niro från 2018.", niro)).toBeNull();
  });
});

describe("unsourced: no sales record without a source", () => {
  it("catches a national sales claim, not a plain fact", () => {
    expect(byRule("unsourced")("9-5 BioPower var Sveriges mest sålda etanolbil och är robust.", picanto)?.rule).toBe("unsourced");
    expect(byRule("unsourced")("9-5 BioPower är robust, men alla exemplar är nu över 15 år och slitaget styr skicket.", picanto)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { cardFacts, windowPowerHp } from "#app/server/advice/fact-check/card-facts.server";
import { checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { isDesignTrait } from "#app/server/advice/design-traits.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// The ninth review: facts for other model years, a service warranty outside its limits, a missing article,
// and traits under "Vanliga fel".

const prepared = (() => {
  const result = prepareAdvice(
    { description: "Liten billig bensinbil till stan, manuell, kör 1 000 mil om året.", maxPrice: 60_000, carType: "alla", sellerType: "alla" },
    10,
    { assumptions: DEFAULT_COST_ASSUMPTIONS },
  );
  if (result.status !== "ready") throw new Error(result.status);
  return result.prepared;
})();
const req = prepared.requirements;
const base = prepared.candidates[0]!;
const asCard = (variantId: string, yearFrom: number, yearTo: number, mileageTo = 10_000): Candidate => {
  const variant = getVariant(variantId)!;
  return { ...base, variant, window: { ...base.window, yearFrom, yearTo, mileageTo }, costs: { ...base.costs, ageYears: 2026 - yearTo } } as Candidate;
};
const rule = (sentence: string, card: Candidate) => checkSentence(sentence, cardFacts(card, req))?.rule ?? null;

describe("a sentence about other model years is left off the card", () => {
  it("catches years that do not overlap the card's and lets overlapping ones pass", () => {
    const recall = "Bilar från 2020–2021 ingick i Volvos stora återkallelse av laddhybrider för risk för kortslutning i högvoltsbatteriet.";
    expect(rule(recall, asCard("volvo-xc90-ii-t8-twin-engine-awd", 2016, 2016))).toBe("years");
    expect(rule(recall, asCard("volvo-xc90-ii-t8-twin-engine-awd", 2019, 2021))).toBeNull();
    const google = "Google-baserat infotainmentsystem från 2021 års modell med bra röststyrning och kartor.";
    expect(rule(google, asCard("volvo-v60-ii-b4", 2020, 2020))).toBe("years");
    expect(rule(google, asCard("volvo-v60-ii-b4", 2020, 2022))).toBeNull();
  });

  it("gives an Aygo II of 2014–2016 its 69 hk and leaves out the 2018 engine note", () => {
    const aygo = asCard("toyota-aygo-ii-1-0", 2014, 2016);
    expect(windowPowerHp(aygo.variant, aygo.window)).toBe(69);
    expect(windowPowerHp(aygo.variant, { yearFrom: 2018, yearTo: 2020 })).toBe(72);
    const card = writeLocally(aygo, req, [aygo]);
    const all = [card.tagline, card.whyItFits, card.deepDive, card.commonFlaws, ...card.pros, ...card.cons].join(" ");
    expect(all).not.toMatch(/72 hk från 2018/u);
    expect(all).not.toMatch(/(?<!\d)72 hk i en bil/u);
  });
});

describe("a service-extended warranty only for cars inside its limits", () => {
  const sentence = "Toyotas serviceprogram kan förlänga garantin på en Aygo II som servas hos märkesverkstad.";
  it("catches it on cars ten years old or over 16 000 mil, and lets it pass on young cars", () => {
    expect(rule(sentence, asCard("toyota-aygo-ii-1-0", 2014, 2016, 20_500))).toBe("warranty");
    expect(rule(sentence, asCard("toyota-aygo-ii-1-0", 2019, 2021, 9_000))).toBeNull();
    expect(rule(sentence, asCard("toyota-aygo-ii-1-0", 2019, 2021, 17_000))).toBe("warranty");
  });
});

describe("a weak adjective before a definite noun gets its article", () => {
  const xc90 = asCard("volvo-xc90-ii-t8-twin-engine-awd", 2016, 2018);
  it("mends the three sentences of the review and leaves correct Swedish alone", () => {
    const mended = (sentence: string) => checkSentence(sentence, cardFacts(xc90, req))?.rewrite;
    expect(mended("Tunga bilen sliter på bromsar och däck, och 21-tums fälgar gör det dyrt.")).toBe(
      "Den tunga bilen sliter på bromsar och däck, och 21-tums fälgar gör det dyrt.",
    );
    expect(mended("Santa Fe har hittills gott rykte; åttastegade automatlådan och dieseln har få kända fel.")).toBe(
      "Santa Fe har hittills gott rykte; den åttastegade automatlådan och dieseln har få kända fel.",
    );
    expect(mended("Trecylindriga 1.0 TSI i Kamiq är högljudd vid kallstart och i höga varv.")).toBe(
      "Den trecylindriga motorn 1.0 TSI i Kamiq är högljudd vid kallstart och i höga varv.",
    );
    for (const right of [
      "Den tunga bilen sliter på bromsar.",
      "Tidiga 2017–2018 års XC60 II kunde få frysande mittskärm.",
      "Stora 20-tumsfälgar gör bilen stötig.",
      "Nya Defender har fått många programuppdateringar.",
      "Tredje raden passar barn.",
    ])
      expect(checkSentence(right, cardFacts(xc90, req))?.rule ?? null).not.toBe("wording");
  });
});

describe('traits are not "Vanliga fel"', () => {
  it("reads the review's traits as traits and a fault as a fault", () => {
    for (const trait of [
      "Lexus CT 200h är inte godkänd för släpvagn.",
      "Halvkombin av Corolla 1.8 Hybrid har bara 313 liter bagage eftersom batteriet ligger under golvet.",
      "Stöldbenägen: RAV4 V är en av de bilar som oftast stjäls i Sverige, så räkna med dyrare försäkring och skaffa rattlås.",
      "V6-motorn i RX 450h drar runt 0,7–0,8 liter per mil, mer än man väntar sig av en hybrid.",
      "Den delade bakrutan i Civic IX ger dålig sikt bakåt.",
      "Instrumenteringen i två våningar i Civic IX tar tid att vänja sig vid.",
      "Trecylindern i Yaris IV låter grovt och högt när den varvar upp i motorvägsomkörningar.",
      "Hybridbatteriet under bagagegolvet gör att kombin bara rymmer omkring 403 liter.",
      "Den bakre sikten i Mazda 3 halvkombi är dålig på grund av de breda bakre stolparna.",
    ])
      expect(isDesignTrait(trait), trait).toBe(true);
    for (const fault of [
      "Tidiga A3 8Y (2020–2021) har haft programvarufel i MMI och digital instrumentering.",
      "Kamkedjan i 1.2 TSI kan sträckas och slå vid kallstart.",
      "Bakluckans gasfjädrar släpper och rutan kan spricka.",
    ])
      expect(isDesignTrait(fault), fault).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { standouts } from "#app/server/advice/standouts.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { thirdRowIn } from "#app/server/cars/variant.server";

// Sentences that fit the buyer and the car: a requirement met only by an option is not met.

function cards(description: string, maxPrice: number) {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
  const { candidates, requirements } = prepared.prepared;
  return { candidates, requirements, write: (c: Candidate) => writeLocally(c, requirements, candidates) };
}

const FAMILY = "vi e 2 vuxna o 3 barn, yngsta i bakåtvänd bilbarnstol, behöver 7 platser ibland när mormor hänger med. bor i malmö, helst automat";

describe("seats an option gives", () => {
  const family = cards(FAMILY, 180_000);
  const optional = family.candidates.filter((c) => thirdRowIn(c.variant, c.window.body.type)?.optional);

  it("are not listed as a requirement met, and the cons say to find a car with the row", () => {
    expect(optional.length).toBeGreaterThan(0);
    for (const c of optional) {
      const texts = family.write(c);
      expect(texts.whyItFits).not.toMatch(/stämmer in[^.]*tillval/u);
      expect(texts.cons.join(" ")).toMatch(/Tredje raden var tillval/u);
    }
  });

  it("are caught by the checker in a requirement sentence, and seats as standard are not", () => {
    const c = optional[0]!;
    const facts = cardFacts(c, family.requirements);
    const name = "Touran 2.0 TDI";
    expect(
      checkSentence(`Dina krav stämmer in på ${name}: minst 7 säten (den har 5 säten, 7 med den tredje raden för barn som var tillval).`, facts)?.rule,
    ).toBe("requirement");
    expect(checkSentence(`Dina krav stämmer in på ${name}: minst 7 säten.`, facts)).toBeNull();
  });
});

const PLUMBER = "rörmokare egen firma, behöver skåpbil som rymmer rör på 3 m o verktygshyllor, dragkrok för släp ca 1500 kg, kör 3000 mil om året, diesel ok";

describe("a van's load space", () => {
  const vans = cards(PLUMBER, 150_000);

  it("is never called bagage on a van's card", () => {
    const van = vans.candidates.filter((c) => c.window.body.type === "skapbil");
    expect(van.length).toBeGreaterThan(2);
    for (const c of van) {
      const texts = vans.write(c);
      expect([texts.tagline, texts.whyItFits, texts.deepDive, texts.commonFlaws, ...texts.pros, ...texts.cons].join(" ")).not.toMatch(/bagage/iu);
    }
  });

  it("is caught and mended by the checker on a van, and bagage on a car passes", () => {
    const van = vans.candidates.find((c) => c.window.body.type === "skapbil")!;
    const found = checkSentence("Proace 2.0 D-4D skåp har störst bagage bland förslagen: 5 300 liter.", cardFacts(van, vans.requirements));
    expect(found?.rule).toBe("wording");
    expect(found?.rewrite).toBe("Proace 2.0 D-4D skåp har störst lastutrymme bland förslagen: 5 300 liter.");
    const family = cards(FAMILY, 180_000);
    const car = family.candidates.find((c) => c.window.body.type !== "skapbil")!;
    expect(checkSentence("Bilen har stort bagage.", cardFacts(car, family.requirements))).toBeNull();
  });
});

describe("the newest Euro NCAP result on a list", () => {
  const winter = cards("pendlar varje dag, ner mot -35 på vintern. vill ha 4wd o motorvärmare, ska va snål o pålitlig, säker bil, ingen elbil", 130_000);

  it("is said of a car only when no card on the list was tested later, whatever that test's stars", () => {
    const tested = (c: Candidate, stars: number, year: number) => ({ ...c, variant: { ...c.variant, ncap: { stars, year } } }) as Candidate;
    const [a, b, c, d] = winter.candidates;
    const vitara = tested(a!, 5, 2015);
    const said = (peers: Candidate[]) => standouts(vitara, peers, winter.requirements, cardFacts(vitara, winter.requirements), 20).join(" ");
    const older = [tested(c!, 4, 2012), tested(d!, 5, 2010)];
    expect(said([vitara, tested(b!, 3, 2017), ...older])).not.toMatch(/(?<!näst )nyast Euro NCAP/u);
    expect(said([vitara, tested(b!, 4, 2014), ...older])).toMatch(/(?<!näst )nyast Euro NCAP/u);
  });

  it("is caught by the list rule beside a later test, and passes when it is the latest", async () => {
    const { checkList } = await import("#app/server/advice/fact-check/list-rules.server");
    const texts = (pro: string) => ({ tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: [pro], cons: [] });
    const ratings = { comfort: 70, performance: 70, security: 80, reliability: 80, economy: 70 };
    const vitara = { name: "Vitara", texts: texts("Vitara har nyast Euro NCAP-resultat bland förslagen: 5 stjärnor 2015."), ratings, ncapYear: 2015 };
    const swift = { name: "Swift", texts: texts("Swift är liten."), ratings, ncapYear: 2017 };
    const sx4 = { name: "SX4", texts: texts("SX4 är billig."), ratings, ncapYear: 2013 };
    expect(checkList([vitara, swift, sx4]).map((finding) => `${finding.rule}:${finding.car}`)).toContain("list-claims:Vitara");
    expect(checkList([vitara, { ...swift, ncapYear: 2014 }, sx4]).filter((finding) => finding.rule === "list-claims")).toEqual([]);
  });
});

describe("a plug-in hybrid's electric share in a northern winter", () => {
  const north = cards("pendlar luleå-boden varje dag, ner mot -35 på vintern. vill ha 4wd, ska va snål o pålitlig, gärna laddhybrid", 300_000);
  const mild = cards("pendlar i skåne, vill ha 4wd, ska va snål o pålitlig, gärna laddhybrid", 300_000);
  const plugIns = (list: ReturnType<typeof cards>) => list.candidates.filter((c) => c.variant.fuel === "laddhybrid");

  it("is not stated as the mild-weather blend to a winter buyer; the winter range is", () => {
    expect(north.requirements.usage.northern || north.requirements.usage.winterNeeds).toBe(true);
    expect(plugIns(north).length).toBeGreaterThan(0);
    for (const c of plugIns(north)) {
      const deep = north.write(c).deepDive;
      expect(deep).not.toMatch(/som i den blandade förbrukningen/u);
      if (/av milen går på el/u.test(deep) === false) expect(deep).toMatch(/I vinterkyla räcker batteriet|tar batteriet slut|räcker inte/u);
    }
  });

  it("is caught by the plug-in rule for a winter buyer and passes for a mild-weather one", () => {
    const sentence = "Vi räknar med att ungefär 45 % av milen går på el, som i den blandade förbrukningen, och då kostar energin cirka 10 kr per mil.";
    const c = plugIns(north)[0]!;
    expect(checkSentence(sentence, { ...cardFacts(c, north.requirements), energyPerMil: 10 })?.rule).toBe("plug-in");
    const m = plugIns(mild)[0]!;
    expect(checkSentence(sentence, { ...cardFacts(m, mild.requirements), energyPerMil: 10 })).toBeNull();
  });
});

describe("seats an option gives, when the standard seats already meet the requirement", () => {
  it("the requirement sentence names the standard seats and the checker lets it pass", () => {
    const five = cards("vi behöver minst 5 säten och gärna sju ibland, kombi eller suv", 400_000);
    const optional = five.candidates.filter((c) => thirdRowIn(c.variant, c.window.body.type)?.optional);
    for (const c of optional) expect(five.write(c).whyItFits).not.toMatch(/tillval/u);
    const c = (optional[0] ?? five.candidates[0])!;
    const facts = { ...cardFacts(c, five.requirements), hard: { ...five.requirements.hard, minSeats: 5 } };
    expect(
      checkSentence("Dina krav stämmer in på Kodiaq: minst 5 säten (den har 5 säten, 7 med den tredje raden för barn som var tillval).", facts),
    ).toBeNull();
  });
});

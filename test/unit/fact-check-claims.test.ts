import { describe, expect, it } from "vitest";
import type { Candidate, Ratings } from "#app/server/advice/candidates.server";
import type { CarTexts } from "#app/server/advice/contracts.server";
import { type CardFacts, cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { checkCard } from "#app/server/advice/fact-check/check-card.server";
import { checkList, windowFinding } from "#app/server/advice/fact-check/list-rules.server";
import { RULE_FUNCTIONS, type RuleName } from "#app/server/advice/fact-check/rules.server";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import { getVariant } from "#app/server/cars/catalogue.server";

// Each sentence class of "say no more than the facts": a true and a false example per rule.

const REFERENCE_YEAR = 2026;

function facts(id: string, years: [number, number], wish = "En bra bil till familjen."): CardFacts {
  const variant = getVariant(id);
  if (!variant) throw new Error(`no variant ${id}`);
  const req = parseRequirements({ description: wish, maxPrice: 500_000, carType: "alla", sellerType: "alla" }, { referenceYear: REFERENCE_YEAR });
  const candidate = {
    variant,
    window: { yearFrom: years[0], yearTo: years[1], priceFrom: 1, priceTo: 2, mileageTo: 500, body: variant.bodies[0]! },
    costs: { ageYears: REFERENCE_YEAR - years[1] },
  } as unknown as Candidate;
  return cardFacts(candidate, req);
}

const rule = (name: RuleName, sentence: string, card: CardFacts) => RULE_FUNCTIONS[name](sentence, card)?.rule ?? null;
const texts = (part: Partial<CarTexts>): CarTexts => ({ tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: [], cons: [], ...part });

const sClass = facts("mercedes-benz-s-klass-w223-s580e-4matic", [2022, 2023]);
const taycan = facts("porsche-taycan-j1-2-4s", [2022, 2023]);
// The cost sentences below call low running costs "ditt önskemål": this buyer stated it.
const enyaq = facts("skoda-enyaq-i-80x-awd", [2021, 2023], "En bra bil till familjen, billig i drift.");
const nirophevNoTrips = facts("kia-niro-ii-plug-in-hybrid", [2023, 2024], "Familjebil, gärna laddhybrid.");
const nirophevTrips = facts("kia-niro-ii-plug-in-hybrid", [2023, 2024], "Laddhybrid, jag pendlar 3 mil om dagen.");
const citigoFive = facts("skoda-citigo-1-0-mpi", [2017, 2019], "Minst 5 säten.");
const citigoFour = facts("skoda-citigo-1-0-mpi", [2017, 2019], "Minst 4 säten.");

describe("claim rules: a sentence says no more than the card's facts", () => {
  it("missing-fact: no result is never read as a low one", () => {
    expect(rule("missing-fact", "S 580 e har inget Euro NCAP-resultat, så säkerhetsnivån är lägre än i nyare bilar.", sClass)).toBe("missing-fact");
    expect(rule("missing-fact", "S 580 e har inget Euro NCAP-resultat i vår katalog; läs på om bilens säkerhetssystem.", sClass)).toBeNull();
  });

  it("missing-fact mends by keeping what is known and dropping the conclusion", () => {
    const card = checkCard(texts({ cons: ["S 580 e har inget Euro NCAP-resultat, så säkerhetsnivån är lägre än i nyare bilar."] }), sClass);
    expect(card.texts.cons).toEqual(["S 580 e har inget Euro NCAP-resultat."]);
  });

  it("battery: the figure in the card's name, or the usable one said as usable", () => {
    expect(rule("battery", "Batteriet på 97 kWh räcker runt 41 mil i mild väderlek.", taycan)).toBe("battery");
    expect(rule("battery", "Batteriet på 105 kWh (97 kWh användbart) räcker runt 41 mil i mild väderlek.", taycan)).toBeNull();
    expect(rule("battery", "Batteriet på 60 kWh räcker långt.", enyaq)).toBe("battery");
    expect(rule("battery", "Batteriet på 77 kWh räcker långt.", enyaq)).toBeNull();
  });

  it("equipment: only what the variant's facts state, an option never as standard", () => {
    expect(rule("equipment", "Enyaq iV 80x drar 1 400 kg släp med elektriskt utfällbar krok och har fyrhjulsdrift.", enyaq)).toBe("equipment");
    expect(rule("equipment", "Enyaq iV 80x drar 1 400 kg släp och har fyrhjulsdrift.", enyaq)).toBeNull();
    expect(rule("equipment", "S 580 e har luftfjädring som standard.", sClass)).toBeNull();
    const v90 = facts("volvo-v90-ii-t8-recharge-awd", [2021, 2023]);
    expect(rule("equipment", "V90 har luftfjädring som gör den mjuk.", v90)).toBe("equipment");
    expect(rule("equipment", "V90 fanns med luftfjädring som tillval.", v90)).toBeNull();
  });

  it("trips: the buyer's trips only when the buyer gave them", () => {
    const sentence = "Elräckvidden på cirka 6 mil i Niro räcker för de flesta av dina dagliga resor.";
    expect(rule("trips", sentence, nirophevNoTrips)).toBe("trips");
    expect(rule("trips", sentence, nirophevTrips)).toBeNull();
  });

  it("requirement: the requirement sentence names what the buyer asked for", () => {
    expect(rule("requirement", "Dina krav stämmer in på Citigo: 4 säten.", citigoFive)).toBe("requirement");
    expect(rule("requirement", "Dina krav stämmer in på Citigo: minst 4 säten (Citigo har 4).", citigoFour)).toBeNull();
    expect(rule("requirement", "Dina krav stämmer in på Citigo: automatlåda.", citigoFour)).toBe("requirement");
  });

  it("one value per card: the monthly cost, consumption and range each once", () => {
    const cost = checkCard(
      texts({
        whyItFits: "Att äga Vitara kostar cirka 1 590 kr i månaden.",
        pros: ["Med skatt, försäkring, drivmedel och service kostar Vitara cirka 1 600 kr i månaden."],
      }),
      enyaq,
    );
    expect(cost.findings.map((finding) => finding.rule)).toEqual(["one-value"]);
    const same = checkCard(
      texts({
        whyItFits: "Att äga Vitara kostar cirka 1 600 kr i månaden.",
        pros: ["Vitara kostar cirka 200 kr mer i månaden än snittet, och totalt cirka 1 600 kr i månaden."],
      }),
      enyaq,
    );
    expect(same.findings).toEqual([]);
    // A range off the card's own rounded figure is a figure finding first: one quantity, one value.
    const range = checkCard(texts({ whyItFits: "Räckvidden är runt 38 mil.", deepDive: "Batteriet räcker runt 37 mil i mild väderlek." }), enyaq);
    expect(range.findings.map((finding) => finding.rule)).toEqual(expect.arrayContaining([expect.stringMatching(/^(figure|one-value)$/u)]));
    expect(range.findings).not.toEqual([]);
    const consumption = checkCard(texts({ deepDive: "Den drar 2,2 kWh/mil.", cons: ["Förbrukningen, 2,3 kWh/mil, är hög."] }), enyaq);
    expect(consumption.findings.map((finding) => finding.rule)).toEqual(["one-value"]);
  });
});

describe("claim rules from the five-wish read: the wish as the buyer made it, praise the figure carries", () => {
  const snal = facts("toyota-prius-iv", [2016, 2018], "Jag kör 6000 mil om året, vill ha nåt snålt och pålitligt.");

  it("wishes: the buyer's wish is named as the reading shows it, never swapped for another", () => {
    expect(rule("wishes", "Ditt önskemål om låg driftskostnad (cirka 5 300 kr i månaden) uppfyller Prius bara delvis.", snal)).toBe("wishes");
    expect(rule("wishes", "Ditt önskemål om låg förbrukning (0,45 l/mil) möter Prius.", snal)).toBeNull();
  });

  it("praise: a figure under 65 is never said to meet a wish", () => {
    expect(rule("praise", "Ditt önskemål om pålitlighet (64 av 100 för driftsäkerhet i vår bedömning) möter Passat också.", snal)).toBe("praise");
    expect(rule("praise", "Prius möter dina önskemål om pålitlighet (88 av 100 för driftsäkerhet i vår bedömning) och låg förbrukning.", snal)).toBeNull();
    expect(rule("praise", "Med 64 av 100 för driftsäkerhet lönar det sig att fråga hur partikelfiltret har skötts.", snal)).toBeNull();
    expect(rule("praise", "Picanto har nyast Euro NCAP-resultat bland förslagen: 3 stjärnor 2017.", snal)).toBe("praise");
    expect(rule("praise", "Prius har nyast Euro NCAP-resultat bland förslagen: 5 stjärnor 2016.", snal)).toBeNull();
  });

  it("plug-in: a laddhybrid's energy per mil is the one computed for the buyer's share of electric driving", () => {
    const niro = { ...facts("kia-niro-i-plug-in-hybrid", [2018, 2019], "Jag kör 6000 mil om året."), energyPerMil: 9.6 };
    expect(rule("plug-in", "Energin kostar cirka 8 kr per mil i Niro, minst bland förslagen.", niro)).toBe("plug-in");
    expect(rule("plug-in", "Energin kostar cirka 10 kr per mil i Niro, minst bland förslagen.", niro)).toBeNull();
  });

  it("figure: a power in a slow-words sentence is the power of the card's years ('mer lugn än pigg' compares no figure)", () => {
    const rav4 = facts("toyota-rav4-iii-2-0-awd", [2006, 2006]);
    expect(rule("figure", "158 hk i en bil på 1 500 kg gör RAV4 2.0 VVT-i AWD mer lugn än pigg.", rav4)).toBe("figure");
    expect(rule("figure", "152 hk i en bil på 1 500 kg gör RAV4 2.0 VVT-i AWD mer lugn än pigg.", rav4)).toBeNull();
    expect(rule("figure", "RAV4 har mer kraft än 150 hk-versionen av Corolla.", rav4)).toBeNull();
  });

  it("insurance: a comparison of insurance names the level it compares", () => {
    const sorento = { ...facts("kia-sorento-ii-2-2-crdi-awd", [2010, 2012]), insuranceLevel: "halv" as const };
    expect(rule("insurance", "Försäkringen för Sorento, cirka 3 300 kr per år, är lägst bland förslagen.", sorento)).toBe("insurance");
    expect(rule("insurance", "Som halvförsäkring kostar Sorento cirka 3 300 kr per år, lägst av förslagen med samma försäkringsnivå.", sorento)).toBeNull();
    expect(rule("insurance", "Picanto drar lite och är billig att försäkra.", sorento)).toBe("insurance");
  });
});

const ratings = (low: Partial<Ratings>): Ratings => ({ comfort: 80, performance: 80, security: 80, reliability: 80, economy: 80, ...low });

describe("list rules: the cards of one result", () => {
  it("weakest: the cons name a rating under 65 or the list's lowest", () => {
    const weak = checkList([
      { name: "A", texts: texts({ cons: ["A fick 5 stjärnor i Euro NCAP 2019; flera av förslagen har nyare test."] }), ratings: ratings({ reliability: 62 }) },
      { name: "B", texts: texts({ cons: ["B är stötigare än de bekvämaste bilarna (komfort 70 av 100)."] }), ratings: ratings({ comfort: 70 }) },
      { name: "C", texts: texts({ cons: ["C ligger efter i driftsäkerhet (75 av 100)."] }), ratings: ratings({}) },
    ]);
    expect(weak.map((finding) => `${finding.rule}:${finding.car}`)).toEqual(["weakest:A"]);
    const named = checkList([
      {
        name: "A",
        texts: texts({ cons: ["Driftsäkerheten för A är 62 av 100 i vår bedömning, så kräv servicehistorik."] }),
        ratings: ratings({ reliability: 62 }),
      },
      { name: "B", texts: texts({ cons: ["B är stötigare än de bekvämaste bilarna (komfort 70 av 100)."] }), ratings: ratings({ comfort: 70 }) },
    ]);
    expect(named).toEqual([]);
  });

  it("weakest: the rating a card must name as its weakness is never also said to meet the buyer's wish", () => {
    const leon = (why: string) => ({
      name: "Leon",
      texts: texts({ whyItFits: why, cons: ["Innan du köper Leon lönar det sig att fråga hur partikelfiltret har skötts: driftsäkerheten får 66 av 100."] }),
      ratings: ratings({ reliability: 66 }),
    });
    const others = [
      { name: "Swift", texts: texts({ cons: ["Swift är stötig (komfort 70 av 100)."] }), ratings: ratings({ comfort: 70 }) },
      { name: "Citigo", texts: texts({ cons: ["Citigo är stötig (komfort 70 av 100)."] }), ratings: ratings({ comfort: 70 }) },
    ];
    const praised = checkList([leon("Ditt önskemål om pålitlighet (66 av 100 för driftsäkerhet i vår bedömning) möter Leon."), ...others]);
    expect(praised.map((finding) => `${finding.rule}:${finding.car}`)).toEqual(["weakest:Leon"]);
    expect(checkList([leon("Leon har stort bagage."), ...others])).toEqual([]);
    // Not the list's lowest, but warned about with the same 66 in its own cons.
    const corsa = {
      name: "Corsa",
      texts: texts({ cons: ["Med 64 av 100 för driftsäkerhet lönar det sig att kräva servicehistorik."] }),
      ratings: ratings({ reliability: 64 }),
    };
    const beside = checkList([leon("Ditt önskemål om pålitlighet (66 av 100 för driftsäkerhet i vår bedömning) möter Leon."), corsa, ...others]);
    expect(beside.map((finding) => `${finding.rule}:${finding.car}`)).toEqual(["weakest:Leon"]);
  });

  it("list-claims: 'flera av förslagen' ahead in reliability means at least two cards score higher", () => {
    const card = (name: string, reliability: number, con = `${name} är stötig (komfort 70 av 100).`) => ({
      name,
      texts: texts({ cons: [con] }),
      ratings: ratings({ reliability, comfort: 70 }),
    });
    const outback = "Outback är pålitlig men ligger efter flera av förslagen i driftsäkerhet (78 av 100 i vår bedömning).";
    const one = checkList([card("Outback", 78, outback), card("Swift", 80), card("Vitara", 78), card("Octavia", 76)]);
    expect(one.map((finding) => `${finding.rule}:${finding.car}`)).toEqual(["list-claims:Outback"]);
    const two = checkList([card("Outback", 78, outback), card("Swift", 80), card("Vitara", 79), card("Octavia", 76)]);
    expect(two).toEqual([]);
  });

  it("list-contradiction: one card praised for lacking what others are praised for", () => {
    const found = checkList([
      { name: "A", texts: texts({ pros: ["A har fyrhjulsdrift i den här versionen."] }), ratings: ratings({}) },
      { name: "B", texts: texts({ pros: ["B slipper fyrhjulsdriftens vikt och drar därför mindre."] }), ratings: ratings({}) },
    ]);
    expect(found.map((finding) => `${finding.rule}:${finding.car}`)).toEqual(["list-contradiction:B"]);
    const fine = checkList([
      { name: "A", texts: texts({ pros: ["A har fyrhjulsdrift i den här versionen."] }), ratings: ratings({}) },
      { name: "B", texts: texts({ cons: ["B saknar fyrhjulsdrift, så vinterdäck gör mest nytta."] }), ratings: ratings({}) },
    ]);
    expect(fine).toEqual([]);
  });

  it("list-contradiction: the same holds for a turbo, an automatic, a touch screen and a third row", () => {
    const found = checkList([
      { name: "A", texts: texts({ pros: ["A har en pigg turbomotor som drar bra i backar."] }), ratings: ratings({}) },
      { name: "B", texts: texts({ pros: ["B slipper turbon och har därför färre dyra delar."] }), ratings: ratings({}) },
      { name: "C", texts: texts({ pros: ["C har sju säten för hela familjen."] }), ratings: ratings({}) },
      { name: "D", texts: texts({ pros: ["D klarar sig utan tredje sätesrad och har därför större bagage."] }), ratings: ratings({}) },
    ]);
    expect(found.map((finding) => `${finding.rule}:${finding.car}`)).toEqual(["list-contradiction:B", "list-contradiction:D"]);
    const fine = checkList([
      { name: "A", texts: texts({ pros: ["A har en pigg turbomotor som drar bra i backar."] }), ratings: ratings({}) },
      { name: "B", texts: texts({ cons: ["B saknar turbo och är seg vid omkörningar."] }), ratings: ratings({}) },
    ]);
    expect(fine).toEqual([]);
  });

  it("window: a price window that reaches the budget is marked as an estimate", () => {
    expect(windowFinding({ from: 200_000, to: 300_000 }, 300_000)?.rule).toBe("window");
    expect(windowFinding({ from: 200_000, to: 300_000, estimate: true }, 300_000)).toBeNull();
    expect(windowFinding({ from: 200_000, to: 280_000 }, 300_000)).toBeNull();
  });
});

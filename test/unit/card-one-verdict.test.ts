import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate, Ratings } from "#app/server/advice/candidates.server";
import type { CarTexts } from "#app/server/advice/contracts.server";
import { checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { checkList } from "#app/server/advice/fact-check/list-rules.server";
import { ncapText } from "#app/server/advice/facts-text.server";
import { bearsOn } from "#app/server/advice/design-traits.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { standouts } from "#app/server/advice/standouts.server";
import { CATALOGUE, variantShortName } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// The seventh review's classes: one verdict per rating and per cost on a card, reservations not given as reasons.

function prepare(description: string, maxPrice: number) {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
  return prepared.prepared;
}

const family = prepare("En bekväm familjebil med plats för barnen.", 200_000);
const texts = (part: Partial<CarTexts>): CarTexts => ({ tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: [], cons: [], ...part });
const ratings = (part: Partial<Ratings>): Ratings => ({ comfort: 80, performance: 80, security: 80, reliability: 80, economy: 80, ...part });
const withRatings = (c: Candidate, r: Ratings, variant: Partial<Candidate["variant"]> = {}) =>
  ({ ...c, ratings: r, variant: { ...c.variant, strengths: [], powerHp: 60, curbWeightKg: 1_600, ncap: null, ...variant } }) as Candidate;

describe("a rating is a pro or a con on one card, never both", () => {
  it("the writer leaves out the pro for a rating its cons name", () => {
    const [a, b, c, d] = family.candidates;
    const car = withRatings(a!, { comfort: 95, performance: 95, security: 95, reliability: 84, economy: 95 });
    const peers = [
      car,
      withRatings(b!, ratings({ reliability: 90 })),
      withRatings(c!, ratings({ reliability: 95 })),
      withRatings(d!, ratings({ reliability: 70 })),
    ];
    const card = writeLocally(car, family.requirements, peers);
    expect(card.cons.join(" ")).toMatch(/driftsäkerhet \(84 av 100/u);
    expect(card.pros.join(" ")).not.toMatch(/84 av 100/u);
  });

  it("the list checker catches the same figure as pro and con", () => {
    const civic = {
      name: "Civic",
      ratings: ratings({ reliability: 84 }),
      texts: texts({
        pros: ["I vår bedömning av driftsäkerhet får Civic 84 av 100."],
        cons: ["Civic är pålitlig men ligger efter flera av förslagen i driftsäkerhet (84 av 100 i vår bedömning)."],
      }),
    };
    expect(checkList([civic]).map((finding) => `${finding.rule}:${finding.why}`)).toContain(
      "list-contradiction:reliability 84 står både som fördel och nackdel",
    );
    const calm = checkList([{ ...civic, texts: { ...civic.texts, pros: ["Civic har stort bagage."] } }]);
    expect(calm.filter((finding) => finding.rule === "list-contradiction")).toEqual([]);
  });
});

describe('"låg försäkringsklass" and "låg ägandekostnad" hold against the list\'s own figures', () => {
  const card = (name: string, insurance: number, total: number, pro: string) => ({
    name,
    ratings: ratings({}),
    insurance,
    total,
    texts: texts({ pros: [pro] }),
  });
  it("the checker catches a low-insurance claim at the list's median and lets a true one pass", () => {
    const others = [card("i20", 9_200, 30_000, "i20 är lätt."), card("Swift", 9_200, 31_000, "Swift är lätt."), card("Polo", 9_200, 32_000, "Polo är lätt.")];
    const rio = (insurance: number) => card("Rio", insurance, 29_000, "Rio III är billig i drift och har låg försäkringsklass.");
    expect(checkList([rio(9_200), ...others]).map((finding) => `${finding.rule}:${finding.car}`)).toEqual(["list-claims:Rio"]);
    expect(checkList([rio(7_000), ...others])).toEqual([]);
    const avensis = (total: number) => card("Avensis", 8_000, total, "Låg ägandekostnad och billiga försäkringar för en mellanklassbil.");
    expect(checkList([avensis(40_000), ...others.map((o) => ({ ...o, insurance: 9_000 }))]).map((finding) => finding.why)).toContain(
      "låg ägandekostnad, men 40000 kr om året är inte under de andras median 31000 kr",
    );
  });

  it("the writer drops a catalogue strength whose low insurance the card's figures deny", () => {
    const [a, b, c] = family.candidates;
    const claim = `${variantShortName(a!.variant)} har låg försäkringsklass.`;
    const same = (x: Candidate) => ({ ...x, costs: { ...x.costs, insurance: 9_200 } }) as Candidate;
    const car = { ...same(a!), variant: { ...a!.variant, strengths: ["Rymlig.", claim] } } as Candidate;
    const said = (x: Candidate) => writeLocally(x, family.requirements, [x, same(b!), same(c!)]).pros.join(" ");
    expect(said(car)).not.toContain("låg försäkringsklass");
    const cheap = { ...car, costs: { ...car.costs, insurance: 5_000 } } as Candidate;
    expect(said(cheap)).toContain("låg försäkringsklass");
  });
});

describe("an unverified towing weight never meets a requirement", () => {
  const caravan = prepare("pensionärer, vi drar en husvagn på 1300 kg, vill ha automat", 250_000);
  const car = caravan.candidates.find((c) => c.variant.unverified?.includes("towingKg") && c.variant.towingKg >= 1_300)!;

  it("the writer asks for the registration certificate instead", () => {
    const why = writeLocally(car, caravan.requirements, caravan.candidates.slice(0, 5)).whyItFits;
    expect(why).not.toMatch(/Dina krav stämmer in[^.]*dragvikt/u);
    expect(why).toContain("registreringsbeviset");
  });

  it("the checker catches 'Dina krav stämmer in … dragvikt cirka'", () => {
    const facts = cardFacts(car, caravan.requirements);
    const name = variantShortName(car.variant);
    expect(checkSentence(`Dina krav stämmer in på ${name}: dragvikt cirka 1 800 kg (500 kg över dina 1 300 kg).`, facts)?.rule).toBe("requirement");
    expect(checkSentence(`Dina krav stämmer in på ${name}: automatlåda.`, facts)).toBeNull();
  });
});

describe("templates that read as reasons or contradict themselves", () => {
  const winter = prepare("pendlar i luleå, kall vinter, snål bil", 150_000);
  it("front-wheel drive in winter is a reservation in the analysis, not a reason it suits", () => {
    const fwd = winter.candidates.find((c) => c.variant.drivetrain === "fwd")!;
    const card = writeLocally(fwd, winter.requirements, winter.candidates.slice(0, 5));
    expect(card.whyItFits).not.toMatch(/framhjulsdrift/u);
    expect(card.deepDive).toMatch(/framhjulsdrift, så på snö och is hänger greppet mest på bra vinterdäck/u);
  });

  it("a Euro NCAP sentence never says 'bygger på en bil som' nor opens with a figure", () => {
    const tested = CATALOGUE.filter((v) => v.ncap).slice(0, 80);
    for (const v of tested) {
      expect(ncapText(v)).not.toMatch(/bygger på|^\d/u);
    }
  });

  it("the lowest performance beside more power per kilo says which scale is which", () => {
    const [a, b, c, d] = family.candidates;
    const strong = withRatings(a!, ratings({ performance: 30 }), { powerHp: 150, curbWeightKg: 1_500 });
    const weak = (x: Candidate) => withRatings(x, ratings({}), { powerHp: 70, curbWeightKg: 1_500 });
    const cons = writeLocally(strong, family.requirements, [strong, weak(b!), weak(c!), weak(d!)]).cons.join(" ");
    expect(cons).toMatch(/alla bilar/u);
    expect(cons).not.toMatch(/ändå|(fast|trots att|även om) den har (mer|mest) kraft per kilo/u);
  });

  it("a model named by a figure keeps its make", () => {
    const mazda2 = CATALOGUE.find((v) => v.make === "Mazda" && v.model === "2")!;
    expect(variantShortName(mazda2)).toMatch(/^Mazda 2 /u);
    const golf = CATALOGUE.find((v) => v.model === "Golf")!;
    expect(variantShortName(golf)).toMatch(/^Golf/u);
  });

  it("a reliability note naming a repair stands under the faults, never beside 'inga kända fel'", () => {
    const [a, b] = family.candidates;
    const note = "Bilen är tålig; insprutarna är de vanligaste reparationerna.";
    const car = { ...a!, variant: { ...a!.variant, knownFlaws: [], reliabilityNotes: [note] } } as Candidate;
    const card = writeLocally(car, family.requirements, [car, b!]);
    expect(card.commonFlaws).toBe(note);
    expect(card.deepDive).not.toContain(note);
    const calm = { ...car, variant: { ...car.variant, reliabilityNotes: ["Bilen är tålig och välbyggd."] } } as Candidate;
    expect(writeLocally(calm, family.requirements, [calm, b!]).commonFlaws).toMatch(/Vi känner inte till något återkommande fel/u);
  });
});

describe("towing weight and power per kilo lead only for a buyer who asked", () => {
  const niceHook = { ...family.requirements, wishes: { ...family.requirements.wishes, towing: 0.5 } };
  const caravan = { ...family.requirements, hard: { ...family.requirements.hard, minTowingKg: 1_500 } };
  const [a, b, c] = family.candidates;
  const strong = { ...a!, variant: { ...a!.variant, towingKg: 3_300, powerHp: 300, curbWeightKg: 1_500 } } as Candidate;
  const weak = (x: Candidate) => ({ ...x, variant: { ...x.variant, towingKg: 1_200, powerHp: 90, curbWeightKg: 1_500 } }) as Candidate;
  const peers = [strong, weak(b!), weak(c!)];
  const facts = (req: typeof family.requirements) => cardFacts(strong, req);

  it("no 'dra mest' nor 'mest kraft per kilo' for a family for whom a towbar is only nice", () => {
    const said = standouts(strong, peers, niceHook, facts(niceHook), 5).join(" ");
    expect(said).not.toMatch(/dra mest|mest kraft per kilo/u);
    expect(bearsOn("Octavia Combi 4x4 får dra 2 000 kg, ovanligt mycket för en kompaktbil.", niceHook)).toBe(false);
  });

  it("the rated weight leads for a buyer with a 1 500 kg trailer", () => {
    expect(standouts(strong, peers, caravan, facts(caravan), 5).join(" ")).toMatch(/dra mest/u);
    expect(bearsOn("Octavia Combi 4x4 får dra 2 000 kg, ovanligt mycket för en kompaktbil.", caravan)).toBe(true);
  });
});

describe("a rated towing weight is not power", () => {
  it("a petrol car may pull the caravan, but its power is never said to suffice because of the rating", () => {
    const caravan = prepare("vi drar en husvagn på 1300 kg, vill ha automat", 250_000);
    const [a, b, c] = caravan.candidates;
    const car = (fuel: "bensin" | "diesel") =>
      ({
        ...a!,
        ratings: { ...a!.ratings, performance: 20 },
        variant: { ...a!.variant, fuel, combustionFuel: undefined, towingKg: 1_870, powerHp: 150, curbWeightKg: 1_600 },
      }) as Candidate;
    const peers = (x: Candidate) => [x, b!, c!];
    const cons = (x: Candidate) => writeLocally(x, caravan.requirements, peers(x)).cons.join(" ");
    expect(cons(car("bensin"))).not.toMatch(/räcker kraften/u);
    expect(cons(car("diesel"))).toMatch(/dieselns vridmoment[^.]*räcker kraften/u);
  });
});

describe("one Euro NCAP result, said once among the pros", () => {
  it("no fact pro repeats a result a catalogue strength already gave in other words", () => {
    const [a, b, c] = family.candidates;
    const name = variantShortName(a!.variant);
    const car = {
      ...a!,
      ratings: ratings({ reliability: 50 }),
      variant: {
        ...a!.variant,
        powerHp: 60,
        curbWeightKg: 1_600,
        ncap: { stars: 5, year: 2021 },
        strengths: ["Rymlig.", `${name} fick fem stjärnor i Euro NCAP 2021.`],
      },
    } as Candidate;
    // No safety wish and no children: the analysis says nothing of Euro NCAP, so only the pros could say it twice.
    const calm = prepare("pensionärer, vill ha automat och en bekväm bil", 250_000).requirements;
    const pros = writeLocally(car, calm, [car, b!, c!]).pros;
    expect(pros.filter((text) => /Euro NCAP/u.test(text)).length).toBeLessThanOrEqual(1);
    const niceHook = { ...family.requirements, wishes: { ...family.requirements.wishes, towing: 0.5 } };
    expect(bearsOn("Pajero IV är ett billigt alternativ till Land Cruiser för den som drar tunga släp.", niceHook)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { coldStartNote, familyBootSentence, needsAllow, pickupDogCon } from "#app/server/advice/buyer-needs.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { windowPowerHp } from "#app/server/advice/fact-check/card-facts.server";
import { isDesignTrait } from "#app/server/advice/design-traits.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { statesHighClearance, wishFits } from "#app/server/advice/wish-sentences.server";
import type { BuyerRequirements } from "#app/lib/requirements";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// Needs the buyer wrote (buttons, a dog, the cold, clearance) reach the card and are never turned against them.

function prepare(description: string, maxPrice: number) {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
  return prepared.prepared;
}

const base = prepare("En bekväm familjebil med plats för barnen.", 200_000);
const noting = (req: BuyerRequirements, ...texts: string[]): BuyerRequirements => ({
  ...req,
  noted: [...req.noted, ...texts.map((text) => ({ text, quote: null, steers: false }))],
});
const variant = (id: string) => CATALOGUE.find((v) => v.id === id)!;
const on = (c: Candidate, part: Partial<Candidate["variant"]>, body?: Partial<Candidate["window"]["body"]>) =>
  ({ ...c, variant: { ...c.variant, ...part }, window: { ...c.window, body: { ...c.window.body, ...body } } }) as Candidate;

describe("buttons and screens", () => {
  const hater = noting(base.requirements, "Inte: stor skärm");
  it("a touch-screen cockpit is no plus for a buyer who hates screens, and stays one for others", () => {
    const praise = "Modern förarmiljö med Virtual Cockpit och bra förarstöd i A3 8Y.";
    expect(needsAllow(praise, hater)).toBe(false);
    expect(needsAllow(praise, base.requirements)).toBe(true);
    expect(needsAllow("Pekskärmen i Golf 8 kan frysa och saknar knappar.", hater)).toBe(true);
    const car = on(base.candidates[0]!, { strengths: ["Rymlig och tyst.", praise] });
    const card = (req: BuyerRequirements) => writeLocally(car, req, [car, base.candidates[1]!]);
    expect([card(hater).tagline, ...card(hater).pros].join(" ")).not.toContain("Virtual Cockpit");
    expect([card(base.requirements).tagline, ...card(base.requirements).pros].join(" ")).toContain("Virtual Cockpit");
  });

  it("a rotary controller is no fault, and is told in the analysis", () => {
    const cx5 = "Infotainmentsystemet i CX-5 II styrs med ett vridreglage mellan stolarna i stället för via pekskärmen under körning.";
    const car = on(base.candidates[0]!, { knownFlaws: [cx5, "Bromsskivorna rostar."] });
    const peers = [car, base.candidates[1]!];
    expect(writeLocally(car, hater, peers).commonFlaws).not.toContain("vridreglage");
    expect(writeLocally(car, hater, peers).deepDive).toContain("vridreglage");
    expect(writeLocally(car, base.requirements, peers).commonFlaws).not.toContain("vridreglage");
  });
});

describe("easy entry", () => {
  it("is said to a buyer who asked for it or is a senior, never to a 19-year-old", () => {
    const entry = "Jazz II har högt tak och hög sittposition, så den är lätt att kliva i och ur.";
    const young = { ...base.requirements, usage: { ...base.requirements.usage, driverAge: 19 }, wishes: {} };
    expect(needsAllow(entry, young)).toBe(false);
    expect(needsAllow(entry, { ...young, usage: { ...young.usage, driverAge: 83 } })).toBe(true);
    expect(needsAllow(entry, noting(young, "Gärna: lätt att kliva i och ur"))).toBe(true);
  });
});

describe("what is not a fault", () => {
  it("taste, a cramped family boot, an old navigation and a power by year are traits", () => {
    for (const trait of [
      "Designen på Prius IV är omdiskuterad, vilket kan göra den svårare att sälja vidare.",
      "Baksätet och bagaget i Lexus CT 200h är trånga för en familj.",
      "Navigationen och ljudsystemet i Accord VIII känns omoderna.",
      "Swift AllGrip 2018–2019 har 1.2 Dualjet på 90 hk; från 2020 har den mildhybrid (SHVS) och 83 hk.",
    ])
      expect(isDesignTrait(trait)).toBe(true);
    expect(isDesignTrait("Den torra sjuväxlade S tronic-lådan kan få mekatronikfel och ryck vid låg fart.")).toBe(false);
    expect(isDesignTrait("De två pekskärmarna i MMI kan frysa och ger mindre känsla än fysiska knappar under körning.")).toBe(false);
  });
});

describe("ground clearance the card itself gives", () => {
  it("20 centimetres in the catalogue meets the clearance wish; a low estate does not", () => {
    const c = base.candidates[0]!;
    const outback = on(c, { strengths: ["Permanent symmetrisk fyrhjulsdrift och 20 centimeters markfrigång för riktigt dåliga vägar."] });
    const low = on(c, { strengths: ["Bekväm kombi."], reliabilityNotes: [] }, { type: "kombi" });
    expect(statesHighClearance(outback)).toBe(true);
    expect(statesHighClearance(low)).toBe(false);
    const fit = (x: Candidate) => new Map(wishFits({ ...x, wishFit: { ...x.wishFit, groundClearance: 10 } } as Candidate, [x]));
    expect(fit(outback).get("groundClearance")).toBe(80);
    expect(fit(low).get("groundClearance")).toBe(10);
  });

  it("no praise for lacking the height the buyer asked for", () => {
    const v70 = "Fyrhjulsdrift utan XC70:s höjda kaross ger lägre vindbrus och lättare lastning på taket.";
    const req = { ...base.requirements, wishes: { ...base.requirements.wishes, groundClearance: 1 } };
    expect(needsAllow(v70, req)).toBe(false);
    expect(needsAllow(v70, { ...base.requirements, wishes: { ...base.requirements.wishes, groundClearance: 0 } })).toBe(true);
  });
});

describe("the dog and the cold", () => {
  const kids = { ...base.requirements, situation: { ...base.requirements.situation, kids: true } };
  const dog = noting(kids, "hund");
  const car = on(base.candidates[0]!, { seats: 5 }, { bootLitres: 586 });

  it("a family with a dog hears that cage and pram do not both fit 586 litres", () => {
    expect(familyBootSentence(car, kids)).toContain("barnvagn och packning samtidigt");
    expect(familyBootSentence(car, dog)).toMatch(/hundburen eller barnvagnen, men knappast båda/u);
    expect(familyBootSentence(on(car, {}, { bootLitres: 750 }), dog)).toMatch(/både hundburen och barnvagnen/u);
    expect(writeLocally(car, dog, [car]).whyItFits).toMatch(/hundburen eller barnvagnen/u);
    expect(writeLocally(car, kids, [car]).whyItFits).not.toMatch(/hundburen/u);
  });

  it("a dog on an open pickup bed needs a canopy", () => {
    const pickup = on(car, {}, { type: "pickup", bootLitres: null });
    expect(pickupDogCon(pickup, dog)).toMatch(/flakkåpa/u);
    expect(pickupDogCon(pickup, kids)).toBeNull();
    expect(pickupDogCon(car, dog)).toBeNull();
  });

  it("the cold the buyer wrote about is answered with the heater to ask for", () => {
    expect(coldStartNote(car, noting(base.requirements, "Gärna: motorvärmare"))).toMatch(/motorvärmare/u);
    expect(coldStartNote(car, base.requirements)).toBeNull();
    expect(writeLocally(car, noting(base.requirements, "Gärna: motorvärmare"), [car]).deepDive).toMatch(/Fråga om .* har motorvärmare/u);
  });
});

describe("catalogue facts the review corrected", () => {
  const window = (from: number, to: number) => ({ yearFrom: from, yearTo: to });
  it("power by model year, Euro NCAP, years and wording", () => {
    expect(windowPowerHp(variant("volkswagen-sharan-ii-2-0-tdi"), window(2011, 2012))).toBe(140);
    expect(windowPowerHp(variant("seat-alhambra-ii-2-0-tdi"), window(2011, 2012))).toBe(140);
    expect(windowPowerHp(variant("seat-alhambra-ii-2-0-tdi"), window(2016, 2018))).toBe(150);
    expect(windowPowerHp(variant("mitsubishi-pajero-iv-3-2-di-d"), window(2007, 2007))).toBe(170);
    expect(windowPowerHp(variant("volvo-xc60-i-d5-awd"), window(2009, 2009))).toBe(185);
    expect(windowPowerHp(variant("volvo-xc60-i-d5-awd"), window(2010, 2011))).toBe(205);
    expect(windowPowerHp(variant("volvo-xc60-i-d5-awd"), window(2013, 2015))).toBe(215);
    expect(variant("volkswagen-amarok-i-2-0-bitdi").ncap).toEqual({ stars: 4, year: 2010 });
    expect(variant("audi-a3-8v-1-4-tfsi").years[1]).toBe(2017);
    // Twins with one engine carry one fault note for the same years (T-Roc and Karoq 1.5 TSI evo).
    const early15 = CATALOGUE.filter((v) => /^1\.5 TSI$/u.test(v.name) && v.years[0] <= 2019 && ["Volkswagen", "Skoda"].includes(v.make));
    expect(early15.length).toBeGreaterThan(1);
    for (const v of early15)
      expect(v.knownFlaws.filter((f) => typeof f !== "string" && /kallstart|kall motor/u.test(f.text)).map((f) => (f as { years: number[] }).years)).toEqual([
        [2018, 2019],
      ]);
    const said = CATALOGUE.flatMap((v) => [...v.strengths, ...v.reliabilityNotes]).join(" ");
    expect(said).not.toMatch(/den bredaste flaken|Yaris IIs|ihålig|Seg femcylindrig|En av få fyrhjulsdrivna|kan ha garanti kvar|Sorento II har sju säten/u);
  });
});

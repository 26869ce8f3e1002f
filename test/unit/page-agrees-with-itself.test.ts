import { describe, expect, it } from "vitest";
import { formatRangeMil } from "#app/lib/format";
import type { BuyerRequirements } from "#app/lib/requirements";
import { statedWishes } from "#app/lib/said-wishes";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { type Candidate, pickDiverse } from "#app/server/advice/candidates.server";
import { type CardFacts, cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { checkCard, checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { RULE_FUNCTIONS, type RuleName } from "#app/server/advice/fact-check/rules.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { wishSentences } from "#app/server/advice/wish-sentences.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";

// The ninth blind review's contradictions within a page: one value per quantity, faults of the card's years, prices and
// mileage the card itself gives, seats and litres as the buyer will use them, and a wish shown as the buyer's only when said.

function prepare(description: string, maxPrice: number) {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
  return prepared.prepared;
}

function cards(description: string, maxPrice: number) {
  const { candidates, requirements, shortfall } = prepare(description, maxPrice);
  const top = pickDiverse(candidates, 10, requirements.namedModels).slice(0, 10);
  return {
    shortfall,
    requirements,
    cards: top.map((candidate) => ({ candidate, texts: writeLocally(candidate, requirements, top), facts: cardFacts(candidate, requirements) })),
  };
}

const WISHES = {
  family:
    "Vi är 2 vuxna + 3 barn, yngsta i bakåtvänd bilbarnstol. MÅSTE ha 7 säten eller plats för 3 stolar i baksätet. Gärna automat och stort bagage för barnvagn. Vill inte ha diesel, bor i stan. Max 12 mil per dag.",
  senior:
    "jag är 78 år och har kört min gamla Volvo V70 -04 i 20 år men den rostar nu. vill ha något som är lätt att kliva i och ur, högre sittning, automat är ett måste. kör mest till affären och till dottern i Gävle ibland. inte för krånglig med massa skärmar",
  north:
    "bor i norrland utanför Arvidsjaur, grusväg, mycket snö. måste ha 4wd och kunna dra husvagn på ca 1600 kg. helst diesel eller bensin, ingen ren elbil pga kylan och långt till laddning. min svågers Subaru Outback har varit bra men vill ha lite större dragkapacitet",
  electrician:
    "elektriker, kör ca 4000 mil/år mest pendling Uppsala-Sthlm plus lite verktyg och stegar. prefer laddhybrid eller el om räckvidden räcker, kan ladda hemma. vill ha kombi, inte suv. låg förbrukning viktigast",
} as const;
const family = cards(WISHES.family, 220_000);
// The reviewed family's "7 säten eller 3 stolar" is either alternative; a family that must have seven seats gets the shortfall and folded-row litres.
const sevenSeats = cards("Vi är 2 vuxna + 3 barn. MÅSTE ha 7 säten. Gärna automat och stort bagage för barnvagn. Vill inte ha diesel, bor i stan.", 220_000);
const senior = cards(WISHES.senior, 150_000);
const north = cards(WISHES.north, 250_000);
const electrician = cards(WISHES.electrician, 200_000);
const ALL = [family, senior, north, electrician].flatMap((list) => list.cards);
const allText = (texts: ReturnType<typeof writeLocally>) =>
  [texts.tagline, texts.whyItFits, texts.deepDive, texts.commonFlaws, ...texts.pros, ...texts.cons].join(" ");

const REFERENCE_YEAR = 2026;
function facts(id: string, years: [number, number], wish: string, price: [number, number] = [1, 2]): CardFacts {
  const variant = getVariant(id);
  if (!variant) throw new Error(`no variant ${id}`);
  const req = parseRequirements({ description: wish, maxPrice: 500_000, carType: "alla", sellerType: "alla" }, { referenceYear: REFERENCE_YEAR });
  const candidate = {
    variant,
    window: { yearFrom: years[0], yearTo: years[1], priceFrom: price[0], priceTo: price[1], mileageTo: 500, body: variant.bodies[0]! },
    costs: { ageYears: REFERENCE_YEAR - years[1] },
  } as unknown as Candidate;
  return cardFacts(candidate, req);
}
const rule = (name: RuleName, sentence: string, card: CardFacts) => RULE_FUNCTIONS[name](sentence, card)?.rule ?? null;

describe("page rules: a true and a false example each", () => {
  it("early-fault: a fault of 'tidiga' cars only on a card whose years reach the generation's first three", () => {
    const flaw = "Den fyrstegade automatlådan i tidiga ix20 höjer förbrukningen och varvar högt på motorväg.";
    expect(rule("early-fault", flaw, facts("hyundai-ix20-1-6", [2017, 2019], "Automat."))).toBe("early-fault");
    expect(rule("early-fault", flaw, facts("hyundai-ix20-1-6", [2010, 2012], "Automat."))).toBeNull();
    // A comparison with the early cars warns of nothing.
    expect(rule("early-fault", "Senare ix20 är tystare än de tidiga bilarna.", facts("hyundai-ix20-1-6", [2017, 2019], "Automat."))).toBeNull();
    expect(
      rule("early-fault", "Ny infotainment rättar det mesta som var fel i tidiga Golf 8.", facts("hyundai-ix20-1-6", [2017, 2019], "Automat.")),
    ).toBeNull();
  });

  it("price-claim: a purchase price agrees with the card's own window", () => {
    const xc90 = facts("volvo-xc90-i-2-5t-awd", [2007, 2009], "Sju säten.", [36_000, 58_000]);
    expect(rule("price-claim", "Sju säten och fyrhjulsdrift från runt 20 000 kronor.", xc90)).toBe("price-claim");
    expect(rule("price-claim", "Sju säten och fyrhjulsdrift från runt 40 000 kronor.", xc90)).toBeNull();
    expect(rule("price-claim", "Skatten är från 20 000 kr per år.", xc90)).toBeNull();
    // A bound is true of any window that starts below it.
    expect(rule("price-claim", "Ett tryggt val under 80 000 kr.", xc90)).toBeNull();
    expect(rule("price-claim", "Ett tryggt val under 30 000 kr.", xc90)).toBe("price-claim");
  });

  it("usage-claim: 'passar den som kör lite' only for a buyer who drives little", () => {
    const sentence = "Mjuk och tyst femcylindrig turbobensin som passar den som kör lite och inte vill ha en gammal diesel.";
    expect(rule("usage-claim", sentence, facts("volvo-xc90-i-2-5t-awd", [2007, 2009], "Sju säten, jag kör 4000 mil om året."))).toBe("usage-claim");
    expect(rule("usage-claim", sentence, facts("volvo-xc90-i-2-5t-awd", [2007, 2009], "Sju säten, jag kör 800 mil om året."))).toBeNull();
  });

  it("seat-claim: jump seats are no place for a rear-facing seat, and family litres say the row is folded", () => {
    const v70 = facts("volvo-v70-ii-2-4", [2005, 2007], "Familjebil.");
    expect(rule("seat-claim", "Rymlig kombi med bakåtvända barnstolar i bagageutrymmet som tillval.", v70)).toBe("seat-claim");
    expect(rule("seat-claim", "Rymlig kombi med två bakåtvända extrasäten för större barn i bagageutrymmet som tillval.", v70)).toBeNull();
    const sevenNeeded = facts("toyota-verso-1-8", [2016, 2018], "Vi behöver 7 säten till barnen.");
    expect(rule("seat-claim", "Med barn i bilen ger 484 liter bagage plats för barnvagn och packning samtidigt.", sevenNeeded)).toBe("seat-claim");
    expect(rule("seat-claim", "De 484 liter bagage gäller med tredje raden fälld.", sevenNeeded)).toBeNull();
    expect(rule("seat-claim", "Snål sjusitsig familjebil: runt 0,56 liter per mil.", sevenNeeded)).toBeNull();
  });

  it("name-only: a line that only repeats the car's name says nothing", () => {
    const rav4 = facts("toyota-rav4-iv-2-5-hybrid-awd", [2016, 2018], "Fyrhjulsdrift.");
    expect(rule("name-only", "Toyota RAV4 2.5 Hybrid AWD.", rav4)).toBe("name-only");
    expect(rule("name-only", "RAV4 2.5 Hybrid AWD är en SUV med 5 säten och 501 liter bagage.", rav4)).toBeNull();
  });
});

describe("the reviewed pages agree with themselves", () => {
  it("the shortfall counts the cars the page shows", () => {
    expect(sevenSeats.shortfall?.message).toMatch(new RegExp(`Bara ${sevenSeats.cards.length} bilar`, "u"));
  });

  it("no card trips a page rule: faults of other years, prices outside its window, a mileage it does not assume, seats or litres the fact box denies", () => {
    const findings = ALL.flatMap(({ texts, facts: f }) => checkCard(texts, f).findings).filter((finding) =>
      ["early-fault", "price-claim", "usage-claim", "seat-claim", "name-only"].includes(finding.rule),
    );
    expect(findings.map((finding) => `${finding.rule}: ${finding.sentence}`)).toEqual([]);
    expect(ALL.filter(({ texts }) => /tidiga (ix20|Venga|V70 II|XV)/u.test(texts.commonFlaws)).map(({ texts }) => texts.commonFlaws)).toEqual([]);
  });

  it("a card whose years leave out the early cars' faults says so, in a sentence the checker passes", () => {
    const ix20 = senior.cards.find(({ candidate }) => candidate.variant.model === "ix20");
    expect(ix20).toBeDefined();
    const note = /[^.]*tidiga ix20 \(\d{4}–\d{4}\) gäller inte årsmodell[^.]*\./u.exec(ix20!.texts.deepDive)?.[0];
    expect(note).toBeDefined();
    expect(checkSentence(note!.trim(), ix20!.facts)).toBeNull();
  });

  it("seven seats or three child seats across: every car has one of them, none is a narrow five-seater", () => {
    const narrow = family.cards.filter(({ candidate: { variant } }) => variant.seats <= 5 && ["mini", "small", "compact"].includes(variant.size));
    expect(narrow.map(({ candidate }) => `${candidate.variant.model} ${candidate.variant.size}`)).toEqual([]);
    expect(family.cards.length).toBeGreaterThan(0);
  });

  it("a plug-in's range reads the same in the text as in the fact box", () => {
    const plugIns = ALL.filter(({ candidate }) => candidate.variant.fuel === "laddhybrid");
    expect(plugIns.length).toBeGreaterThan(0);
    for (const { candidate, texts } of plugIns) {
      const said = /Elräckvidden på cirka ([\d,]+\u00a0mil)/u.exec(texts.deepDive)?.[1];
      // The fact box formats the suggestion's rangeKm, which is the variant's.
      if (said) expect(said).toBe(formatRangeMil(candidate.variant.rangeKm ?? 0));
    }
  });

  it("a family that needs seven seats is told the boot litres count the third row folded", () => {
    const litres = sevenSeats.cards.flatMap(({ texts }) => [texts.whyItFits, ...texts.pros]).filter((text) => /barnvagn/u.test(text) && /liter/u.test(text));
    expect(litres.length).toBeGreaterThan(0);
    expect(litres.filter((text) => !/fälld/u.test(text))).toEqual([]);
  });

  it("a card says plainly when the car misses a stated preference", () => {
    const manualOnly = family.cards.filter(({ candidate }) => !candidate.variant.gearboxes.includes("automat"));
    for (const { texts } of manualOnly) expect(texts.cons.join(" ")).toMatch(/bara med manuell växellåda; du ville helst ha automat/u);
    const notPlugIn = electrician.cards.filter(({ candidate }) => !["laddhybrid", "el"].includes(candidate.variant.fuel));
    expect(notPlugIn.length).toBeGreaterThan(0);
    for (const { texts } of notPlugIn) expect(texts.cons.join(" ")).toMatch(/du ville helst ha laddhybrid eller elbil/u);
    // A body taken from a model the buyer named (the brother-in-law's Outback) is not the buyer's stated preference.
    expect(north.cards.flatMap(({ texts }) => texts.cons).filter((con) => /du ville helst ha kombi/u.test(con))).toEqual([]);
  });
});

describe("a wish is the buyer's only when the reading says they said it", () => {
  const withItems = (req: BuyerRequirements, items: BuyerRequirements["reading"]["items"]): BuyerRequirements => ({
    ...req,
    reading: { ...req.reading, items },
  });

  it("a wish whose reading items are all assumptions or unquoted is not stated", () => {
    const req = prepare(WISHES.north, 250_000).requirements;
    expect(statedWishes(req)).toContain("space");
    const assumedSpace = withItems(req, [{ field: "wish.space", value: 0.6, quote: null, assumed: true, uncertain: false, source: "model" }]);
    expect(statedWishes(assumedSpace)).not.toContain("space");
    const saidSpace = withItems(req, [{ field: "wish.space", value: 0.6, quote: "stort bagage", assumed: false, uncertain: false, source: "model" }]);
    expect(statedWishes(saidSpace)).toContain("space");
  });

  it("a card never calls a weighed but unsaid wish 'ditt önskemål'", () => {
    const { candidates, requirements } = prepare(WISHES.north, 250_000);
    const top = pickDiverse(candidates, 10, requirements.namedModels).slice(0, 10);
    const unsaid = withItems(requirements, [{ field: "wish.space", value: 0.6, quote: null, assumed: true, uncertain: false, source: "model" }]);
    const sentences = top.flatMap((candidate) => wishSentences(candidate, unsaid, "", top, []));
    expect(sentences.filter((sentence) => /önskemål om [^.]*utrymme/u.test(sentence))).toEqual([]);
    expect(sentences.some((sentence) => /vägt in utrymme/u.test(sentence))).toBe(true);
  });

  it("a tagline always says more than the car's name", () => {
    for (const { texts, facts: f } of ALL) expect(RULE_FUNCTIONS["name-only"](texts.tagline, f), texts.tagline).toBeNull();
  });
});

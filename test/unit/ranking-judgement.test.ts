import { describe, expect, it } from "vitest";
import type { HardRequirements } from "#app/lib/requirements";
import type { SearchInput } from "#app/lib/search-form";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { type Candidate, pickDiverse, searchCandidates } from "#app/server/advice/candidates.server";
import { violations } from "#app/server/advice/enforcement.server";
import { judgedReliability, reliabilityEvidence } from "#app/server/advice/reliability-evidence.server";
import { CATALOGUE, generationKey, getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import type { Variant } from "#app/server/cars/variant.server";
import { flawsForYears } from "#app/server/cars/variant.server";
import { readWish } from "#test/advice/read-wish";

// Judgement in the ranking: a rating weighs by the evidence behind it, and the buyer's situation
// (no charger at home, a heavy trailer, buttons, a van) moves the first three. Rules: docs/advice-quality.md.

const config = { assumptions: DEFAULT_COST_ASSUMPTIONS };
const input = (description: string, maxPrice: number): SearchInput => ({ description, maxPrice, carType: "alla", sellerType: "alla" });

function firstTen(description: string, maxPrice: number): Candidate[] {
  const prepared = prepareAdvice(input(description, maxPrice), 10, config);
  if (prepared.status !== "ready") throw new Error(`${prepared.status}: ${prepared.message}`);
  return pickDiverse(prepared.prepared.candidates, 10);
}

const ids = (candidates: readonly Candidate[]) => candidates.map((candidate) => candidate.variant.id).join(", ");
const variant = (id: string): Variant => {
  const found = getVariant(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
};

/** A copy of a catalogue car with its documentation thinned or thickened, so the rule is shown on one car both ways. */
function documented(base: Variant, id: string, facts: number, fleet: number, unverified: Variant["unverified"], reliability: number): Variant {
  const sentence = (n: number) => `Känt fel nummer ${n} på den här provbilen.`;
  return {
    ...base,
    id,
    generation: id,
    reliability,
    knownFlaws: Array.from({ length: Math.min(5, facts) }, (_, n) => sentence(n)),
    reliabilityNotes: Array.from({ length: Math.max(1, facts - 5) }, (_, n) => sentence(10 + n)),
    marketPresence: fleet,
    unverified,
  };
}

describe("a reliability rating weighs by the evidence behind it", () => {
  const base = variant("toyota-avensis-t27-1-8");
  const thin = documented(base, "tunn", 2, 60, ["towingKg", "bootLitres", "consumption", "co2", "ncap", "curbWeightKg"], 88);
  const known = documented(base, "kand", 7, 800, undefined, 82);
  const catalogue = [...CATALOGUE, thin, known];

  it("scores evidence from the fault facts, the fleet and the checked figures", () => {
    expect(reliabilityEvidence(known, catalogue).weight).toBe(1);
    expect(reliabilityEvidence(thin, catalogue).weight).toBeLessThan(0.5);
  });

  it("a thinly documented 88 ranks below a well-known 82 of the same size, and the well-known car keeps its rating", () => {
    expect(judgedReliability(known, catalogue)).toBe(82);
    expect(judgedReliability(thin, catalogue)).toBeLessThan(judgedReliability(known, catalogue));
    // The shrink is towards the segment, not a penalty: a thin car is never judged below its segment's median for thinness alone.
    expect(judgedReliability(thin, catalogue)).toBeGreaterThan(70);
  });

  it.each([
    ["honda-accord-viii-2-0", "toyota-avensis-t27-1-8"],
    ["toyota-verso-s-1-33", "honda-jazz-iii-1-3"],
    ["suzuki-splash-1-2", "toyota-yaris-ii-1-0"],
  ])("the thinly documented %s is not judged more reliable than the well-known %s", (thinId, knownId) => {
    expect(judgedReliability(variant(thinId))).toBeLessThan(judgedReliability(variant(knownId)));
  });

  it("in the ranking, the well-known car of the pair comes first for a buyer who asks for reliability", () => {
    const req = readWish("pålitlig mellanklassbil, ska hålla länge", 150_000);
    const order = searchCandidates(req, { ...DEFAULT_COST_ASSUMPTIONS, referenceYear: 2026 }, catalogue).candidates.map((c) => c.variant.id);
    expect(order.indexOf("kand"), order.slice(0, 5).join(", ")).toBeLessThan(order.indexOf("tunn"));
  });
});

describe("the buyer's situation moves the first three", () => {
  const plug = (candidate: Candidate) => candidate.variant.fuel === "laddhybrid" || candidate.variant.fuel === "el";

  it("no charging at home: no plug-in hybrid or electric car in the ten", () => {
    const ten = firstTen("fem personer och en stor hund i umeå, kan inte ladda hemma, bor i lägenhet, behöver 4wd och stort bagage", 220_000);
    expect(ten.filter(plug).map((c) => c.variant.id)).toEqual([]);
  });

  it("the same wish with a charger at home keeps the plug-ins in the ten", () => {
    const ten = firstTen("fem personer och en stor hund i umeå, har laddbox hemma, behöver 4wd och stort bagage", 220_000);
    expect(ten.some(plug), ids(ten)).toBe(true);
  });

  it("a heavy caravan: the first three are rated some 15 % over it, and none is a plug-in", () => {
    const first = firstTen("två pensionärer i mora som ska dra vår husvagn på 1500 kg till kroatien, bekvämt och pålitligt, gärna automat", 250_000).slice(
      0,
      3,
    );
    for (const candidate of first) {
      expect(candidate.variant.towingKg, candidate.variant.id).toBeGreaterThanOrEqual(1725);
      expect(plug(candidate), candidate.variant.id).toBe(false);
    }
  });

  it("a buyer who hates touch screens gets no car whose generation names touch controls, in any of its engines", () => {
    const TOUCH = /pekskärm|pekreglage|pekknapp|saknar fysiska knappar|skärm\p{L}* (kan )?(frys|fryser|frysa)/iu;
    const first = firstTen("hatar pekskärmar, vill ha riktiga knappar för värme och fläkt, automat och kombi", 300_000).slice(0, 5);
    const touch = first.filter((candidate) =>
      CATALOGUE.filter((sibling) => generationKey(sibling) === generationKey(candidate.variant))
        .flatMap((sibling) => [...flawsForYears(sibling, candidate.window.yearFrom, candidate.window.yearTo), ...sibling.reliabilityNotes])
        .some((text) => TOUCH.test(text)),
    );
    expect(touch.map((c) => c.variant.id)).toEqual([]);
  });

  it("a stated age limit holds in the ten", () => {
    const ten = firstTen("automat och kombi, max 8 år gammal, kör mest motorväg", 300_000);
    for (const candidate of ten) expect(candidate.window.yearFrom, candidate.variant.id).toBeGreaterThanOrEqual(2018);
  });

  it("a carpenter asking for a van or a large estate with a towbar gets vans, first three included", () => {
    const ten = firstTen("snickare, behöver plats för verktyg och gipsskivor, dragkrok ett måste, släpkärra 1300 kg ibland. skåpbil eller stor kombi", 180_000);
    const vans = ten.filter((candidate) => candidate.window.body.type === "skapbil");
    expect(vans.length, ids(ten)).toBeGreaterThanOrEqual(3);
    expect(
      ten.slice(0, 3).some((candidate) => candidate.window.body.type === "skapbil"),
      ids(ten),
    ).toBe(true);
  });
});

describe("a size word is a floor", () => {
  const hard = (sizes: Variant["size"][]): HardRequirements => ({
    maxPrice: 400_000,
    bodyTypes: [],
    sizes,
    adultThirdRow: false,
    awd: false,
    allowedFuels: [],
    excludedFuels: [],
    requiredMakes: [],
    excludedMakes: [],
  });
  const transporter = variant("volkswagen-transporter-t6-2-0-tdi-skap");

  it("'stor' admits a bigger van", () => {
    expect(violations(transporter, hard(["large"]))).toEqual([]);
  });

  it("'liten' still rules the van out", () => {
    expect(violations(transporter, hard(["mini", "small"]))).toContain("sizes");
  });
});

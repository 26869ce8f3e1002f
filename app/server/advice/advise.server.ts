import { SHORTFALL_COPY, START_FAILURE_COPY } from "#app/lib/failure-copy";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { BuyerRequirements } from "#app/lib/requirements";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import type { AdviceAssumptions } from "#app/lib/saved-recommendation";
import type { SearchInput } from "#app/lib/search-form";
import { CATALOGUE, variantDisplayName } from "#app/server/cars/catalogue.server";
import { type CostAssumptions, homeChargingPrice } from "#app/server/cars/ownership-cost.server";
import { seatsIn, thirdRowIn, type Variant } from "#app/server/cars/variant.server";
import { type Candidate, listKeyOf, otherVariantsFloor, otherVariantsOf, searchCandidates } from "./candidates.server";
import type { AdviceEngine, AdviceOptions, CarTexts, EnginePick } from "./contracts.server";
import { cardFacts, windowPowerHp, windowPowers } from "./fact-check/card-facts.server";
import { checkCard, checkSentence } from "./fact-check/check-card.server";
import { fuelText } from "./facts-text.server";
import { buyerNotes, noFlawKnown, writeLocally } from "./local-writer.server";
import { otherVariantsLine } from "./other-variants.server";
import { carInBrief } from "./preference-cons.server";
import { explainShortfall, type Shortfall } from "./shortfall.server";
import { circumstancesOf, type ImpliedNeed, impliedNeedBroken } from "./situation.server";
import { guardResultTexts } from "./text-guard.server";

// `prepareAdvice` is pure and cheap, so unclear or impossible wishes are answered before any quota is spent.

export type AdviceConfig = {
  assumptions: CostAssumptions;
  defaultMilPerYear?: number;
};

export type PreparedAdvice = {
  requirements: BuyerRequirements;
  candidates: Candidate[];
  shortfall: Shortfall | null;
  assumptions: AdviceAssumptions;
};

export type PrepareResult =
  | { status: "ready"; prepared: PreparedAdvice }
  | { status: "unclear"; message: string; requirements: BuyerRequirements }
  | { status: "no-match"; message: string; requirements: BuyerRequirements };

export function readRequirements(input: SearchInput, config: AdviceConfig): BuyerRequirements {
  const parsed = parseRequirements(input, { referenceYear: config.assumptions.referenceYear });
  if (parsed.usage.milPerYearStated || config.defaultMilPerYear === undefined) return parsed;
  return { ...parsed, usage: { ...parsed.usage, milPerYear: config.defaultMilPerYear } };
}

function summariseAssumptions(requirements: BuyerRequirements, a: CostAssumptions): AdviceAssumptions {
  return {
    milPerYear: requirements.usage.milPerYear,
    milPerYearStated: requirements.usage.milPerYearStated,
    petrolPricePerLitre: a.petrolPricePerLitre,
    dieselPricePerLitre: a.dieselPricePerLitre,
    electricityPricePerKwh: Math.round(homeChargingPrice(requirements.usage, a) * 100) / 100,
    publicChargingShare: a.publicChargingShare,
    ...(requirements.usage.driverAge !== undefined ? { driverAge: requirements.usage.driverAge } : {}),
    ...(requirements.situation.newDriver ? { newDriver: true } : {}),
    ...(requirements.usage.area ? { area: requirements.usage.area } : {}),
    referenceYear: a.referenceYear,
  };
}

export function prepareAdvice(input: SearchInput, wanted: number, config: AdviceConfig): PrepareResult {
  return prepareFromRequirements(readRequirements(input, config), wanted, config);
}

export function prepareFromRequirements(requirements: BuyerRequirements, wanted: number, config: AdviceConfig): PrepareResult {
  if (requirements.nonsense) {
    return { status: "unclear", requirements, message: START_FAILURE_COPY["unclear-wish"] };
  }
  if (requirements.conflicts.length > 0) {
    return { status: "unclear", requirements, message: requirements.conflicts.map((conflict) => conflict.message).join(" ") };
  }
  const { candidates, impliedNeeds } = searchCandidates(requirements, config.assumptions);
  const shortfall =
    explainShortfall(requirements.hard, wanted, CATALOGUE, [], shownCount(requirements)) ?? fewModels(requirements.namedModels, candidates, wanted);
  if (candidates.length === 0) {
    return { status: "no-match", requirements, message: impliedNeedMessage(impliedNeeds) ?? shortfall?.message ?? START_FAILURE_COPY["no-match"] };
  }
  return { status: "ready", prepared: { requirements, candidates, shortfall, assumptions: summariseAssumptions(requirements, config.assumptions) } };
}

const IMPLIED_NEED_COPY: Record<ImpliedNeed, keyof typeof START_FAILURE_COPY> = {
  "kids-seats": "no-match-kids",
  "taxi-seats": "no-match-taxi",
  "child-seats": "no-match-child-seats",
  "child-row": "no-match-child-row",
  "winter-range": "no-match-winter-range",
  trailer: "no-match-trailer",
};

/** When the hard requirements leave cars and a need the situation implies rules them all out, that need is the reason given. */
function impliedNeedMessage(counts: ReadonlyMap<ImpliedNeed, number>): string | null {
  const [need] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  return need ? START_FAILURE_COPY[IMPLIED_NEED_COPY[need]] : null;
}

/** What a list of these cars would show: one card per model, none whose situation rules it out (three barn and five seats). */
function shownCount(req: BuyerRequirements): (variants: readonly Variant[]) => number {
  const named = new Set(req.namedModels);
  const circumstances = circumstancesOf(req);
  return (variants) =>
    new Set(variants.filter((variant) => impliedNeedBroken(variant, req, circumstances) === null).map((variant) => listKeyOf(variant, named))).size;
}

/** Each model is shown once: when fewer models than wanted fit, the short list says why. */
function fewModels(namedModels: readonly string[], candidates: readonly Candidate[], wanted: number): Shortfall | null {
  const named = new Set(namedModels);
  const models = new Set(candidates.map((candidate) => listKeyOf(candidate.variant, named))).size;
  if (models === 0 || models >= wanted) return null;
  return { fitting: models, wanted, budgetNeeded: null, relaxations: [], kept: [], pair: null, message: SHORTFALL_COPY["few-models"](models, wanted) };
}

export function toSuggestion(candidate: Candidate, pick: EnginePick, rank: number): CarSuggestion {
  const v = candidate.variant;
  const w = candidate.window;
  const c = v.consumption;
  return {
    variantId: v.id,
    facts: {
      generation: v.generation,
      fuel: v.fuel,
      ...(v.combustionFuel ? { combustionFuel: v.combustionFuel } : {}),
      drivetrain: v.drivetrain,
      gearboxes: v.gearboxes,
      body: w.body.type,
      bootLitres: w.body.bootLitres,
      seats: seatsIn(v, w.body.type),
      thirdRowAdult: thirdRowIn(v, w.body.type)?.adultSized ?? null,
      ...(thirdRowIn(v, w.body.type)?.optional ? { standardSeats: seatsIn(v, w.body.type) - (thirdRowIn(v, w.body.type)?.seats ?? 0) } : {}),
      towingKg: v.towingKg,
      ...(v.rangeKm !== undefined ? { rangeKm: v.rangeKm } : {}),
      // The power of the window's newest year: a V90 T8 of 2017–2018 had 407 hk, later ones 390.
      powerHp: windowPowerHp(v, w),
      ...(windowPowers(v, w).length > 1 ? { powersByYear: windowPowers(v, w).map(({ hp, from, to }) => ({ hp, from, to })) } : {}),
      consumption: {
        ...(c.litresPer100Km !== undefined ? { litresPerMil: c.litresPer100Km / 10 } : {}),
        ...(c.kwhPer100Km !== undefined ? { kwhPerMil: c.kwhPer100Km / 10 } : {}),
        ...(c.kgPer100Km !== undefined ? { kgPerMil: c.kgPer100Km / 10 } : {}),
      },
      ncap: v.ncap,
      energyPerMil: Math.round(candidate.costs.energyPerMil * 100) / 100,
      ...(v.unverified ? { unverified: [...v.unverified] } : {}),
    },
    carName: variantDisplayName(v),
    carMake: v.make,
    carModel: v.model,
    carTagline: pick.texts.tagline,
    ratings: { rank, overall: Math.max(0, Math.min(100, pick.overall)), ...candidate.ratings, finalScore: 0 },
    pros: pick.texts.pros,
    cons: pick.texts.cons,
    recommendedYear: { from: w.yearFrom, to: w.yearTo },
    recommendedPrice: { from: w.priceFrom, to: w.priceTo, ...(w.priceEstimate ? { estimate: true } : {}) },
    recommendedMileage: { to: w.mileageTo },
    whyItFits: pick.texts.whyItFits,
    deepDiveAnalysis: pick.texts.deepDive,
    commonFlaws: pick.texts.commonFlaws,
    ownershipCost: {
      insurance: candidate.costs.insurance,
      tax: candidate.costs.tax,
      fuel: candidate.costs.fuel,
      maintenance: candidate.costs.maintenance,
      ...(Object.keys(candidate.costs.notes).length > 0 ? { notes: candidate.costs.notes } : {}),
    },
  };
}

export async function runAdvice(
  prepared: PreparedAdvice,
  input: SearchInput,
  engine: AdviceEngine,
  count: number,
  options?: AdviceOptions,
): Promise<CarSuggestion[]> {
  const picks = await engine.advise({ requirements: prepared.requirements, candidates: prepared.candidates, count, sellerType: input.sellerType }, options);
  return assembleSuggestions(prepared, picks, count);
}

/** Numbers only, for the marketplace lookups: the writer and the guard would hold them up. */
export function suggestionsForLookup(prepared: PreparedAdvice, picks: readonly EnginePick[], count: number): CarSuggestion[] {
  const byId = new Map(prepared.candidates.map((candidate) => [candidate.variant.id, candidate]));
  const seen = new Set<string>();
  const cars: CarSuggestion[] = [];
  for (const pick of picks) {
    const candidate = byId.get(pick.variantId);
    if (!candidate || seen.has(pick.variantId) || cars.length >= count) continue;
    seen.add(pick.variantId);
    const name = variantDisplayName(candidate.variant);
    cars.push(
      toSuggestion(
        candidate,
        { ...pick, texts: { ...NO_TEXTS, tagline: name, whyItFits: name, deepDive: name, commonFlaws: name, pros: [], cons: [] } },
        cars.length + 1,
      ),
    );
  }
  return cars;
}

export const NO_TEXTS = { tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: [], cons: [] } as const;

/** A note's opening words (whatever engine wrote the card): the guard may mend a figure further on, never these. */
const NOTE_HEAD = 30;

/** Serves the interim view too: picks whose texts have not arrived get the facts-only writer's. */
export function assembleSuggestions(prepared: PreparedAdvice, picks: readonly EnginePick[], count: number): CarSuggestion[] {
  const byId = new Map(prepared.candidates.map((candidate) => [candidate.variant.id, candidate]));
  const seen = new Set<string>();
  const chosen: { candidate: Candidate; pick: EnginePick }[] = [];
  for (const pick of picks) {
    const candidate = byId.get(pick.variantId);
    if (!candidate || seen.has(pick.variantId) || chosen.length >= count) continue;
    seen.add(pick.variantId);
    chosen.push({ candidate, pick });
  }
  // Fallbacks first, then one guard pass, so a fallback never brings back a sentence the guard drops.
  const fallbacks: CarTexts[] = [];
  const merged = chosen.map(({ candidate, pick }) => {
    const fallback = writeLocally(candidate, prepared.requirements);
    fallbacks.push(fallback);
    const t = pick.texts;
    return {
      variant: candidate.variant,
      facts: cardFacts(candidate, prepared.requirements),
      texts: {
        tagline: t.tagline.trim() || fallback.tagline,
        whyItFits: t.whyItFits.trim() || fallback.whyItFits,
        deepDive: t.deepDive.trim() || fallback.deepDive,
        commonFlaws: t.commonFlaws.trim() || fallback.commonFlaws,
        pros: t.pros.length > 0 ? t.pros : fallback.pros,
        cons: t.cons.length > 0 ? t.cons : fallback.cons,
      },
    };
  });
  const guarded = guardResultTexts(merged);
  const floor = otherVariantsFloor(
    prepared.requirements,
    chosen.map(({ candidate }) => candidate),
  );
  return chosen.map(({ candidate, pick }, index) => {
    const texts = guarded[index]?.texts ?? merged[index]!.texts;
    const v = candidate.variant;
    const name = variantDisplayName(v);
    const spare = checkCard(fallbacks[index]!, merged[index]!.facts).texts;
    const filled = {
      ...texts,
      tagline: texts.tagline || spare.tagline || carInBrief(candidate, prepared.requirements),
      whyItFits: texts.whyItFits || spare.whyItFits || `${name} är en ${fuelText(v)} med ${windowPowerHp(v, candidate.window)} hk.`,
      deepDive: texts.deepDive || spare.deepDive || `Se fakta och kostnader för ${name} här intill.`,
      commonFlaws: texts.commonFlaws || spare.commonFlaws || noFlawKnown(candidate),
      pros: texts.pros.length > 0 ? texts.pros : spare.pros,
    };
    const others = otherVariantsLine(candidate, otherVariantsOf(candidate, prepared.candidates, floor), merged[index]!.facts, prepared.requirements);
    if (others) filled.deepDive = `${filled.deepDive} ${others}`;
    for (const note of buyerNotes(candidate, prepared.requirements)) {
      if (![filled.deepDive, ...filled.cons].some((text) => text.includes(note.slice(0, NOTE_HEAD))) && checkSentence(note, merged[index]!.facts) === null)
        filled.deepDive = `${filled.deepDive} ${note}`;
    }
    const suggestion = toSuggestion(candidate, { ...pick, texts: filled }, index + 1);
    return pick.texts.writtenBy === "facts" ? { ...suggestion, textsFromFacts: true } : suggestion;
  });
}

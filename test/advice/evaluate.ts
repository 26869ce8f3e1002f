import type { RecommendedCar } from "#app/lib/saved-recommendation";
import { type AdviceConfig, assembleSuggestions, prepareAdvice } from "#app/server/advice/advise.server";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { type CheckedSentence, checkCard, checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { checkList, windowFinding } from "#app/server/advice/fact-check/list-rules.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import { sentences } from "#app/server/advice/sentences.server";
import { contradiction } from "#app/server/advice/text-guard.server";
import { costSituationOf } from "#app/server/advice/situation.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS, energyCostPerMil } from "#app/server/cars/ownership-cost.server";
import type { Variant } from "#app/server/cars/variant.server";
import { searchDemoAds } from "#app/server/marketplace/local-marketplace.server";
import { marketplaceQueryFor } from "#app/server/recommendations/suggestion-query.server";
import { favouredMakesOf, rankByFinalScore, scoreBreakdown } from "#app/lib/scoring";
import type { Profile, Truth } from "./profiles";
import { knownNcap } from "#app/server/advice/facts-text.server";

/**
 * Runs buyer profiles through the real pipeline (requirements → candidates → engine → guard →
 * demo availability → score) and measures the advice against each profile's hand-written truth,
 * not against what the parser understood. Shared by `npm run eval:advice` and the unit test.
 */

export const WANTED = 10;
const DEFAULT_MIL = 1500;

export type ProfileReport = {
  name: string;
  outcome: "ok" | "unclear" | "no-match";
  expected: "ok" | "unclear" | "no-match";
  cars: RecommendedCar[];
  /** "rank. car: what it breaks" for every hard-requirement violation in the result. */
  violations: string[];
  /** Sentences shown that contradict the variant's facts or fail the fact checker. */
  contradictions: string[];
  /** What the fact checker caught in the engine's texts before the guard, and what the guard did. */
  caught: (CheckedSentence & { car: string })[];
  /** Sentences the engine wrote (before the guard). */
  writtenSentences: number;
  sentences: number;
  duplicateSentences: number;
  /** Cars whose fuel cost is off the profile's stated mileage by more than 5 %. */
  fuelMismatches: string[];
  /** The explanation shown when the list is short (or the answer when nothing fits). */
  explanation: string | null;
  ms: number;
};

/** Every way a suggested car breaks the profile's truth, judged from the variant's own facts. */
export function truthViolations(car: RecommendedCar, variant: Variant, truth: Truth, maxPrice: number): string[] {
  const broken: string[] = [];
  const bad = (ok: boolean, what: string) => {
    if (!ok) broken.push(what);
  };
  bad(car.recommendedPrice.to <= maxPrice, `pris ${car.recommendedPrice.to} > ${maxPrice}`);
  if (truth.awd) bad(variant.drivetrain === "awd", "saknar fyrhjulsdrift");
  if (truth.minSeats) bad(variant.seats >= truth.minSeats, `${variant.seats} säten < ${truth.minSeats}`);
  if (truth.adultThirdRow)
    bad(
      variant.thirdRow
        ? variant.thirdRow.adultSized
        : variant.seats > 5 && !variant.thirdRow && variant.bodies.some((b) => ["familjebuss", "skapbil"].includes(b.type)),
      "tredje raden inte för vuxna",
    );
  if (truth.minTowingKg) bad(variant.towingKg >= truth.minTowingKg, `dragvikt ${variant.towingKg} < ${truth.minTowingKg}`);
  if (truth.allowedFuels) bad(truth.allowedFuels.includes(variant.fuel), `drivmedel ${variant.fuel}`);
  if (truth.excludedFuels) {
    bad(
      !truth.excludedFuels.includes(variant.fuel) && !truth.excludedFuels.includes(variant.combustionFuel as never),
      `drivmedel ${variant.fuel}/${variant.combustionFuel ?? "-"}`,
    );
  }
  if (truth.minRangeKm && variant.fuel === "el") bad((variant.rangeKm ?? 0) >= truth.minRangeKm, `räckvidd ${variant.rangeKm} km`);
  if (truth.gearbox) bad(variant.gearboxes.includes(truth.gearbox), `växellåda ${variant.gearboxes.join("/")}`);
  if (truth.requiredMakes) bad(truth.requiredMakes.includes(variant.make), `märke ${variant.make}`);
  if (truth.excludedMakes) bad(!truth.excludedMakes.includes(variant.make), `märke ${variant.make}`);
  if (truth.bodies) bad(car.facts !== undefined && truth.bodies.includes(car.facts.body), `kaross ${car.facts?.body}`);
  if (truth.minModelYear) bad(car.recommendedYear.from >= truth.minModelYear, `årsmodell ${car.recommendedYear.from}`);
  if (truth.minPowerHp) bad(variant.powerHp >= truth.minPowerHp, `${variant.powerHp} hk`);
  return broken;
}

export async function evaluateProfile(
  profile: Profile,
  engine: AdviceEngine = localAdviceEngine,
  config: AdviceConfig = { assumptions: DEFAULT_COST_ASSUMPTIONS },
): Promise<ProfileReport> {
  const started = performance.now();
  const expected = profile.outcome ?? "ok";
  const base = {
    name: profile.name,
    expected,
    violations: [],
    contradictions: [],
    caught: [],
    writtenSentences: 0,
    sentences: 0,
    duplicateSentences: 0,
    fuelMismatches: [],
    cars: [],
  };
  const prepared = prepareAdvice(profile.input, WANTED, config);
  if (prepared.status !== "ready") {
    return { ...base, outcome: prepared.status, explanation: prepared.message, ms: performance.now() - started };
  }
  const { requirements, candidates } = prepared.prepared;
  const picks = await engine.advise({ requirements, candidates, count: WANTED, sellerType: profile.input.sellerType });
  // The same checker the guard runs, on the engine's own texts: what the writers still produce.
  const byId = new Map(candidates.map((candidate) => [candidate.variant.id, candidate]));
  const caught: ProfileReport["caught"] = [];
  let writtenSentences = 0;
  for (const pick of picks) {
    const candidate = byId.get(pick.variantId);
    if (!candidate) continue;
    const t = pick.texts;
    writtenSentences += [t.tagline, t.whyItFits, t.deepDive, t.commonFlaws, ...t.pros, ...t.cons].flatMap(sentences).length;
    for (const finding of checkCard(pick.texts, cardFacts(candidate, requirements)).findings) caught.push({ ...finding, car: pick.variantId });
  }
  // What no sentence rule sees: a weakness left out, two cards at odds, a window at the budget unmarked.
  const listed = picks.flatMap((pick) => {
    const candidate = byId.get(pick.variantId);
    if (!candidate) return [];
    const known = knownNcap(candidate.variant);
    const ncap = known ? { ncapYear: known.year, ncapStars: known.stars } : {};
    return [
      {
        name: pick.variantId,
        texts: pick.texts,
        ratings: candidate.ratings,
        maintenance: candidate.costs.maintenance,
        insurance: candidate.costs.insurance,
        total: candidate.costs.total,
        ...ncap,
      },
    ];
  });
  for (const finding of checkList(listed))
    caught.push({ rule: finding.rule, why: finding.why, sentence: finding.sentence ?? "", action: "dropped", car: finding.car });
  const suggestions = assembleSuggestions(prepared.prepared, picks, WANTED);
  for (const car of suggestions) {
    const finding = windowFinding(car.recommendedPrice, requirements.hard.maxPrice);
    if (finding) caught.push({ ...finding, sentence: "", action: "dropped", car: car.variantId ?? car.carName });
  }
  const scored: RecommendedCar[] = suggestions.map((car) => {
    const result = searchDemoAds(marketplaceQueryFor(car, profile.input));
    const score = scoreBreakdown(car.ratings.overall, result.totalCount);
    return {
      ...car,
      ratings: { ...car.ratings, finalScore: score.finalScore },
      availability: {
        status: "known",
        adCount: result.totalCount,
        countIsEstimate: false,
        source: "demo",
        adsUrl: result.adsUrl,
        marketWindow: result.marketWindow,
        ads: result.cars,
      },
      score,
    };
  });
  const cars = rankByFinalScore(scored, favouredMakesOf(requirements));
  const ms = performance.now() - started;

  const report: ProfileReport = { ...base, outcome: "ok", cars, caught, writtenSentences, explanation: prepared.prepared.shortfall?.message ?? null, ms };
  const seen = new Map<string, number>();
  const milPerYear = profile.truth.milPerYear ?? DEFAULT_MIL;
  for (const car of cars) {
    const variant = getVariant(car.variantId ?? "");
    if (!variant) {
      report.violations.push(`${car.ratings.rank}. ${car.carName}: inte en katalogvariant`);
      continue;
    }
    for (const what of truthViolations(car, variant, profile.truth, profile.input.maxPrice))
      report.violations.push(`${car.ratings.rank}. ${car.carName}: ${what}`);
    const candidate = byId.get(variant.id);
    const facts = candidate ? cardFacts(candidate, requirements) : null;
    const texts = [car.carTagline, car.whyItFits, car.deepDiveAnalysis, car.commonFlaws, ...car.pros, ...car.cons];
    for (const sentence of texts.flatMap(sentences)) {
      report.sentences++;
      const key = sentence.toLowerCase();
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const why = contradiction(sentence, variant) ?? (facts ? checkSentence(sentence, facts)?.why : null);
      if (why) report.contradictions.push(`${car.carName} (${why}): ${sentence}`);
    }
    const expectedFuel =
      energyCostPerMil(variant, prepared.prepared.requirements.usage, config.assumptions, costSituationOf(prepared.prepared.requirements)) * milPerYear;
    if (Math.abs(car.ownershipCost.fuel - expectedFuel) > Math.max(100, expectedFuel * 0.05)) {
      report.fuelMismatches.push(`${car.carName}: ${car.ownershipCost.fuel} kr mot väntat ${Math.round(expectedFuel)} kr vid ${milPerYear} mil`);
    }
  }
  report.duplicateSentences = [...seen.values()].reduce((sum, count) => sum + (count - 1), 0);
  return report;
}

/** A short list (or no list) must explain itself. */
export function unexplainedShortList(report: ProfileReport): boolean {
  return report.outcome === "ok" && report.cars.length < WANTED && !report.explanation;
}

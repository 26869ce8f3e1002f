import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { evaluateProfile } from "./evaluate";
import { EXPERT_PROFILES, type ExpertProfile, HIT_THRESHOLD, setName } from "./expert-sets";

/** One expert profile as our engine answered it: the first three as shown, and whether it hit. */
export type ExpertResult = { name: string; top3: string[]; inSet: number; hit: boolean; violations: string[]; outcome: string; acceptable: readonly string[] };

export type ExpertScore = { profiles: number; hits: number; violations: number; results: ExpertResult[] };

export async function scoreExperts(engine: AdviceEngine = localAdviceEngine, profiles: readonly ExpertProfile[] = EXPERT_PROFILES): Promise<ExpertScore> {
  const results: ExpertResult[] = [];
  for (const profile of profiles) {
    const report = await evaluateProfile(profile, engine);
    const accepted = new Set(profile.acceptable);
    const top3 = report.cars.slice(0, 3).map((car) => {
      const variant = getVariant(car.variantId ?? "");
      return variant ? setName(variant.make, variant.model) : car.carName;
    });
    const inSet = top3.filter((name) => accepted.has(name)).length;
    results.push({
      name: profile.name,
      top3,
      inSet,
      hit: report.outcome === "ok" && inSet >= HIT_THRESHOLD,
      violations: report.violations,
      outcome: report.outcome,
      acceptable: profile.acceptable,
    });
  }
  return {
    profiles: results.length,
    hits: results.filter((result) => result.hit).length,
    violations: results.reduce((sum, result) => sum + result.violations.length, 0),
    results,
  };
}

import { getVariant } from "#app/server/cars/catalogue.server";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import { evaluateProfile } from "./evaluate";
import { HIT_THRESHOLD, setName } from "./expert-sets";

/**
 * Scores expert profiles written blind (test/advice/sealed-experts/): each wish through the engine as
 * the page shows it, its first three against the expert's acceptable models and against the faults
 * the expert told that buyer to avoid (same make and model, overlapping years, and the fault's engine
 * or gearbox named in the variant when the expert named one).
 */

/** Sets scored once and since read while tuning: their figures are development figures, not a test. */
export const SPENT_SETS = [
  "expert-profiles-2026-11-27.json",
  "expert-profiles-2026-11-28.json",
  "expert-profiles-2026-11-28b.json",
  "expert-profiles-2026-11-28c.json",
  "expert-profiles-2026-11-28d.json",
  "expert-profiles-2026-11-28e.json",
  "expert-profiles-2026-11-28f.json",
  "expert-profiles-2026-11-28g.json",
  "expert-profiles-2026-11-28h.json",
];

type Avoid = { make: string; model: string; fromYear: number; toYear: number; engine?: string; fault: string };
export type SealedProfile = { id: string; description: string; maxPrice: number; carType: string; acceptable: string[]; avoid?: Avoid[] };
export type SealedScore = { profiles: number; hits: number; avoided: number; failed: number; lines: string[] };

/** The expert writes "Citroën", "Mégane", "370Z"; the catalogue "Citroen", "Megane", "370 Z": the same car. */
export const fold = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+/u)
    .filter((word) => word.length >= 2);

export async function scoreSealed(profiles: readonly SealedProfile[], engine: AdviceEngine = localAdviceEngine): Promise<SealedScore> {
  const score: SealedScore = { profiles: profiles.length, hits: 0, avoided: 0, failed: 0, lines: [] };
  for (const profile of profiles) {
    const report = await evaluateProfile(
      {
        name: profile.id,
        input: { description: profile.description, maxPrice: profile.maxPrice, carType: profile.carType as never, sellerType: "alla" },
        truth: {},
      },
      engine,
    );
    if (report.outcome !== "ok") score.failed++;
    const judged = judgeFirstThree(profile, report.outcome, report.cars);
    if (judged.hit) score.hits++;
    if (judged.avoided) score.avoided++;
    score.lines.push(judged.line);
  }
  return score;
}

type Shown = { variantId?: string | null | undefined; carName: string; recommendedYear: { from: number; to?: number | null | undefined } };

/** One profile's first three against the expert's set and avoid list; shared with the leave-one-set-out harness. */
export function judgeFirstThree(
  profile: SealedProfile,
  outcome: string,
  cars: readonly Shown[],
  match: "engine" | "model" = "engine",
): { hit: boolean; avoided: boolean; line: string } {
  const first = cars.slice(0, 3).map((car) => {
    const variant = getVariant(car.variantId ?? "");
    const name = variant ? setName(variant.make, variant.model) : car.carName;
    const from = car.recommendedYear.from;
    const to = car.recommendedYear.to ?? from;
    const text = `${car.carName} ${variant?.name ?? ""} ${variant?.gearboxes.join(" ") ?? ""}`.toLowerCase();
    const faults = (profile.avoid ?? []).filter(
      (avoid) =>
        fold(setName(avoid.make, avoid.model)) === fold(name) &&
        from <= avoid.toYear &&
        to >= avoid.fromYear &&
        (match === "model" || !avoid.engine || words(avoid.engine).some((word) => text.includes(word))),
    );
    return { name, years: `${from}–${to}`, faults };
  });
  const accepted = new Set(profile.acceptable.map(fold));
  const inSet = first.filter((car) => accepted.has(fold(car.name))).length;
  const hit = outcome === "ok" && inSet >= HIT_THRESHOLD;
  const faulty = first.filter((car) => car.faults.length > 0);
  const line =
    `${hit ? "✓" : "✗"} ${profile.id} (${outcome}) ${first.map((car) => `${car.name} ${car.years}`).join(" | ")}  [${inSet}/3 in set]` +
    (faulty.length > 0 ? `  AVOID: ${faulty.map((car) => `${car.name}: ${car.faults.map((f) => f.fault).join("; ")}`).join(" / ")}` : "");
  return { hit, avoided: faulty.length > 0, line };
}

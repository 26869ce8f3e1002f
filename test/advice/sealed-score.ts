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

type Avoid = { make: string; model: string; fromYear: number; toYear: number; engine?: string; fault: string };
export type SealedProfile = { id: string; description: string; maxPrice: number; carType: string; acceptable: string[]; avoid?: Avoid[] };
export type SealedScore = { profiles: number; hits: number; avoided: number; failed: number; lines: string[] };

/** The expert writes "Citroën", "Mégane", "370Z"; the catalogue "Citroen", "Megane", "370 Z": the same car. */
const fold = (name: string) =>
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
    const first = report.cars.slice(0, 3).map((car) => {
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
          (!avoid.engine || words(avoid.engine).some((word) => text.includes(word))),
      );
      return { name, years: `${from}–${to}`, faults };
    });
    const accepted = new Set(profile.acceptable.map(fold));
    const inSet = first.filter((car) => accepted.has(fold(car.name))).length;
    const hit = report.outcome === "ok" && inSet >= HIT_THRESHOLD;
    const faulty = first.filter((car) => car.faults.length > 0);
    if (hit) score.hits++;
    if (faulty.length > 0) score.avoided++;
    score.lines.push(
      `${hit ? "✓" : "✗"} ${profile.id} (${report.outcome}) ${first.map((car) => `${car.name} ${car.years}`).join(" | ")}  [${inSet}/3 in set]` +
        (faulty.length > 0 ? `  AVOID: ${faulty.map((car) => `${car.name}: ${car.faults.map((f) => f.fault).join("; ")}`).join(" / ")}` : ""),
    );
  }
  return score;
}

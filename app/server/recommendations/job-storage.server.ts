import type { FallbackReason, JobFailureCode } from "#app/lib/creation-job";
import type { CarSuggestion } from "#app/lib/recommendation";
import { NO_TEXTS } from "#app/server/advice/advise.server";
import type { CarTexts, EnginePick, RankedPick } from "#app/server/advice/contracts.server";
import type { ReadOutcome } from "#app/server/ai/openai-reader.server";
import type { CreationJobSpec } from "./contracts.server";

export type StoredSpec = CreationJobSpec & { startedAt: number; attempts: number };

/** The job's Durable Object storage; each car's texts and availability sit under their own keys. */
export type Stored = {
  spec: StoredSpec;
  ranked?: RankedPick[];
  rankedOn?: "parser" | "merged";
  reading?: ReadOutcome;
  /** Set before the reading call, so a restart never pays for it twice. */
  readingStarted?: true;
  /** Set when the model failed mid-create: the local engine answers from then on, after a restart too. */
  fallback?: FallbackReason;
  outcome?: { status: "done" } | { status: "failed"; failure: JobFailureCode };
};

export const textsKey = (variantId: string) => `texts:${variantId}`;
export const availabilityKey = (variantId: string) => `availability:${variantId}`;

/** Ranked picks with their stored texts; `missing: "facts"` makes the facts-only writer's final. */
export function picksOf(ranked: readonly RankedPick[], texts: ReadonlyMap<string, CarTexts>, missing?: "facts"): EnginePick[] {
  return ranked.map((pick) => ({
    variantId: pick.variantId,
    overall: pick.overall,
    texts: texts.get(textsKey(pick.variantId)) ?? { ...NO_TEXTS, pros: [], cons: [], tagline: pick.tagline ?? "", ...(missing ? { writtenBy: missing } : {}) },
  }));
}

export function idOf(car: CarSuggestion): string {
  return car.variantId ?? car.carName;
}

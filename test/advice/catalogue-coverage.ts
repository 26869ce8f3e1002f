import { z } from "zod";
import { MakeSchema } from "#app/lib/car-facts";
import topModelsJson from "#app/server/cars/data/top-100-models.json" with { type: "json" };
import { UNVERIFIED_FIELDS, type UnverifiedField, type Variant } from "#app/server/cars/variant.server";

/** The window the issue measures: older cars buyers can afford, up to the newest model years. */
export const COVERAGE_WINDOW = [2008, 2025] as const;

const GenerationSchema = z.object({
  code: z.string().min(1),
  years: z.tuple([z.number().int().min(1970), z.number().int().max(2026)]).refine(([from, to]) => from <= to),
});
const TopModelSchema = z.object({
  rank: z.number().int().min(1).max(100),
  make: MakeSchema,
  model: z.string().min(1),
  generations: z.array(GenerationSchema).min(1),
  registeredMay2024: z.number().int().positive().optional(),
});
export const TopModelsSchema = z.object({
  decision: z.string(),
  asOf: z.string(),
  sources: z.array(z.string().min(20)).min(2),
  rankVerified: z.boolean(),
  models: z.array(TopModelSchema).length(100),
});
export type TopModel = z.infer<typeof TopModelSchema>;

export const TOP_MODELS = TopModelsSchema.parse(topModelsJson).models;

/** The model years a model was sold in Sweden inside the window, once each. */
export function marketYears(model: TopModel, [from, to]: readonly [number, number] = COVERAGE_WINDOW): number[] {
  const years = new Set<number>();
  for (const generation of model.generations) {
    for (let year = Math.max(from, generation.years[0]); year <= Math.min(to, generation.years[1]); year++) years.add(year);
  }
  return [...years].sort((a, b) => a - b);
}

export type Coverage = {
  models: number;
  modelsInCatalogue: number;
  modelYears: number;
  coveredYears: number;
  /** Most common first, so the next generation to add is the first one listed. */
  missing: { rank: number; name: string; years: number[] }[];
};

export function modelYearCoverage(catalogue: readonly Variant[], models: readonly TopModel[] = TOP_MODELS): Coverage {
  const coverage: Coverage = { models: models.length, modelsInCatalogue: 0, modelYears: 0, coveredYears: 0, missing: [] };
  for (const model of models) {
    const variants = catalogue.filter((variant) => variant.make === model.make && variant.model === model.model);
    if (variants.length > 0) coverage.modelsInCatalogue++;
    const missing: number[] = [];
    for (const year of marketYears(model)) {
      coverage.modelYears++;
      if (variants.some((variant) => variant.years[0] <= year && year <= variant.years[1])) coverage.coveredYears++;
      else missing.push(year);
    }
    if (missing.length > 0) coverage.missing.push({ rank: model.rank, name: `${model.make} ${model.model}`, years: missing });
  }
  return coverage;
}

/** Figures a variant carries that the unverified list can name; battery and range only on plug-in cars. */
export function unverifiedCounts(catalogue: readonly Variant[]): { field: UnverifiedField; unverified: number; figures: number }[] {
  return UNVERIFIED_FIELDS.map((field) => {
    const carrying = catalogue.filter((variant) =>
      field === "batteryKwh" || field === "rangeKm" ? variant[field] !== undefined : field === "ncap" ? variant.ncap !== null : true,
    );
    return { field, unverified: carrying.filter((variant) => variant.unverified?.includes(field)).length, figures: carrying.length };
  });
}

/** "2008–2011, 2014" */
export function yearSpans(years: readonly number[]): string {
  const spans: string[] = [];
  let start = years[0];
  for (let i = 0; i < years.length; i++) {
    const year = years[i] as number;
    const next = years[i + 1];
    if (next === year + 1) continue;
    spans.push(start === year ? `${year}` : `${start}–${year}`);
    start = next;
  }
  return spans.join(", ");
}

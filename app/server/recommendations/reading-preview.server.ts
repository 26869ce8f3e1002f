import { START_FAILURE_COPY } from "#app/lib/failure-copy";
import type { ReadingPreview } from "#app/lib/reading-items";
import { MAX_PRICE_MAX, type SearchInput } from "#app/lib/search-form";
import { type AdviceConfig, prepareFromRequirements, readRequirements } from "#app/server/advice/advise.server";
import { notedViews } from "#app/server/advice/noted-lines.server";
import { readingRows } from "#app/server/reading/reading-items.server";
import { SUGGESTION_COUNT } from "./contracts.server";

/** The wish being typed, checked like the create does but without a model; `maxPrice` null while unparsable. */
export function readingPreview(input: Omit<SearchInput, "maxPrice"> & { maxPrice: number | null }, config: AdviceConfig): ReadingPreview {
  const priced = { ...input, maxPrice: input.maxPrice ?? MAX_PRICE_MAX };
  const requirements = readRequirements(priced, config);
  if (requirements.nonsense) return { rows: [], noted: [], notice: { kind: "unclear", message: START_FAILURE_COPY["unclear-wish"] } };
  const rows = readingRows(requirements);
  const noted = notedViews(requirements);
  const prepared = prepareFromRequirements(requirements, SUGGESTION_COUNT, config);
  if (prepared.status === "unclear") return { rows, noted, notice: { kind: "unclear", message: prepared.message } };
  // Without a price yet, "no car fits" would blame a budget the buyer has not written.
  if (prepared.status === "no-match" && input.maxPrice !== null) return { rows, noted, notice: { kind: "no-match", message: prepared.message } };
  return { rows, noted, notice: null };
}

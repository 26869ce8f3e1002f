import type { SearchInput } from "#app/lib/search-form";
import { type AdviceConfig, type PrepareResult, prepareAdvice, prepareFromRequirements, readRequirements } from "#app/server/advice/advise.server";
import { type MergeOptions, type ReadingCorrections, settleReading } from "#app/server/advice/reading/merge-readings.server";
import { SUGGESTION_COUNT } from "./contracts.server";

/** The start and a restarted job prepare through here, so both stand on the same reading. */
export function prepareCreate(input: SearchInput, corrections: ReadingCorrections | undefined, config: AdviceConfig): PrepareResult {
  if (!corrections || Object.keys(corrections).length === 0) return prepareAdvice(input, SUGGESTION_COUNT, config);
  return prepareFromRequirements(settleReading(readRequirements(input, config), null, mergeOptionsFor(input, corrections, config)), SUGGESTION_COUNT, config);
}

export function mergeOptionsFor(input: SearchInput, corrections: ReadingCorrections | undefined, config: AdviceConfig): MergeOptions {
  // Bodies the form alone asks for are the buyer's own choice; the merge never softens them.
  const form = readRequirements({ ...input, description: "" }, config);
  return { formBodyTypes: form.hard.bodyTypes, ...(corrections ? { corrections } : {}) };
}

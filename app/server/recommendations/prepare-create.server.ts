import type { SearchInput } from "#app/lib/search-form";
import type { BuyerRequirements } from "#app/lib/requirements";
import { type AdviceConfig, type PrepareResult, prepareFromRequirements, readRequirements } from "#app/server/advice/advise.server";
import type { ReadingCorrections } from "#app/server/reading/contracts.server";
import { type MergeOptions, settleReading } from "#app/server/reading/merge-readings.server";
import { SUGGESTION_COUNT } from "./contracts.server";

/** The start and a restarted job prepare through here, so both stand on the same reading. */
export function prepareCreate(
  input: SearchInput,
  corrections: ReadingCorrections | undefined,
  config: AdviceConfig,
  parser: BuyerRequirements = readRequirements(input, config),
): PrepareResult {
  const corrected = corrections && Object.keys(corrections).length > 0 ? settleReading(parser, null, mergeOptionsFor(input, corrections, config)) : parser;
  return prepareFromRequirements(corrected, SUGGESTION_COUNT, config);
}

export function mergeOptionsFor(input: SearchInput, corrections: ReadingCorrections | undefined, config: AdviceConfig): MergeOptions {
  // Bodies the form alone asks for are the buyer's own choice; the merge never softens them.
  const form = readRequirements({ ...input, description: "" }, config);
  return { formBodyTypes: form.hard.bodyTypes, ...(corrections ? { corrections } : {}) };
}

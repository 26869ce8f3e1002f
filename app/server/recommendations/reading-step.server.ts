import type { BuyerRequirements } from "#app/lib/requirements";
import type { SearchInput } from "#app/lib/search-form";
import { type AdviceConfig, type PreparedAdvice, type PrepareResult, prepareFromRequirements, readRequirements } from "#app/server/advice/advise.server";
import type { ReadOutcome } from "#app/server/ai/openai-reader.server";
import type { ReadingCorrections } from "#app/server/reading/contracts.server";
import { sameHardRequirements, settleReading, withCorrections } from "#app/server/reading/merge-readings.server";
import { correctionsFrom } from "#app/server/reading/reading-corrections.server";
import { type CreationJobSpec, type FirstReading, SUGGESTION_COUNT } from "./contracts.server";

// Which reading a create ranks on is settled here and nowhere else, once per stage: docs/decisions/016-create-pipeline-notes.md.

/**
 * The buyer's corrections: read by the route against the reading its page showed, or the create
 * form's rows, read here against the parser's reading, the one the live preview showed.
 */
export type PostedCorrections = { read: ReadingCorrections } | { form: FormData };

type FirstResult = { status: "ready"; first: FirstReading } | { status: "unclear" | "no-match"; message: string };

export type StartReading =
  { status: "invalid-corrections"; message: string; errors: Record<string, string> } | (FirstResult & { corrections?: ReadingCorrections });

/** At the start: the parser's reading, or the buyer's corrected one; `corrections` are what the job's spec carries. */
export function readAtStart(input: SearchInput, posted: PostedCorrections | undefined, config: AdviceConfig): StartReading {
  const parser = readRequirements(input, config);
  let corrections = posted && "read" in posted ? posted.read : undefined;
  if (posted && "form" in posted) {
    const read = correctionsFrom(posted.form, parser);
    if (read.status === "invalid") return { status: "invalid-corrections", message: read.message, errors: read.errors };
    corrections = read.corrections;
  }
  if (corrections && Object.keys(corrections).length === 0) corrections = undefined;
  return { ...firstReading(input, parser, corrections, config), ...(corrections ? { corrections } : {}) };
}

/** In a job whose object lost the start's memory: the same reading again, before it ranks. */
export function readBeforeRanking(spec: CreationJobSpec, config: AdviceConfig): FirstResult {
  return firstReading(spec.input, readRequirements(spec.input, config), spec.corrections, config);
}

function firstReading(input: SearchInput, parser: BuyerRequirements, corrections: ReadingCorrections | undefined, config: AdviceConfig): FirstResult {
  // Corrections are final from the first ranking on, whatever either reader says later.
  const reading = corrections ? withCorrections(parser, corrections) : parser;
  const preparation = prepareFromRequirements(reading, SUGGESTION_COUNT, config);
  if (preparation.status !== "ready") return { status: preparation.status, message: preparation.message };
  const form = readRequirements({ ...input, description: "" }, config);
  return { status: "ready", first: { prepared: preparation.prepared, formBodyTypes: form.hard.bodyTypes } };
}

export type ModelStage = {
  /** The first reading settled with the model's (merged; or the first again when the model failed or none is configured). */
  merged: BuyerRequirements;
  /** Advice on `merged` when its hard requirements differ from the first reading's (then the cars are chosen again); else null. */
  redo: PrepareResult | null;
};

/** When the model's reading arrives, or failed, or there is no reader. */
export function readWithModel(
  first: FirstReading,
  outcome: ReadOutcome | null,
  spec: Pick<CreationJobSpec, "corrections" | "input">,
  config: AdviceConfig,
): ModelStage {
  const parser = first.prepared.requirements;
  const merged = settleReading(parser, outcome, {
    formBodyTypes: first.formBodyTypes,
    wish: spec.input.description,
    ...(spec.corrections ? { corrections: spec.corrections } : {}),
  });
  return { merged, redo: sameHardRequirements(merged.hard, parser.hard) ? null : prepareFromRequirements(merged, SUGGESTION_COUNT, config) };
}

/** What a create saves: the merged reading when its cars were chosen on it or on the same hard requirements (no redo), else theirs. */
export function readingToSave(stage: ModelStage, rankedOn: PreparedAdvice, first: FirstReading): BuyerRequirements {
  return stage.redo === null || rankedOn !== first.prepared ? stage.merged : rankedOn.requirements;
}

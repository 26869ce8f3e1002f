import type { FallbackReason, JobFailureCode } from "#app/lib/creation-job";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { RecommendedCar, StoredAvailability } from "#app/lib/saved-recommendation";
import type { SearchInput } from "#app/lib/search-form";
import type { PreparedAdvice } from "#app/server/advice/advise.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import type { EnginePick } from "#app/server/advice/contracts.server";

/** One car's stages through a create, in pipeline order (docs/decisions/016-create-pipeline-notes.md). */
export type CarStages = {
  candidate: Candidate;
  pick: EnginePick;
  suggestion: CarSuggestion;
  rankedCar: RecommendedCar;
  view: FullCar | TeaserCar;
};

export type FullCar = RecommendedCar & { kind: "full"; whyItFitsSentences: string[] };

export type TeaserCar = {
  kind: "teaser";
  rank: number;
  carName: string;
  carMake: string;
  carModel: string;
  carTagline: string;
  finalScore: number;
};
import type { ReadingCorrections } from "#app/server/reading/contracts.server";
import type { SpendRefund } from "#app/server/rate-limit/spend-limits.server";

export const SUGGESTION_COUNT = 10;

export type CreationJobSpec = {
  id: string;
  userId: string;
  input: SearchInput;
  clientAddress?: string;
  corrections?: ReadingCorrections;
  /** The search this create is a version of, and its number; absent in specs stored before versions (a first version). */
  search?: { id: string; version: number };
  /** Given back when the job fails or is stopped before its first model call, or falls back to the local engine. */
  globalRefund?: SpendRefund;
  /** Known at the start (the budget spent, the model unavailable): the local engine answers and no model call is made. */
  fallback?: FallbackReason;
};

/** The reading a create ranks on first (reading-step.server.ts), handed to its job in memory. */
export type FirstReading = {
  prepared: PreparedAdvice;
  /** Bodies the form alone asks for: the buyer's own choice, which the merge never softens. */
  formBodyTypes: readonly string[];
};

export type JobProgress = {
  startedAt: number;
  state: "ranking" | "writing" | "done" | "failed";
  failure: JobFailureCode | null;
  cars: { suggestion: CarSuggestion; textsReady: boolean; availability: StoredAvailability | null }[] | null;
};

export type CreationJobs = {
  start(spec: CreationJobSpec, first: FirstReading): Promise<void>;
  progress(id: string, userId: string): Promise<JobProgress | null>;
  cancel(id: string, userId: string): Promise<boolean>;
};

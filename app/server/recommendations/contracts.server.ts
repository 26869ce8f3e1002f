import type { JobFailureCode } from "#app/lib/creation-job";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { RecommendedCar, StoredAvailability } from "#app/lib/saved-recommendation";
import type { SearchInput } from "#app/lib/search-form";
import type { PreparedAdvice } from "#app/server/advice/advise.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import type { EnginePick } from "#app/server/advice/contracts.server";

/**
 * One car's stages through a create, in the order the pipeline produces them:
 * 1. candidate: a catalogue variant that meets every hard requirement, with its computed numbers
 *    (advice/candidates.server.ts);
 * 2. pick: the engine's choice of a candidate, its place, overall rating and texts (the engine);
 * 3. suggestion: the pick as a buyer reads it, every number from the candidate, texts guarded
 *    (advice/advise.server.ts);
 * 4. ranked car: the suggestion with its availability and final score, as saved
 *    (ranked-result.server.ts);
 * 5. view: what the page may show of it, the whole car or, on a locked result, a teaser
 *    (recommendation-view.server.ts).
 */
export type CarStages = {
  candidate: Candidate;
  pick: EnginePick;
  suggestion: CarSuggestion;
  rankedCar: RecommendedCar;
  view: FullCar | TeaserCar;
};

export type FullCar = RecommendedCar & { kind: "full" };

/** What a locked recommendation shows for every rank but the first. */
export type TeaserCar = {
  kind: "teaser";
  rank: number;
  carName: string;
  carMake: string;
  carModel: string;
  carTagline: string;
  finalScore: number;
};
import type { ReadingCorrections } from "#app/server/advice/reading/merge-readings.server";
import type { SpendRefund } from "#app/server/rate-limit/spend-limits.server";

/** How many suggestions the advice step is asked for. */
export const SUGGESTION_COUNT = 10;

/** Everything a creation job needs to do the work later, in another invocation. */
export type CreationJobSpec = {
  id: string;
  userId: string;
  input: SearchInput;
  /** Who the logs attribute it to; the spend limits were charged at start. */
  clientAddress?: string;
  /** What the buyer corrected in a previous reading: final, whatever either reader says. */
  corrections?: ReadingCorrections;
  /** The daily budget's slot, given back when the job fails or is stopped before its first model call. */
  globalRefund?: SpendRefund;
};

/** What the pending page sees. `cars` is null until the ranking is known. */
export type JobProgress = {
  startedAt: number;
  state: "ranking" | "writing" | "done" | "failed";
  failure: JobFailureCode | null;
  cars: { suggestion: CarSuggestion; textsReady: boolean; availability: StoredAvailability | null }[] | null;
};

/** The creation jobs as the app reaches them: one CreationJob Durable Object per recommendation id. */
export type CreationJobs = {
  /** Records the job and schedules its work; `prepared` is the advice the start step already prepared. */
  start(spec: CreationJobSpec, prepared: PreparedAdvice): Promise<void>;
  /** The job's progress for its owner; null for anyone else or once it is cleared. */
  progress(id: string, userId: string): Promise<JobProgress | null>;
  /** Stops the job for good (removed, or its account deleted); false when it is not the owner's or already gone. */
  cancel(id: string, userId: string): Promise<boolean>;
};

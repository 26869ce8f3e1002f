import type { JobFailureCode } from "#app/lib/creation-job";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { StoredAvailability } from "#app/lib/saved-recommendation";
import type { SearchInput } from "#app/lib/search-form";
import type { PreparedAdvice } from "#app/server/advice/advise.server";
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

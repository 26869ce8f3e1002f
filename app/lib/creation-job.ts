import { z } from "zod";

// The schemas are marked pure so pages that only need the labels and constants below do not
// ship zod: the bundler drops a schema nobody in the browser uses.

/**
 * A recommendation being made: why one can fail, and what the buyer is told. Stored as codes
 * (recommendation_jobs.failure), put into Swedish only where shown (failure-copy.ts).
 */
export const JobFailureCodeSchema = /* @__PURE__ */ z.enum([
  /** The AI service did not answer in time. */
  "timeout",
  /** The AI service was rate limiting us. */
  "busy",
  /** Our quota at the AI provider is spent. */
  "quota",
  /** The AI service could not be reached. */
  "unavailable",
  /** The configured AI model is retired, unknown or refuses our settings: ours to fix. */
  "model-unavailable",
  /** The AI's answer could not be used. */
  "invalid-answer",
  /** The result could not be saved. */
  "save-failed",
  /** The work stopped (restarts, a lost job) and was not finished in time. */
  "interrupted",
]);
export type JobFailureCode = z.infer<typeof JobFailureCodeSchema>;

/**
 * A job still "running" this long after it started is reported as interrupted: the work is bounded
 * far below it (the AI step's timeouts and the marketplace budget), so it can only mean the
 * Durable Object lost it, and the buyer should not watch a progress bar forever.
 */
export const JOB_STALE_AFTER_MS = 10 * 60 * 1000;

/**
 * Seconds between the no-JavaScript page's reloads, and the JavaScript page's polls (ms): quicker
 * while the ranking is awaited (it arrives once, and a buyer watches for it), then once a second.
 */
export const PENDING_REFRESH_SECONDS = 2;
export const PENDING_POLL_MS = { ranking: 400, writing: 1000 } as const;

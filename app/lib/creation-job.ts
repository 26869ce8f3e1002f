import { z } from "zod";

// Schemas are marked pure so pages that only need the constants below do not ship zod.

/** Stored as codes; put into Swedish only where shown (failure-copy.ts). */
export const JobFailureCodeSchema = /* @__PURE__ */ z.enum([
  "timeout",
  "busy",
  "quota",
  "unavailable",
  /** Retired, unknown or refuses our settings: ours to fix. */
  "model-unavailable",
  "invalid-answer",
  "save-failed",
  "interrupted",
]);
export type JobFailureCode = z.infer<typeof JobFailureCodeSchema>;

/**
 * Why the local engine answered a create that was meant for the model, saved with the result; the
 * page words it (failure-copy.ts), and a later redo with the model can be offered from it.
 */
export const FallbackReasonSchema = /* @__PURE__ */ z.enum(["budget", "quota", "busy", "unavailable", "timeout", "model-unavailable", "empty-answer"]);
export type FallbackReason = z.infer<typeof FallbackReasonSchema>;

/** The work is bounded far below this, so a job still running this long was lost by its Durable Object. */
export const JOB_STALE_AFTER_MS = 10 * 60 * 1000;

/** No-JS reloads (s) and JS polls (ms): quicker while the ranking, which a buyer watches for, is awaited. */
export const PENDING_REFRESH_SECONDS = 2;
export const PENDING_POLL_MS = { ranking: 400, writing: 1000 } as const;

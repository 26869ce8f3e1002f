import { z } from "zod";

// The schemas are marked pure so pages that only need the labels and constants below do not
// ship zod: the bundler drops a schema nobody in the browser uses.

/**
 * A recommendation being made: why one can fail, and what the buyer is told. Stored as codes
 * (recommendation_jobs.failure), put into Swedish only where shown, so wording can change without
 * touching stored rows.
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

const FAILURE_MESSAGES: Record<JobFailureCode, string> = {
  timeout: "AI-tjänsten svarade inte i tid, så inga förslag har sparats. Försök igen om en stund.",
  busy: "AI-tjänsten är hårt belastad just nu, så inga förslag har sparats. Vänta en stund och försök igen.",
  quota: "Drömbils AI-kvot hos leverantören är slut för stunden, så inga förslag har sparats. Vi har fått larm om det; försök igen senare.",
  unavailable: "AI-tjänsten går inte att nå just nu, så inga förslag har sparats. Försök igen om en stund.",
  "model-unavailable": "AI-tjänsten kan inte användas just nu på grund av ett fel i vår inställning, så inga förslag har sparats. Vi har fått larm om det; försök igen senare.",
  "invalid-answer": "AI-tjänsten gav ett svar som inte gick att använda, så inga förslag har sparats. Försök igen.",
  "save-failed": "Vi kunde inte spara din rekommendation, så inget har sparats. Försök igen om en stund.",
  interrupted: "Arbetet med din rekommendation avbröts innan den blev klar, så inget har sparats. Försök igen.",
};

/** The Swedish sentence for a stored failure code; an unknown code (a newer deploy's) reads as interrupted. */
export function jobFailureMessage(code: string | null | undefined): string {
  const parsed = JobFailureCodeSchema.safeParse(code);
  return FAILURE_MESSAGES[parsed.success ? parsed.data : "interrupted"];
}

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

import { DEGRADED_COPY } from "#app/lib/failure-copy";
import type { ReadingProvenance } from "#app/lib/requirements";

/** Said only when we fell back to our own rules, not when no model is configured. */
export function modelReadingNotice(reading: ReadingProvenance): string | null {
  if (reading.model !== "failed") return null;
  switch (reading.failure) {
    case "timeout":
      return DEGRADED_COPY["reading-timeout"];
    case "refused":
    case "schema":
      return DEGRADED_COPY["reading-unusable"];
    default:
      return DEGRADED_COPY["reading-failed"];
  }
}

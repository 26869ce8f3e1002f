import { DEGRADED_COPY } from "#app/lib/failure-copy";
import type { ReadingProvenance } from "#app/lib/requirements";

/**
 * What the page says about how the wish was read, in Swedish: nothing when the model's reading was
 * used or no model is configured, a plain sentence when we fell back to our own rules.
 */
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

import type { ReadingProvenance } from "#app/lib/requirements";

/**
 * What the page says about how the wish was read, in Swedish: nothing when the model's reading was
 * used or no model is configured, a plain sentence when we fell back to our own rules.
 */
export function modelReadingNotice(reading: ReadingProvenance): string | null {
  if (reading.model !== "failed") return null;
  switch (reading.failure) {
    case "timeout":
      return "AI:n hann inte läsa din beskrivning, så tolkningen nedan bygger bara på våra egna regler. Kontrollera den.";
    case "refused":
    case "schema":
      return "AI:n gav ingen användbar tolkning av din beskrivning, så tolkningen nedan bygger bara på våra egna regler. Kontrollera den.";
    default:
      return "AI:n kunde inte läsa din beskrivning just nu, så tolkningen nedan bygger bara på våra egna regler. Kontrollera den.";
  }
}

/** How many items the page should ask the buyer to check. */
export function uncertainCount(reading: ReadingProvenance): number {
  return reading.items.filter((item) => item.uncertain).length;
}

import type { AvailabilityUnknownDetail, AvailabilityUnknownReason } from "./marketplace";

/** Why a car's supply is unknown, in Swedish: saved data holds only the codes. */
const REASON_TEXT: Record<AvailabilityUnknownReason, string> = {
  timeout: "Blocket svarade inte i tid, så vi vet inte hur många annonser som finns just nu.",
  "rate-limited": "Blocket är hårt belastat just nu, så vi kunde inte räkna annonserna.",
  "server-error": "Blocket går inte att nå just nu, så vi vet inte hur många annonser som finns.",
  network: "Blocket går inte att nå just nu, så vi vet inte hur många annonser som finns.",
  "invalid-response": "Blocket gav ett svar vi inte kunde läsa, så vi vet inte hur många annonser som finns.",
  error: "Vi kunde inte kontrollera utbudet på Blocket just nu.",
};

const DETAIL_TEXT: Record<AvailabilityUnknownDetail, string> = {
  queued: "Vi hann inte fråga Blocket om den här bilen inom tidsgränsen, så vi vet inte hur många annonser som finns just nu.",
  "lookup-limit": "Du har gjort många annonssökningar på kort tid, så vi hoppade över kontrollen den här gången.",
};

const FALLBACK = REASON_TEXT.error;

/**
 * The sentence an "unknown" availability shows. Rows saved before the codes carry their own
 * Swedish `message` and keep showing it; anything unrecognised gets the general sentence.
 */
export function unknownAvailabilityText(availability: { reason?: string; detail?: string; message?: string }): string {
  if (availability.detail && availability.detail in DETAIL_TEXT) return DETAIL_TEXT[availability.detail as AvailabilityUnknownDetail];
  if (availability.message) return availability.message;
  if (availability.reason && availability.reason in REASON_TEXT) return REASON_TEXT[availability.reason as AvailabilityUnknownReason];
  return FALLBACK;
}

import { AVAILABILITY_UNKNOWN_COPY } from "./failure-copy";

/**
 * The sentence an "unknown" availability shows. Rows saved before the codes carry their own
 * Swedish `message` and keep showing it; anything unrecognised gets the general sentence.
 */
export function unknownAvailabilityText(availability: { reason?: string; detail?: string; message?: string }): string {
  const known = (code: string | undefined) => (code && Object.hasOwn(AVAILABILITY_UNKNOWN_COPY, code) ? AVAILABILITY_UNKNOWN_COPY[code as keyof typeof AVAILABILITY_UNKNOWN_COPY] : null);
  return known(availability.detail) ?? availability.message ?? known(availability.reason) ?? AVAILABILITY_UNKNOWN_COPY.error;
}

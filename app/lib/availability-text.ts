import { AVAILABILITY_UNKNOWN_COPY } from "./failure-copy";
import type { AvailabilityUnknownDetail, AvailabilityUnknownReason } from "./marketplace";

const COPY: Record<AvailabilityUnknownReason | AvailabilityUnknownDetail, string> = AVAILABILITY_UNKNOWN_COPY;

/** Rows saved before the codes keep their own Swedish `message`; anything unrecognised gets the general sentence. */
export function unknownAvailabilityText(availability: { reason?: string; detail?: string; message?: string }): string {
  const known = (code: string | undefined) => (code && Object.hasOwn(COPY, code) ? COPY[code as keyof typeof COPY] : null);
  return known(availability.detail) ?? availability.message ?? known(availability.reason) ?? COPY.error;
}

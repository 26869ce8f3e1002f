/**
 * The one Retry-After reader, shared by the OpenAI and Blocket adapters.
 *
 * Why one: both honour the header to decide whether a retry fits in the buyer's request and to
 * tell the buyer when to try again; two readers had already drifted (one read `retry-after-ms`,
 * neither bounded an absurd value). RFC 9110 §10.2.3 allows `delay-seconds` (digits only) or an
 * HTTP-date; OpenAI also sends a non-standard `retry-after-ms`, which wins when present.
 *
 * The result is capped: a server (or a proxy in between) can send "Retry-After: 99999999" or a
 * date next year, and we must neither wait that long nor tell a buyer to come back in a month.
 * Callers compare the capped value with their own, much shorter, limit on what they wait out.
 */

/** Longest wait we ever report: an hour. */
export const RETRY_AFTER_CAP_MS = 60 * 60 * 1000;

/**
 * Milliseconds the server asked us to wait, at most `capMs`; undefined when there is no usable
 * header (absent, empty, negative, fractional seconds, or not a date).
 */
export function parseRetryAfter(
  headers: Headers | null | undefined,
  now: number = Date.now(),
  capMs: number = RETRY_AFTER_CAP_MS,
): number | undefined {
  if (!headers) return undefined;
  const cap = (ms: number) => Math.min(Math.max(0, ms), capMs);

  const ms = headers.get("retry-after-ms")?.trim();
  if (ms && /^\d+(?:\.\d+)?$/.test(ms)) return cap(Number(ms));

  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return cap(Number(value) * 1000);
  // Anything else must be a date. Date.parse reads the IMF-fixdate HTTP requires and the two
  // obsolete forms (RFC 850, asctime) it still allows; a bare number like "1.5" or "-3" is not one.
  if (!/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : cap(date - now);
}

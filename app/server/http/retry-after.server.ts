import type { HeadersFunction } from "react-router";

// RFC 9110 §10.2.3 (delay-seconds or an HTTP-date); OpenAI's non-standard retry-after-ms wins. Capped so an
// absurd value is neither waited out nor told to a buyer; callers apply their own, shorter limit.

export const RETRY_AFTER_CAP_MS = 60 * 60 * 1000;

export function parseRetryAfter(headers: Headers | null | undefined, now: number = Date.now(), capMs: number = RETRY_AFTER_CAP_MS): number | undefined {
  if (!headers) return undefined;
  const cap = (ms: number) => Math.min(Math.max(0, ms), capMs);

  const ms = headers.get("retry-after-ms")?.trim();
  if (ms && /^\d+(?:\.\d+)?$/.test(ms)) return cap(Number(ms));

  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return cap(Number(value) * 1000);
  // Date.parse reads IMF-fixdate and the two obsolete forms HTTP allows; "1.5" or "-3" is not a date.
  if (!/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : cap(date - now);
}

/**
 * A route's `headers` export for its 429s. React Router sends only Set-Cookie from the headers a loader or action returns or throws unless the route that
 * answers (or the boundary that catches) exports `headers`, so without this the limiter's Retry-After never reached the browser.
 */
export const retryAfterHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

import { describe, expect, it } from "vitest";
import { parseRetryAfter as fromOpenAITransport } from "#app/server/ai/openai-transport.server";
import { parseRetryAfter, RETRY_AFTER_CAP_MS } from "#app/server/http/retry-after.server";

const now = Date.parse("2026-11-21T12:00:00Z");
const headers = (values: Record<string, string>) => new Headers(values);

describe("parseRetryAfter (shared by the OpenAI and Blocket adapters)", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter(headers({ "retry-after": "0" }), now)).toBe(0);
    expect(parseRetryAfter(headers({ "retry-after": "2" }), now)).toBe(2_000);
    expect(parseRetryAfter(headers({ "retry-after": " 30 " }), now)).toBe(30_000);
  });

  it("reads an HTTP-date in the IMF-fixdate form and the obsolete forms RFC 9110 still allows", () => {
    expect(parseRetryAfter(headers({ "retry-after": "Sat, 21 Nov 2026 12:00:05 GMT" }), now)).toBe(5_000);
    expect(parseRetryAfter(headers({ "retry-after": "Saturday, 21-Nov-26 12:01:00 GMT" }), now)).toBe(60_000); // RFC 850
    expect(parseRetryAfter(headers({ "retry-after": "Sat Nov 21 12:00:10 2026" }), Date.parse("2026-11-21T12:00:00"))).toBe(10_000); // asctime
    // A date already past means "now".
    expect(parseRetryAfter(headers({ "retry-after": "Sat, 21 Nov 2026 11:59:00 GMT" }), now)).toBe(0);
  });

  it("prefers OpenAI's retry-after-ms when both are sent", () => {
    expect(parseRetryAfter(headers({ "retry-after-ms": "250", "retry-after": "9" }), now)).toBe(250);
    expect(parseRetryAfter(headers({ "retry-after-ms": "12.5" }), now)).toBe(12.5);
    // A broken retry-after-ms falls back to the standard header.
    expect(parseRetryAfter(headers({ "retry-after-ms": "soon", "retry-after": "3" }), now)).toBe(3_000);
  });

  it("caps absurd values, in seconds and as dates, at an hour or at the caller's own cap", () => {
    expect(RETRY_AFTER_CAP_MS).toBe(3_600_000);
    expect(parseRetryAfter(headers({ "retry-after": "99999999" }), now)).toBe(RETRY_AFTER_CAP_MS);
    expect(parseRetryAfter(headers({ "retry-after": "Mon, 01 Jan 2035 00:00:00 GMT" }), now)).toBe(RETRY_AFTER_CAP_MS);
    expect(parseRetryAfter(headers({ "retry-after-ms": "86400000" }), now)).toBe(RETRY_AFTER_CAP_MS);
    expect(parseRetryAfter(headers({ "retry-after": "120" }), now, 10_000)).toBe(10_000);
  });

  it("ignores what is neither delay-seconds nor a date", () => {
    for (const value of ["", "soon", "-3", "1.5", "1e3", "0x10", "Infinity", "NaN", "12 s"]) {
      expect(parseRetryAfter(headers({ "retry-after": value }), now), JSON.stringify(value)).toBeUndefined();
    }
    expect(parseRetryAfter(headers({}), now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("is the very function the OpenAI transport uses", () => {
    expect(fromOpenAITransport).toBe(parseRetryAfter);
  });
});

import { describe, expect, it } from "vitest";
import { formatDate, formatMil, formatNumber, formatSek, formatSekRange, kmToMil } from "#app/lib/format";

const NBSP = "\u00a0";

describe("sv-SE formatting", () => {
  it("writes kronor with 0 decimals and a space as thousands separator", () => {
    expect(formatSek(249_000)).toBe(`249${NBSP}000${NBSP}kr`);
    expect(formatSek(1_234_567.6)).toBe(`1${NBSP}234${NBSP}568${NBSP}kr`);
    expect(formatSek(0)).toBe(`0${NBSP}kr`);
  });

  it("writes price ranges with an en dash", () => {
    expect(formatSekRange(180_000, 260_000)).toBe(`180${NBSP}000–260${NBSP}000${NBSP}kr`);
  });

  it("writes Swedish mil and converts from kilometres", () => {
    expect(formatMil(1_500)).toBe(`1${NBSP}500${NBSP}mil`);
    expect(kmToMil(150_004)).toBe(15_000);
    expect(formatNumber(12_500)).toBe(`12${NBSP}500`);
  });

  it("writes dates in Swedish, in Stockholm time", () => {
    expect(formatDate(new Date("2026-11-21T12:00:00Z"))).toBe("21 november 2026");
    // 23:30 UTC on 31 December is already New Year's Day in Stockholm.
    expect(formatDate(new Date("2025-12-31T23:30:00Z"))).toBe("1 januari 2026");
  });
});

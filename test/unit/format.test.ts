import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatDecimal, formatMil, formatNumber, formatScore, formatSek, formatSekRange, kmToMil } from "#app/lib/format";
import { formatDate, formatDateTime } from "#app/server/format-date.server";
import { seededRandom } from "#app/lib/seeded-random";

const NBSP = "\u00a0";
/** What sv-SE Intl writes, with the narrow no-break space some ICU versions use made a plain one. */
// One formatter per option set: building a NumberFormat costs far more than formatting with it.
const formatters = new Map<string, Intl.NumberFormat>();
const intl = (value: number, options: Intl.NumberFormatOptions) => {
  const key = JSON.stringify(options);
  const formatter = formatters.get(key) ?? new Intl.NumberFormat("sv-SE", options);
  formatters.set(key, formatter);
  return formatter.format(value).replace(/\u202f/g, NBSP);
};

describe("sv-SE formatting", () => {
  it("writes kronor with 0 decimals and a space as thousands separator", () => {
    expect(formatSek(249_000)).toBe(`249${NBSP}000${NBSP}kr`);
    expect(formatSek(1_234_567.6)).toBe(`1${NBSP}234${NBSP}568${NBSP}kr`);
    expect(formatSek(0)).toBe(`0${NBSP}kr`);
    expect(formatSek(-12_345)).toBe(`\u221212${NBSP}345${NBSP}kr`);
  });

  it("writes price ranges with an en dash", () => {
    expect(formatSekRange(180_000, 260_000)).toBe(`180${NBSP}000–260${NBSP}000${NBSP}kr`);
  });

  it("writes Swedish mil and converts from kilometres", () => {
    expect(formatMil(1_500)).toBe(`1${NBSP}500${NBSP}mil`);
    expect(kmToMil(150_004)).toBe(15_000);
    expect(formatNumber(12_500)).toBe(`12${NBSP}500`);
  });

  it("writes decimals with a comma and rounds halves away from zero", () => {
    expect(formatDecimal(6.45, { maxFraction: 1 })).toBe("6,5");
    expect(formatDecimal(1.005, { maxFraction: 2 })).toBe("1,01");
    expect(formatDecimal(0.996, { maxFraction: 2 })).toBe("1");
    expect(formatDecimal(2.1, { minFraction: 2, maxFraction: 2 })).toBe("2,10");
    expect(formatDecimal(-0.04, { maxFraction: 1 })).toBe("\u22120");
    expect(formatScore(81.94)).toBe("81,9");
  });

  it("writes exactly what sv-SE Intl writes, over 40 000 values and every option the pages use", () => {
    const random = seededRandom("format");
    const values = [0, -0, 0.5, 1.5, 2.5, -2.5, 999.5, 9_999.5, 1e21, 1.5e-7, 123_456_789.125, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 10_000; i++) {
      const magnitude = 10 ** Math.floor(random() * 10 - 3);
      const value = (random() - 0.2) * magnitude;
      values.push(value, Math.round(value * 100) / 100, Math.round(value * 1000) / 1000 + 0.005, Math.round(value));
    }
    const optionSets = [
      { minFraction: 0, maxFraction: 0 },
      { minFraction: 0, maxFraction: 1 },
      { minFraction: 0, maxFraction: 2 },
      { minFraction: 1, maxFraction: 2 },
      { minFraction: 2, maxFraction: 2 },
    ];
    const differences: string[] = [];
    for (const value of values) {
      for (const { minFraction, maxFraction } of optionSets) {
        const expected = intl(value, { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction });
        const actual = formatDecimal(value, { minFraction, maxFraction });
        if (actual !== expected) differences.push(`${value} ${minFraction}–${maxFraction}: ${actual} ≠ ${expected}`);
      }
      expect(formatSek(value)).toBe(intl(Math.round(value), { style: "currency", currency: "SEK", maximumFractionDigits: 0, minimumFractionDigits: 0 }));
    }
    expect(differences.slice(0, 10)).toEqual([]);
  }, 30_000);

  it("writes dates in Swedish, in Stockholm time, on the server", () => {
    expect(formatDate(new Date("2026-11-21T12:00:00Z"))).toBe("21 november 2026");
    // 23:30 UTC on 31 December is already New Year's Day in Stockholm.
    expect(formatDate(new Date("2025-12-31T23:30:00Z"))).toBe("1 januari 2026");
    expect(formatDateTime(new Date("2026-03-29T01:05:00Z"))).toBe("29 mars 2026 kl. 03:05");
  });

  it("writes a calendar day like Intl does", () => {
    for (const day of ["2026-11-23", "2026-01-01", "2027-05-09", "2024-02-29"]) {
      expect(formatCalendarDay(day)).toBe(formatDate(new Date(`${day}T12:00:00Z`)));
    }
    expect(() => formatCalendarDay("23/11/2026")).toThrow();
  });
});

/** Every file the browser may load: app code outside app/server and *.server.ts. */
function browserFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.endsWith(join("app", "server")) ? [] : browserFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".server.") ? [path] : [];
  });
}

describe("browser code", () => {
  it("never calls Intl, which costs 50–80 ms of ICU start-up in the first call of a page", () => {
    const code = (path: string) => readFileSync(path, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    const offenders = browserFiles("app").filter((path) => /\bIntl\.|\.toLocale\w*String\(|\.localeCompare\(/.test(code(path)));
    expect(offenders).toEqual([]);
  });
});

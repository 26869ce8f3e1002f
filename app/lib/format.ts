// All sv-SE output goes through here, so every page writes numbers the same way. Written out rather than with Intl.NumberFormat: the first Intl call in
// a page starts ICU, which cost 50–80 ms of main-thread time in Chromium here (about four times that on a mid-range phone), during hydration of every
// page that shows a price. The output is the same as sv-SE Intl's, with a plain no-break space as separator; test/unit/format.test.ts compares the two
// over many values. Dates stay with Intl, on the server (app/server/format-date.server.ts).

const NBSP = "\u00a0";
const MINUS = "\u2212";

/** Digits of |value| in plain decimal notation (never exponent notation). */
function plainDigits(abs: number): { whole: string; fraction: string } {
  const text = String(abs);
  const exponent = text.indexOf("e");
  if (exponent === -1) {
    const [whole = "0", fraction = ""] = text.split(".");
    return { whole, fraction };
  }
  const [lead = "0", rest = ""] = text.slice(0, exponent).split(".");
  const digits = lead + rest;
  const point = lead.length + Number(text.slice(exponent + 1));
  if (point <= 0) return { whole: "0", fraction: "0".repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + "0".repeat(point - digits.length), fraction: "" };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits. */
function increment(digits: string): string {
  let carry = 1;
  let result = "";
  for (let i = digits.length - 1; i >= 0; i--) {
    const sum = Number(digits[i]) + carry;
    carry = sum === 10 ? 1 : 0;
    result = String(sum % 10) + result;
  }
  return carry ? `1${result}` : result;
}

function group(whole: string): string {
  let result = "";
  for (let end = whole.length; end > 0; end -= 3) {
    const part = whole.slice(Math.max(0, end - 3), end);
    result = result ? `${part}${NBSP}${result}` : part;
  }
  return result;
}

/**
 * A number the way sv-SE Intl writes it: groups of three with a no-break space, a decimal comma,
 * the minus sign U+2212, halves rounded away from zero on the shortest decimal form of the value.
 */
export function formatDecimal(value: number, { minFraction = 0, maxFraction = 0 } = {}): string {
  if (Number.isNaN(value)) return "NaN";
  const negative = value < 0 || Object.is(value, -0);
  if (!Number.isFinite(value)) return `${negative ? MINUS : ""}∞`;
  let { whole, fraction } = plainDigits(Math.abs(value));
  if (fraction.length > maxFraction) {
    const roundUp = (fraction[maxFraction] ?? "0") >= "5";
    fraction = fraction.slice(0, maxFraction);
    if (roundUp) {
      const bumped = increment(whole + fraction);
      whole = bumped.slice(0, bumped.length - maxFraction) || "0";
      fraction = bumped.slice(bumped.length - maxFraction);
    }
  }
  fraction = fraction.replace(/0+$/, "").padEnd(minFraction, "0");
  return `${negative ? MINUS : ""}${group(whole)}${fraction ? `,${fraction}` : ""}`;
}

export function formatNumber(value: number): string {
  return formatDecimal(Math.round(value));
}

export function formatSek(amount: number): string {
  return `${formatNumber(amount)}${NBSP}kr`;
}

export function formatSekRange(from: number, to: number): string {
  return `${formatNumber(from)}–${formatSek(to)}`;
}

export function formatMil(mil: number): string {
  return `${formatNumber(mil)}${NBSP}mil`;
}

/** An electric range, one rounding for the fact box and the text: a plug-in's few mil keep a half ("4,5 mil"), a longer range whole mil. */
export function rangeKmToMil(km: number): number {
  return km < 95 ? Math.round(km / 5) / 2 : Math.round(km / 10);
}

export function formatRangeMil(km: number): string {
  const mil = rangeKmToMil(km);
  return Number.isInteger(mil) ? formatMil(mil) : `${formatDecimal(mil, { minFraction: 1, maxFraction: 1 })}${NBSP}mil`;
}

export function kmToMil(km: number): number {
  return Math.round(km / 10);
}

/** Estimates are shown rounded: 14 437 kr reads as falsely precise, 14 400 kr does not. */
export function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

export function formatScore(score: number): string {
  return formatDecimal(Math.round(score * 10) / 10, { maxFraction: 1 });
}

export const starsWord = (stars: number) => (stars === 1 ? "stjärna" : "stjärnor");

export function formatCount(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)}${NBSP}${count === 1 ? singular : plural}`;
}

const MONTHS = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"];

/** A calendar day written as "YYYY-MM-DD" (no time, so no time zone), as "23 november 2026". */
export function formatCalendarDay(isoDay: string): string {
  const [year, month, day] = isoDay.split("-").map(Number);
  const name = MONTHS[(month ?? 0) - 1];
  if (!year || !day || !name) throw new Error(`Not a calendar day: ${isoDay}`);
  return `${day} ${name} ${year}`;
}

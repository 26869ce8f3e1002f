import type { ReadingField } from "#app/lib/requirements";
import type { ModelReading } from "./model-reading.server";

// Compared after normalising case, whitespace and typographic quotes, nothing looser: the quote must be the buyer's words.

type VerifiedValue = number | boolean | string;

export type VerifiedItem = {
  field: ReadingField;
  value: VerifiedValue;
  quote: string;
  assumed: boolean;
  uncertain: boolean;
};

type DropReason = "quoteNotInWish" | "numberNotInQuote" | "outOfRange";
type DropCounts = Record<DropReason, number>;

export type VerifiedReading = { items: VerifiedItem[]; kept: number; dropped: DropCounts };

type Marks = { quote: string; assumed: boolean; uncertain: boolean };

const TYPOGRAPHIC: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u2032": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2033": '"',
};

export function normaliseForQuote(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019\u201a\u2032\u201c\u201d\u201e\u00ab\u00bb\u2033]/gu, (char) => TYPOGRAPHIC[char] ?? char)
    .toLocaleLowerCase("sv")
    .replace(/\s+/gu, " ")
    .trim();
}

export function quoteOccurs(quote: string, wish: string): boolean {
  const needle = normaliseForQuote(quote);
  return needle.length > 0 && normaliseForQuote(wish).includes(needle);
}

const NUMBER_WORDS: Record<string, number> = {
  en: 1,
  ett: 1,
  två: 2,
  tre: 3,
  fyra: 4,
  fem: 5,
  sex: 6,
  sju: 7,
  åtta: 8,
  nio: 9,
  tio: 10,
  elva: 11,
  tolv: 12,
};

/** "1.500" is also 1500; number words up to twelve count, since that is how people write small counts ("sju säten"). */
export function numbersIn(quote: string): number[] {
  const text = normaliseForQuote(quote);
  const values: number[] = [];
  for (const match of text.matchAll(/\d+(?:[ \u00a0\u202f]\d{3})*(?:[.,]\d+)?/gu)) {
    const raw = match[0];
    const grouped = raw.replace(/[ \u00a0\u202f]/gu, "");
    values.push(Number(grouped.replace(",", ".")));
    if (/^\d{1,3}[.,]\d{3}$/u.test(grouped)) values.push(Number(grouped.replace(/[.,]/u, "")));
  }
  for (const word of text.split(/[^\p{L}]+/u)) {
    const value = NUMBER_WORDS[word];
    if (value !== undefined) values.push(value);
  }
  return values.filter((value) => Number.isFinite(value));
}

function numberInQuote(amount: number, quote: string): boolean {
  return numbersIn(quote).some((value) => Math.abs(value - amount) < 1e-9);
}

type Bounds = { min: number; max: number };

const BOUNDS = {
  minSeats: { min: 2, max: 9 },
  minTowingKg: { min: 1, max: 4000 },
  minRangeKm: { min: 1, max: 2000 },
  minModelYear: { min: 1950, max: 2100 },
  minPowerHp: { min: 1, max: 2000 },
  maxOdometerMil: { min: 1, max: 100_000 },
  milPerYear: { min: 50, max: 20_000 },
  driverAge: { min: 16, max: 110 },
  trailerTotalKg: { min: 1, max: 10_000 },
} satisfies Partial<Record<ReadingField, Bounds>>;

const WISH_WEIGHTS = { low: 0.4, medium: 0.6, high: 1 } as const;
const DRIVES = { rear: "rwd", front: "fwd", awd: "awd" } as const;
const PER_YEAR = { day: 365, week: 52, month: 12, year: 1 } as const;

export type VerifyOptions = {
  referenceYear: number;
};

export function verifyReading(reading: ModelReading, wish: string, options: VerifyOptions): VerifiedReading {
  const items: VerifiedItem[] = [];
  const dropped: DropCounts = { quoteNotInWish: 0, numberNotInQuote: 0, outOfRange: 0 };

  const keep = (field: ReadingField, value: VerifiedValue, marks: Marks) => {
    if (!quoteOccurs(marks.quote, wish)) return void dropped.quoteNotInWish++;
    items.push({ field, value, quote: marks.quote.trim(), assumed: marks.assumed, uncertain: marks.uncertain });
  };
  const keepNumber = (field: keyof typeof BOUNDS, stated: number, value: number, marks: Marks) => {
    if (!quoteOccurs(marks.quote, wish)) return void dropped.quoteNotInWish++;
    if (!numberInQuote(stated, marks.quote)) return void dropped.numberNotInQuote++;
    const rounded = Math.round(value);
    const bounds: Bounds = BOUNDS[field];
    if (!Number.isFinite(value) || rounded < bounds.min || rounded > bounds.max) return void dropped.outOfRange++;
    if (field === "minSeats" && !Number.isInteger(stated)) return void dropped.outOfRange++;
    items.push({ field, value: rounded, quote: marks.quote.trim(), assumed: marks.assumed, uncertain: marks.uncertain });
  };

  const r = reading;
  for (const item of r.bodyTypes) keep("bodyTypes", item.value, item);
  if (r.minSeats) keepNumber("minSeats", r.minSeats.value, r.minSeats.value, r.minSeats);
  if (r.adultThirdRow) keep("adultThirdRow", true, r.adultThirdRow);
  if (r.awd) keep("awd", true, r.awd);
  if (r.minTowingKg) keepNumber("minTowingKg", r.minTowingKg.amount, r.minTowingKg.amount * (r.minTowingKg.unit === "ton" ? 1000 : 1), r.minTowingKg);
  for (const item of r.allowedFuels) keep("allowedFuels", item.value, item);
  for (const item of r.excludedFuels) keep("excludedFuels", item.value, item);
  if (r.minRange) keepNumber("minRangeKm", r.minRange.amount, r.minRange.amount * (r.minRange.unit === "mil" ? 10 : 1), r.minRange);
  if (r.gearbox) keep("gearbox", r.gearbox.value, r.gearbox);
  for (const item of r.requiredMakes) keep("requiredMakes", item.value, item);
  for (const item of r.excludedMakes) keep("excludedMakes", item.value, item);
  if (r.minModelYear) {
    const { amount, unit } = r.minModelYear;
    keepNumber("minModelYear", amount, unit === "year" ? amount : options.referenceYear - amount, r.minModelYear);
  }
  if (r.minPowerHp) keepNumber("minPowerHp", r.minPowerHp.value, r.minPowerHp.value, r.minPowerHp);
  if (r.maxOdometer) keepNumber("maxOdometerMil", r.maxOdometer.amount, r.maxOdometer.amount / (r.maxOdometer.unit === "km" ? 10 : 1), r.maxOdometer);
  if (r.mileage) {
    const perMil = r.mileage.unit === "km" ? r.mileage.amount / 10 : r.mileage.amount;
    keepNumber("milPerYear", r.mileage.amount, perMil * PER_YEAR[r.mileage.period], r.mileage);
  }
  if (r.driverAge) keepNumber("driverAge", r.driverAge.value, r.driverAge.value, r.driverAge);
  if (r.northern) keep("northern", true, r.northern);
  if (r.winterNeeds) keep("winterNeeds", true, r.winterNeeds);
  for (const item of r.preferredFuels) keep("preferredFuels", item.value, item);
  for (const item of r.preferredMakes) keep("preferredMakes", item.value, item);
  for (const item of r.preferredBodyTypes) keep("preferredBodyTypes", item.value, item);
  if (r.preferredGearbox) keep("preferredGearbox", r.preferredGearbox.value, r.preferredGearbox);
  for (const item of r.avoidedFuels) keep("avoidedFuels", item.value, item);
  for (const item of r.avoidedMakes) keep("avoidedMakes", item.value, item);
  if (r.chargingAccess) keep("homeCharging", r.chargingAccess.value === "home", r.chargingAccess);
  if (r.companyCar) keep("companyCar", true, r.companyCar);
  if (r.trailerTotal) keepNumber("trailerTotalKg", r.trailerTotal.amount, r.trailerTotal.amount * (r.trailerTotal.unit === "ton" ? 1000 : 1), r.trailerTotal);
  if (r.drive) keep("drive", DRIVES[r.drive.value], r.drive);
  // A mass-market car is what every ranking assumes; only a premium or exclusive wish is a reading.
  if (r.tier && r.tier.value !== "mass") keep("tier", r.tier.value === "luxury" ? "exclusive" : "premium", r.tier);
  if (r.kids) keep("kids", true, r.kids);
  for (const wish of r.wishes) keep(`wish.${wish.key}`, WISH_WEIGHTS[wish.strength], wish);

  return { items, kept: items.length, dropped };
}

import { READING_QUOTE_MAX, type ReadingField } from "#app/lib/requirements";
import type { ModelReading } from "./model-reading.server";
import { namesField, numbersIn, quoteOccurs } from "./quote-evidence.server";
import { isHardField } from "./reading-fields.server";

// Compared after normalising case, whitespace and typographic quotes, nothing looser: the quote must be whole words of the buyer's.

type VerifiedValue = number | boolean | string;

export type VerifiedItem = {
  field: ReadingField;
  value: VerifiedValue;
  quote: string;
  assumed: boolean;
  uncertain: boolean;
};

/** The model read these words and says they are no requirement for `field` (see REJECTABLE_FIELDS). */
type VerifiedRejection = { field: ReadingField; quote: string };

type DropReason = "quoteNotInWish" | "numberNotInQuote" | "outOfRange" | "quoteTooLong" | "fieldNotNamed";
type DropCounts = Record<DropReason, number>;

export type VerifiedReading = {
  items: VerifiedItem[];
  /** Absent in a reading stored before the model could reject words. */
  rejections?: VerifiedRejection[];
  kept: number;
  dropped: DropCounts;
};

const REJECTED_FIELD: Record<ModelReading["notRequirements"][number]["field"], ReadingField> = {
  bodyTypes: "bodyTypes",
  minSeats: "minSeats",
  adultThirdRow: "adultThirdRow",
  awd: "awd",
  minTowingKg: "minTowingKg",
  allowedFuels: "allowedFuels",
  excludedFuels: "excludedFuels",
  minRange: "minRangeKm",
  gearbox: "gearbox",
  requiredMakes: "requiredMakes",
  excludedMakes: "excludedMakes",
  minModelYear: "minModelYear",
  minPowerHp: "minPowerHp",
  maxOdometer: "maxOdometerMil",
  mileage: "milPerYear",
  driverAge: "driverAge",
  northern: "northern",
  winterNeeds: "winterNeeds",
  chargingAccess: "homeCharging",
  companyCar: "companyCar",
  trailerTotal: "trailerTotalKg",
  kids: "kids",
};

/** A hard requirement, or the trailer total that becomes the towing floor, needs a quote that names its field. */
const needsNamedField = (field: ReadingField) => isHardField(field) || field === "trailerTotalKg";

type Marks = { quote: string; assumed: boolean; uncertain: boolean };
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
  const dropped: DropCounts = { quoteNotInWish: 0, numberNotInQuote: 0, outOfRange: 0, quoteTooLong: 0, fieldNotNamed: 0 };

  const quoted = (field: ReadingField, value: VerifiedValue, quote: string): boolean => {
    const problem: DropReason | undefined =
      quote.trim().length > READING_QUOTE_MAX
        ? "quoteTooLong"
        : !quoteOccurs(quote, wish)
          ? "quoteNotInWish"
          : needsNamedField(field) && !namesField(field, value, quote)
            ? "fieldNotNamed"
            : undefined;
    if (problem) dropped[problem]++;
    return problem === undefined;
  };
  const keep = (field: ReadingField, value: VerifiedValue, marks: Marks) => {
    if (!quoted(field, value, marks.quote)) return;
    items.push({ field, value, quote: marks.quote.trim(), assumed: marks.assumed, uncertain: marks.uncertain });
  };
  const keepNumber = (field: keyof typeof BOUNDS, stated: number, value: number, marks: Marks) => {
    if (!quoted(field, value, marks.quote)) return;
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

  const rejections: VerifiedRejection[] = [];
  for (const rejection of r.notRequirements) {
    const field = REJECTED_FIELD[rejection.field];
    const quote = rejection.quote.trim();
    if (quote.length > READING_QUOTE_MAX) dropped.quoteTooLong++;
    else if (!quoteOccurs(quote, wish)) dropped.quoteNotInWish++;
    else rejections.push({ field, quote });
  }
  return { items, rejections, kept: items.length, dropped };
}

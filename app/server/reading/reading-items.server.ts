import { BODY_LABELS, BodyTypeSchema, DRIVETRAIN_LABELS, FUEL_LABELS, type BodyType, type Drivetrain, type Fuel } from "#app/lib/car-facts";
import { formatMil, formatNumber } from "#app/lib/format";
import { CHANGE_PREFIX, type ReadingEdit, type ReadingGroup, type ReadingItemStatus, type ReadingRow } from "#app/lib/reading-items";
import { type BuyerRequirements, HARD_READING_FIELDS, type ReadingField, USAGE_READING_FIELDS, WISH_KEYS } from "#app/lib/requirements";
import { assumedWishes } from "#app/lib/said-wishes";
import { HARD_ONLY, HARD_TWIN, SOFT_TWIN } from "./correction-twins.server";
import { getField, isHardField, LIST_FIELDS, type Scalar, valuesOf } from "./reading-fields.server";
import { WISH_LABELS } from "./summary.server";

// One set of rows for the create form's live preview and the "Ändra tolkningen" page.

const NBSP = "\u00a0";

/** In the unit the buyer thinks in (range in mil, stored in km). */
type NumberSpec = { label: string; unit: string; min: number; max: number; scale?: number };

export const NUMBER_FIELDS: Partial<Record<ReadingField, NumberSpec>> = {
  minSeats: { label: "Antal säten, minst", unit: "säten", min: 2, max: 9 },
  minTowingKg: { label: "Dragvikt, minst", unit: "kg", min: 100, max: 4000 },
  minRangeKm: { label: "Räckvidd, minst", unit: "mil", min: 5, max: 200, scale: 10 },
  minModelYear: { label: "Årsmodell, lägst", unit: "", min: 1990, max: 2100 },
  minPowerHp: { label: "Effekt, minst", unit: "hk", min: 40, max: 2000 },
  maxOdometerMil: { label: "Miltal, högst", unit: "mil", min: 100, max: 100_000 },
  preferredMinModelYear: { label: "Årsmodell, helst lägst", unit: "", min: 1990, max: 2100 },
  preferredMaxOdometerMil: { label: "Miltal, helst högst", unit: "mil", min: 100, max: 100_000 },
  milPerYear: { label: "Körsträcka per år", unit: "mil", min: 50, max: 20_000 },
  driverAge: { label: "Förarens ålder", unit: "år", min: 16, max: 110 },
  trailerTotalKg: { label: "Släpets totalvikt", unit: "kg", min: 100, max: 10_000 },
};

type ChoiceSpec = { label: string; options: { value: string; label: string }[] };

export const CHOICE_FIELDS: Partial<Record<ReadingField, ChoiceSpec>> = {
  gearbox: {
    label: "Växellåda",
    options: [
      { value: "automat", label: "Automat" },
      { value: "manuell", label: "Manuell" },
    ],
  },
  homeCharging: {
    label: "Laddning hemma",
    options: [
      { value: "ja", label: "Kan ladda hemma" },
      { value: "nej", label: "Kan inte ladda hemma" },
    ],
  },
};

const FIELD_NAMES: Partial<Record<ReadingField, string>> = {
  bodyTypes: "kaross",
  allowedFuels: "drivmedel",
  excludedFuels: "drivmedel du inte vill ha",
  requiredMakes: "märke",
  excludedMakes: "märken du inte vill ha",
  gearbox: "växellåda",
  minModelYear: "lägsta årsmodell",
  maxOdometerMil: "högsta miltal",
  northern: "om du bor i norr",
  homeCharging: "laddning hemma",
  drive: "drivning",
  tier: "premiumbil",
  preferredGearbox: "växellåda",
};

const fuelText = (fuel: string) => FUEL_LABELS[fuel as Fuel] ?? fuel;
const bodyText = (body: string) => BODY_LABELS[body as BodyType] ?? body;

function textOf(req: BuyerRequirements, field: ReadingField, value: Scalar): string {
  const n = typeof value === "number" ? value : Number(value);
  switch (field) {
    case "bodyTypes":
      return `Kaross: ${bodyText(String(value))}`;
    case "minSeats":
      return `Minst ${n} säten`;
    case "adultThirdRow":
      return "Vuxna får plats i tredje raden";
    case "awd":
      return "Fyrhjulsdrift";
    case "minTowingKg":
      return `Dragvikt minst ${formatNumber(n)}${NBSP}kg`;
    case "allowedFuels":
      return `Drivmedel: ${fuelText(String(value))}`;
    case "excludedFuels":
      return value === "el" ? "Inte elbil" : `Inte ${fuelText(String(value))}`;
    case "minRangeKm":
      return `Räckvidd minst ${formatMil(Math.round(n / 10))}`;
    case "gearbox":
      return value === "automat" ? "Automatlåda" : "Manuell växellåda";
    case "requiredMakes":
      return `Märke: ${value}`;
    case "excludedMakes":
      return `Inte ${value}`;
    case "minModelYear":
      return `Årsmodell ${n} eller nyare`;
    case "minPowerHp":
      return `Minst ${formatNumber(n)}${NBSP}hk`;
    case "maxOdometerMil":
      return `Högst ${formatMil(n)} på mätaren`;
    case "milPerYear":
      return `${formatMil(n)} per år`;
    case "driverAge":
      return `Förare ${n} år`;
    case "northern":
      return "Bor i Norrland eller fjällen";
    case "winterNeeds":
      return "Kör i vinterväglag";
    case "preferredFuels":
      return `Gärna ${fuelText(String(value))}`;
    case "preferredMakes":
      return `Gärna ${value}`;
    case "preferredBodyTypes":
      return `Gärna ${bodyText(String(value))}`;
    case "preferredGearbox":
      return value === "automat" ? "Gärna automat" : "Gärna manuell växellåda";
    case "avoidedFuels":
      return `Helst inte ${value === "el" ? "elbil" : fuelText(String(value))}`;
    case "avoidedMakes":
      return `Helst inte ${value}`;
    case "preferredMinModelYear":
      return `Helst årsmodell ${n} eller nyare`;
    case "preferredMaxOdometerMil":
      return `Helst högst ${formatMil(n)} på mätaren`;
    case "homeCharging":
      return value === true ? "Kan ladda hemma" : "Kan inte ladda hemma";
    case "companyCar":
      return "Tjänstebil";
    case "trailerTotalKg":
      return `Släp på ${formatNumber(n)}${NBSP}kg totalt`;
    case "drive":
      return `Drivning: ${DRIVETRAIN_LABELS[value as Drivetrain] ?? value}`;
    case "tier":
      return value === "exclusive" ? "Exklusiv bil" : "Premiumbil";
    case "kids":
      return "Barn åker med";
    default: {
      const wish = WISH_KEYS.find((key) => field === `wish.${key}`);
      if (!wish) return String(value);
      return `${WISH_LABELS[wish].charAt(0).toLocaleUpperCase("sv")}${WISH_LABELS[wish].slice(1)}${n >= 0.9 ? " (viktigt)" : ""}`;
    }
  }
}

function groupOf(field: ReadingField, status: ReadingItemStatus): ReadingGroup {
  if (status === "uncertain" || status === "assumed") return "kontrollera";
  if (isHardField(field)) return "krav";
  if (field.startsWith("wish.") || field.startsWith("preferred") || field.startsWith("avoided") || field === "tier" || field === "drive") return "onskemal";
  return "korning";
}

function editOf(field: ReadingField, value: Scalar | undefined): ReadingEdit | null {
  const number = NUMBER_FIELDS[field];
  if (number) {
    const shown = typeof value === "number" ? Math.round(value / (number.scale ?? 1)) : null;
    return { kind: "number", name: `${CHANGE_PREFIX}${field}`, label: number.label, unit: number.unit, value: shown, min: number.min, max: number.max };
  }
  const choice = CHOICE_FIELDS[field];
  if (choice) {
    const current = value === undefined ? null : typeof value === "boolean" ? (value ? "ja" : "nej") : String(value);
    return { kind: "choice", name: `${CHANGE_PREFIX}${field}`, label: choice.label, value: current, options: choice.options };
  }
  return null;
}

function moveOf(field: ReadingField): ReadingRow["move"] {
  if (SOFT_TWIN[field]) return "soften";
  if (HARD_TWIN[field]) return "harden";
  return HARD_ONLY.has(field) ? "hard-only" : null;
}

function bodyRows(req: BuyerRequirements): { value: string | undefined; text: string }[] {
  const all = BodyTypeSchema.options;
  const bodies = req.hard.bodyTypes;
  if (bodies.length > all.length / 2) {
    return [
      {
        value: undefined,
        text: `Inte ${all
          .filter((body) => !bodies.includes(body))
          .map(bodyText)
          .join(", ")}`,
      },
    ];
  }
  return bodies.map((body) => ({ value: body, text: `Kaross: ${bodyText(body)}` }));
}

export function readingRows(req: BuyerRequirements): ReadingRow[] {
  const items = req.reading.items;
  const inferred = new Map([...assumedWishes(req)].map(([key, quote]) => [`wish.${key}` as ReadingField, quote]));
  const rows: ReadingRow[] = [];
  const fields = new Set<ReadingField>(items.map((item) => item.field));
  const order: ReadingField[] = [];
  const consider = (field: ReadingField) => {
    if (!order.includes(field)) order.push(field);
  };
  for (const field of [
    ...HARD_READING_FIELDS,
    ...USAGE_READING_FIELDS,
    "homeCharging",
    "companyCar",
    "trailerTotalKg",
    "kids",
    "drive",
    "tier",
    "preferredFuels",
    "preferredMakes",
    "preferredBodyTypes",
    "preferredGearbox",
    "avoidedFuels",
    "avoidedMakes",
    "preferredMinModelYear",
    "preferredMaxOdometerMil",
  ] as const satisfies readonly ReadingField[])
    consider(field);
  for (const key of WISH_KEYS) consider(`wish.${key}`);

  for (const field of order) {
    // The parser's yearly figure is a default until the buyer states one.
    const value = field === "milPerYear" && !req.usage.milPerYearStated ? undefined : getField(req, field);
    const values = valuesOf(value);
    const ofField = items.filter((item) => item.field === field);
    const statusFor = (one: Scalar | undefined): ReadingItemStatus => {
      const mine = ofField.filter((item) => item.value === undefined || one === undefined || String(item.value) === String(one));
      if (mine.some((item) => item.source === "buyer")) return "buyer";
      if (req.assumptions.some((assumption) => assumption.field === field) || mine.some((item) => item.assumed) || inferred.has(field)) return "assumed";
      return mine.some((item) => item.uncertain) ? "uncertain" : "said";
    };
    const quoteFor = (one: Scalar | undefined) =>
      inferred.get(field) ??
      ofField.find((item) => item.value !== undefined && String(item.value) === String(one))?.quote ??
      ofField.find((item) => item.quote !== null)?.quote ??
      req.assumptions.find((assumption) => assumption.field === field)?.quote ??
      null;
    const push = (id: string, one: Scalar | undefined, text: string, removable: boolean) => {
      const status = statusFor(one);
      rows.push({
        id,
        field,
        group: groupOf(field, status),
        text,
        status,
        quote: quoteFor(one),
        edit: editOf(field, one),
        removable: removable && field !== "milPerYear",
        move: moveOf(field),
      });
    };

    // Four-wheel drive demanded is also recorded as the drive asked for: one row says it.
    if (field === "drive" && value === "awd" && req.hard.awd) continue;
    if (values.length === 0) {
      // Two readings that cancelled out: nothing is required, but the buyer is asked to settle it.
      if (fields.has(field) && ofField.some((item) => item.uncertain) && (NUMBER_FIELDS[field] || CHOICE_FIELDS[field] || FIELD_NAMES[field])) {
        rows.push({
          id: field,
          field,
          group: "kontrollera",
          text: `Vi är osäkra på ${FIELD_NAMES[field] ?? NUMBER_FIELDS[field]?.label.toLocaleLowerCase("sv") ?? field} och satte inget krav`,
          status: "uncertain",
          quote: ofField.find((item) => item.quote !== null)?.quote ?? null,
          edit: editOf(field, undefined),
          removable: false,
          move: null,
        });
      }
      continue;
    }
    if (field === "bodyTypes") {
      for (const body of bodyRows(req)) push(body.value ? `${field}:${body.value}` : field, body.value, body.text, true);
      continue;
    }
    if (LIST_FIELDS.has(field)) {
      for (const one of values) push(`${field}:${one}`, one, textOf(req, field, one), true);
      continue;
    }
    const one = values[0];
    if (one !== undefined) push(field, one, textOf(req, field, one), true);
  }
  return rows;
}

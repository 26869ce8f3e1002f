import { BODY_LABELS, BodyTypeSchema, FUEL_LABELS, FuelSchema, MAKES } from "#app/lib/car-facts";
import { READING_CORRECTION_COPY } from "#app/lib/failure-copy";
import { ADD_KIND, ADD_VALUE, ADD_WHAT, type ReadingAddition } from "#app/lib/reading-items";
import { type BuyerRequirements, type ReadingField, ReadingFieldSchema, WISH_KEYS } from "#app/lib/requirements";
import type { ReadingCorrections } from "./contracts.server";
import { BUYER_WISH_WEIGHT, HARD_ONLY, HARD_TWIN, RESTRICTION_LISTS, SOFT_TWIN } from "./correction-twins.server";
import { getField, LIST_FIELDS, type Scalar, valuesOf } from "./reading-fields.server";
import { NUMBER_FIELDS } from "./reading-items.server";
import { WISH_LABELS } from "./summary.server";

// A requirement made a wish and back, and a need the readers missed, as corrections on top of the form's other rows.

type Value = Scalar | string[] | null;

export function wholeNumber(text: string): number {
  const compact = text
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/(kg|mil|hk|år|säten|st)$/iu, "")
    .replace(/,0+$/u, "");
  return /^\d{1,7}$/u.test(compact) ? Number(compact) : Number.NaN;
}

const capital = (text: string) => `${text.charAt(0).toLocaleUpperCase("sv")}${text.slice(1)}`;
const both = ["krav", "onskemal"] as const;

function numberChoice(field: ReadingField, label: string, kinds: ReadingAddition["kinds"]): ReadingAddition {
  const unit = NUMBER_FIELDS[field]?.unit;
  return { value: field, label: unit ? `${label} (${unit})` : label, group: kinds.length > 0 ? "Med ett värde" : "Körning och läge", needs: "number", kinds };
}

const READING_ADDITIONS: ReadingAddition[] = [
  numberChoice("minTowingKg", "Lägsta dragvikt", ["krav"]),
  numberChoice("minSeats", "Minsta antal säten", ["krav"]),
  numberChoice("minRangeKm", "Lägsta räckvidd", ["krav"]),
  numberChoice("minPowerHp", "Lägsta effekt", ["krav"]),
  numberChoice("minModelYear", "Lägsta årsmodell", [...both]),
  numberChoice("maxOdometerMil", "Högsta miltal", [...both]),
  { value: "requiredMakes", label: "Märke (skriv märket)", group: "Märke", needs: "make", kinds: [...both] },
  { value: "excludedMakes", label: "Inte det här märket (skriv märket)", group: "Märke", needs: "make", kinds: [...both] },
  ...FuelSchema.options.map((fuel): ReadingAddition => ({
    value: `allowedFuels:${fuel}`,
    label: `Drivmedel: ${capital(FUEL_LABELS[fuel])}`,
    group: "Drivmedel",
    needs: null,
    kinds: [...both],
  })),
  ...FuelSchema.options.map((fuel): ReadingAddition => ({
    value: `excludedFuels:${fuel}`,
    label: `Inte ${fuel === "el" ? "elbil" : FUEL_LABELS[fuel].toLocaleLowerCase("sv")}`,
    group: "Drivmedel",
    needs: null,
    kinds: [...both],
  })),
  ...BodyTypeSchema.options.map((body): ReadingAddition => ({
    value: `bodyTypes:${body}`,
    label: `Kaross: ${BODY_LABELS[body]}`,
    group: "Kaross",
    needs: null,
    kinds: [...both],
  })),
  { value: "gearbox:automat", label: "Automatlåda", group: "Bilen", needs: null, kinds: [...both] },
  { value: "gearbox:manuell", label: "Manuell växellåda", group: "Bilen", needs: null, kinds: [...both] },
  { value: "awd", label: "Fyrhjulsdrift", group: "Bilen", needs: null, kinds: [...both] },
  { value: "adultThirdRow", label: "Vuxna får plats i tredje raden", group: "Bilen", needs: null, kinds: ["krav"] },
  { value: "tier:premium", label: "Premiumbil", group: "Bilen", needs: null, kinds: ["onskemal"] },
  ...WISH_KEYS.filter((key) => key !== "awd").map((key): ReadingAddition => ({
    value: `wish.${key}`,
    label: capital(WISH_LABELS[key]),
    group: "Önskemål",
    needs: null,
    kinds: ["onskemal"],
  })),
  numberChoice("milPerYear", "Körsträcka per år", []),
  numberChoice("driverAge", "Förarens ålder", []),
  numberChoice("trailerTotalKg", "Släpets totalvikt", []),
  { value: "winterNeeds", label: "Kör i vinterväglag", group: "Körning och läge", needs: null, kinds: [] },
  { value: "northern", label: "Bor i Norrland eller fjällen", group: "Körning och läge", needs: null, kinds: [] },
  { value: "kids", label: "Barn åker med", group: "Körning och läge", needs: null, kinds: [] },
  { value: "companyCar", label: "Tjänstebil", group: "Körning och läge", needs: null, kinds: [] },
  { value: "homeCharging:ja", label: "Kan ladda hemma", group: "Körning och läge", needs: null, kinds: [] },
  { value: "homeCharging:nej", label: "Kan inte ladda hemma", group: "Körning och läge", needs: null, kinds: [] },
];

const ADDITIONS = new Map(READING_ADDITIONS.map((choice) => [choice.value, choice]));

export function readingAdditionChoices(): { choices: ReadingAddition[]; makes: readonly string[] } {
  return { choices: READING_ADDITIONS, makes: MAKES };
}

function current(corrections: ReadingCorrections, req: BuyerRequirements, field: ReadingField): Scalar[] {
  if (field in corrections) return valuesOf(corrections[field] ?? undefined);
  return valuesOf(getField(req, field));
}

const asList = (values: Scalar[]): Value => (values.length > 0 ? values.map(String) : null);
const without = (values: Scalar[], gone: Scalar[]) => values.filter((value) => !gone.some((other) => String(other) === String(value)));
const withAdded = (values: Scalar[], added: Scalar[]) => [...values, ...without(added, values)];

function move(corrections: ReadingCorrections, req: BuyerRequirements, from: ReadingField, to: ReadingField, values: Scalar[]): void {
  const left = without(current(corrections, req, from), values);
  corrections[from] = LIST_FIELDS.has(from) ? asList(left) : null;
  if (to.startsWith("wish.")) corrections[to] = BUYER_WISH_WEIGHT;
  else if (to === "awd") corrections[to] = true;
  else if (LIST_FIELDS.has(to)) corrections[to] = asList(withAdded(current(corrections, req, to), values));
  else corrections[to] = values[0] ?? null;
}

export function applyMove(corrections: ReadingCorrections, req: BuyerRequirements, rowId: string): boolean {
  const [name, ...rest] = rowId.split(":");
  const parsed = ReadingFieldSchema.safeParse(name);
  if (!parsed.success) return false;
  const field = parsed.data;
  const to = SOFT_TWIN[field] ?? HARD_TWIN[field];
  if (!to) return false;
  const values = current(corrections, req, field);
  const one = rest.join(":");
  if (values.length === 0) return true;
  const moving = !LIST_FIELDS.has(field) || one === "" || (SOFT_TWIN[field] && RESTRICTION_LISTS.has(field)) ? values : values.filter((v) => String(v) === one);
  move(corrections, req, field, to, moving);
  return true;
}

type AddResult = { status: "ok" } | { status: "invalid-form" } | { status: "error"; name: string; message: string };

const noun = (choice: ReadingAddition) => choice.label.replace(/ \(.*\)$/u, "");

export function applyAddition(corrections: ReadingCorrections, req: BuyerRequirements, form: FormData): AddResult {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const what = text(ADD_WHAT);
  const typed = text(ADD_VALUE);
  const kind = text(ADD_KIND);
  if (what === "") return typed === "" ? { status: "ok" } : { status: "error", name: ADD_WHAT, message: READING_CORRECTION_COPY["add-what"] };
  const choice = ADDITIONS.get(what);
  if (!choice || (kind !== "" && kind !== "krav" && kind !== "onskemal")) return { status: "invalid-form" };
  if (choice.kinds.length > 0 && kind === "") return { status: "error", name: ADD_KIND, message: READING_CORRECTION_COPY["add-kind"] };
  if (choice.kinds.length > 0 && !choice.kinds.some((allowed) => allowed === kind)) {
    const message = kind === "onskemal" ? READING_CORRECTION_COPY["hard-only"](noun(choice)) : READING_CORRECTION_COPY["wish-only"](noun(choice));
    return { status: "error", name: ADD_KIND, message };
  }

  const [name, ...rest] = what.split(":");
  const field = ReadingFieldSchema.parse(name);
  const named = rest.join(":");
  let value: Scalar;
  if (choice.needs === "number") {
    const spec = NUMBER_FIELDS[field];
    const number = wholeNumber(typed);
    if (!spec || !Number.isFinite(number) || number < spec.min || number > spec.max) {
      return { status: "error", name: ADD_VALUE, message: READING_CORRECTION_COPY["out-of-range"](noun(choice), spec?.min ?? 0, spec?.max ?? 0, spec?.unit) };
    }
    value = number * (spec.scale ?? 1);
  } else if (choice.needs === "make") {
    if (typed === "") return { status: "error", name: ADD_VALUE, message: READING_CORRECTION_COPY["add-make"] };
    const make = MAKES.find((known) => known.toLocaleLowerCase("sv") === typed.toLocaleLowerCase("sv"));
    if (!make) return { status: "error", name: ADD_VALUE, message: READING_CORRECTION_COPY["unknown-make"](typed.slice(0, 40)) };
    value = make;
  } else if (named !== "") {
    value = field === "homeCharging" ? named === "ja" : named;
  } else {
    value = field.startsWith("wish.") ? BUYER_WISH_WEIGHT : true;
  }

  const soft = SOFT_TWIN[field];
  const target = kind === "onskemal" && soft && !HARD_ONLY.has(field) ? soft : field;
  const opposite = SOFT_TWIN[target] ?? HARD_TWIN[target];
  if (target.startsWith("wish.")) corrections[target] = BUYER_WISH_WEIGHT;
  else if (LIST_FIELDS.has(target)) corrections[target] = asList(withAdded(current(corrections, req, target), [value]));
  else corrections[target] = value;
  if (opposite && current(corrections, req, opposite).length > 0) {
    corrections[opposite] = LIST_FIELDS.has(opposite) ? asList(without(current(corrections, req, opposite), [value])) : null;
  }
  return { status: "ok" };
}

import { READING_CORRECTION_COPY } from "#app/lib/failure-copy";
import { CHANGE_PREFIX, MOVE_FIELD, REMOVE_FIELD } from "#app/lib/reading-items";
import { type BuyerRequirements, type ReadingField, ReadingFieldSchema } from "#app/lib/requirements";
import type { ReadingCorrections } from "./contracts.server";
import { applyAddition, applyMove, wholeNumber } from "./correction-moves.server";
import { CHOICE_FIELDS, NUMBER_FIELDS } from "./reading-items.server";
import { getField, LIST_FIELDS, type Scalar, valuesOf } from "./reading-fields.server";

// Only what differs from the reading the buyer saw becomes a correction, so an untouched row stays the readers' to settle.

/** More rows than any reading has: a post with more is not from our form. */
const MAX_ENTRIES = 120;

export type CorrectionsResult =
  { status: "ok"; corrections: ReadingCorrections; changed: number } | { status: "invalid"; errors: Record<string, string>; message: string };

const INVALID_FORM = READING_CORRECTION_COPY.unreadable;

export function correctionsFrom(form: FormData, req: BuyerRequirements): CorrectionsResult {
  const corrections: ReadingCorrections = {};
  const errors: Record<string, string> = {};
  const entries = [...form.entries()].filter(([name]) => name === REMOVE_FIELD || name.startsWith(CHANGE_PREFIX));
  const moves = form.getAll(MOVE_FIELD);
  if (entries.length + moves.length > MAX_ENTRIES) return { status: "invalid", errors, message: INVALID_FORM };
  const removed = new Map<ReadingField, Set<string> | "all">();

  for (const [name, raw] of entries) {
    if (typeof raw !== "string") return { status: "invalid", errors, message: INVALID_FORM };
    if (name === REMOVE_FIELD) {
      const [fieldName, ...rest] = raw.split(":");
      const field = ReadingFieldSchema.safeParse(fieldName);
      if (!field.success) return { status: "invalid", errors, message: INVALID_FORM };
      const value = rest.join(":");
      const known = removed.get(field.data);
      if (value === "" || !LIST_FIELDS.has(field.data)) removed.set(field.data, "all");
      else if (known !== "all") removed.set(field.data, new Set([...(known ?? []), value]));
      continue;
    }
    const field = ReadingFieldSchema.safeParse(name.slice(CHANGE_PREFIX.length));
    if (!field.success) return { status: "invalid", errors, message: INVALID_FORM };
    const text = raw.trim();
    const number = NUMBER_FIELDS[field.data];
    const choice = CHOICE_FIELDS[field.data];
    const current = getField(req, field.data);
    if (number) {
      if (text === "") continue;
      const value = wholeNumber(text);
      if (!Number.isFinite(value) || value < number.min || value > number.max) {
        errors[name] = READING_CORRECTION_COPY["out-of-range"](number.label, number.min, number.max, number.unit);
        continue;
      }
      const stored = value * (number.scale ?? 1);
      const shown = typeof current === "number" ? Math.round(current / (number.scale ?? 1)) : undefined;
      const unstated = field.data === "milPerYear" && !req.usage.milPerYearStated;
      if (shown !== value || unstated) corrections[field.data] = stored;
      continue;
    }
    if (choice) {
      if (text === "") continue;
      if (!choice.options.some((option) => option.value === text)) return { status: "invalid", errors, message: INVALID_FORM };
      const value: Scalar = field.data === "homeCharging" ? text === "ja" : text;
      if (current !== value) corrections[field.data] = value;
      continue;
    }
    return { status: "invalid", errors, message: INVALID_FORM };
  }

  for (const [field, values] of removed) {
    const current = getField(req, field);
    if (current === undefined) continue;
    if (values === "all") {
      corrections[field] = null;
      continue;
    }
    const kept = valuesOf(current)
      .map(String)
      .filter((value) => !values.has(value));
    if (kept.length < valuesOf(current).length) corrections[field] = kept.length > 0 ? kept : null;
  }

  // After the changes and removals: a row both changed and moved moves with its new value, a removed one stays removed.
  for (const rowId of moves) {
    if (typeof rowId !== "string" || !applyMove(corrections, req, rowId)) return { status: "invalid", errors, message: INVALID_FORM };
  }
  const added = applyAddition(corrections, req, form);
  if (added.status === "invalid-form") return { status: "invalid", errors, message: INVALID_FORM };
  if (added.status === "error") errors[added.name] = added.message;

  // The drive the parser recorded with four-wheel drive goes with it (the page shows them as one row).
  if (corrections.awd === null && getField(req, "drive") === "awd" && !("drive" in corrections)) corrections.drive = null;

  // A value set to what the reading already says (a need added twice) is no change, and not worth a create.
  for (const [name, value] of Object.entries(corrections) as [ReadingField, Scalar | string[] | null][]) {
    const before = valuesOf(getField(req, name)).map(String).sort().join("|");
    if (
      name !== "milPerYear" &&
      before ===
        valuesOf(value ?? undefined)
          .map(String)
          .sort()
          .join("|")
    )
      delete corrections[name];
  }

  if (Object.keys(errors).length > 0) {
    return { status: "invalid", errors, message: READING_CORRECTION_COPY["invalid-values"] };
  }
  return { status: "ok", corrections, changed: Object.keys(corrections).length };
}

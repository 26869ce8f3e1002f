import {
  BuyerRequirementsV2Schema,
  type BuyerRequirements,
  type ModelReadingFailure,
  READING_FIELDS,
  type ReadingField,
  type ReadingItem,
  type ReadingSource,
} from "#app/lib/requirements";
import type { ReadingCorrections } from "./contracts.server";
import { HARD_TWIN, RESTRICTION_LISTS, SOFT_TWIN } from "./correction-twins.server";
import { insists, namesField, namesValueItself, normaliseForQuote, numbersIn } from "./quote-evidence.server";
import { type FieldValue, getField, isHardField, LIST_FIELDS, type Scalar, setField, valuesOf, wishKeyOf } from "./reading-fields.server";
import type { VerifiedItem, VerifiedReading } from "./verify-reading.server";

// Per field, the reading whose mistake costs the buyer less wins; silence is no disagreement (decisions 011 and 019).

export type MergeOptions = {
  formBodyTypes?: readonly string[];
  corrections?: ReadingCorrections;
  /** The buyer's words, to tell a parser value the wish names from one it does not (then marked uncertain). */
  wish?: string;
};

type Side = { values: Scalar[]; quotes: Map<string, string>; assumed: boolean; uncertain: boolean };

type Outcome = {
  value: FieldValue;
  source: ReadingSource;
  uncertain: boolean;
};

const CAPABILITY_NUMBERS = new Set<ReadingField>(["minSeats", "minTowingKg", "minRangeKm", "minPowerHp", "trailerTotalKg"]);
const CAPABILITY_FLAGS = new Set<ReadingField>(["awd", "adultThirdRow", "winterNeeds", "companyCar", "kids"]);
const twinsOf = (fields: readonly ReadingField[]): Partial<Record<ReadingField, ReadingField>> =>
  Object.fromEntries(fields.map((field) => [field, SOFT_TWIN[field]]));
const RESTRICTIONS = twinsOf([...RESTRICTION_LISTS]);
const EXCLUSIONS = twinsOf(["excludedFuels", "excludedMakes"]);
const SOFT_OPPOSITES: Partial<Record<ReadingField, ReadingField>> = { preferredFuels: "avoidedFuels", preferredMakes: "avoidedMakes" };

/** The model's reading of the same value as a preference or the opposite is its own reading, not silence. */
const READ_OTHERWISE: Partial<Record<ReadingField, readonly ReadingField[]>> = {
  allowedFuels: ["preferredFuels", "excludedFuels", "avoidedFuels"],
  requiredMakes: ["preferredMakes", "excludedMakes", "avoidedMakes"],
  bodyTypes: ["preferredBodyTypes"],
  gearbox: ["preferredGearbox"],
  excludedFuels: ["avoidedFuels", "allowedFuels", "preferredFuels"],
  excludedMakes: ["avoidedMakes", "requiredMakes", "preferredMakes"],
};

const key = (value: Scalar) => String(value);

function sideOf(values: readonly Scalar[], items: readonly { value?: Scalar; quote: string | null; assumed: boolean; uncertain: boolean }[]): Side {
  const quotes = new Map<string, string>();
  for (const item of items) if (item.quote !== null && item.value !== undefined) quotes.set(key(item.value), item.quote);
  const single = items.find((item) => item.quote !== null)?.quote ?? undefined;
  if (single !== undefined) for (const value of values) if (!quotes.has(key(value))) quotes.set(key(value), single);
  return { values: [...values], quotes, assumed: items.some((item) => item.assumed), uncertain: items.some((item) => item.uncertain) };
}

const same = (a: readonly Scalar[], b: readonly Scalar[]) => a.length === b.length && a.every((value) => b.some((other) => key(other) === key(value)));
const union = (a: readonly Scalar[], b: readonly Scalar[]) => [...a, ...b.filter((value) => !a.some((other) => key(other) === key(value)))];
const intersection = (a: readonly Scalar[], b: readonly Scalar[]) => a.filter((value) => b.some((other) => key(other) === key(value)));
const minus = (a: readonly Scalar[], b: readonly Scalar[]) => a.filter((value) => !b.some((other) => key(other) === key(value)));
const asValue = (field: ReadingField, values: readonly Scalar[]): FieldValue =>
  values.length === 0 ? undefined : LIST_FIELDS.has(field) ? values.map(String) : values[0];
const sourceOf = (parser: Side, model: Side): ReadingSource =>
  parser.values.length > 0 && model.values.length > 0 ? "both" : model.values.length > 0 ? "model" : "parser";

function extreme(parser: Side, model: Side, pick: (a: number, b: number) => number): Outcome {
  const p = parser.values[0];
  const m = model.values[0];
  if (typeof p === "number" && typeof m === "number") return { value: pick(p, m), source: "both", uncertain: p !== m };
  return { value: p ?? m, source: sourceOf(parser, model), uncertain: false };
}

/** Whether a rejection's words are about this parser value: its number, its make or fuel, or the field itself. */
function rejectionCovers(field: ReadingField, value: Scalar, quote: string): boolean {
  if (insists(quote)) return false;
  if (typeof value === "number") {
    if (field === "minModelYear" || field === "milPerYear" || wishKeyOf(field)) return numbersIn(quote).length > 0 || namesField(field, value, quote);
    return numbersIn(quote).some((number) => [value, value / 10, value * 10].some((candidate) => Math.abs(candidate - number) < 1e-9));
  }
  return LIST_FIELDS.has(field) || field === "gearbox" ? namesField(field, value, quote) : true;
}

export type MergeResult = {
  requirements: BuyerRequirements;
  disagreements: ReadingField[];
};

export function mergeReadings(parser: BuyerRequirements, model: VerifiedReading, options: MergeOptions = {}): MergeResult {
  const merged: BuyerRequirements = structuredClone(parser);
  const parserItems = new Map<ReadingField, ReadingItem[]>();
  for (const item of parser.reading.items) parserItems.set(item.field, [...(parserItems.get(item.field) ?? []), item]);
  const modelItems = new Map<ReadingField, VerifiedItem[]>();
  const ignoredAssumptions: VerifiedItem[] = [];
  for (const item of model.items) {
    if (item.assumed && isHardField(item.field)) ignoredAssumptions.push(item);
    else modelItems.set(item.field, [...(modelItems.get(item.field) ?? []), item]);
  }

  const rejections = new Map<ReadingField, string[]>();
  for (const rejection of model.rejections ?? []) rejections.set(rejection.field, [...(rejections.get(rejection.field) ?? []), rejection.quote]);
  const wish = options.wish;
  // "måste ha automat o dragkrok, kombi": the model's bare "kombi" as a leaning does not weaken what the buyer's sentence insists on.
  const wishInsists = (field: ReadingField, value: Scalar) =>
    wish !== undefined && wish.split(/[.!?;\n]+/u).some((sentence) => namesField(field, value, sentence) && insists(sentence));
  const readOtherwise = (field: ReadingField, value: Scalar) =>
    !wishInsists(field, value) &&
    (READ_OTHERWISE[field] ?? []).some((other) => (modelItems.get(other) ?? []).some((item) => key(item.value) === key(value) && !insists(item.quote)));
  // A value the model itself reads for the field is not what its rejection of other words ("dåliga erfarenheter av DSG-lådor") is about.
  const affirmed = (field: ReadingField, value: Scalar) => (modelItems.get(field) ?? []).some((item) => key(item.value) === key(value));
  // An assumed value carries no number of the buyer's: a rejection of the very words it was assumed from covers it.
  const assumedFrom = (field: ReadingField, quote: string) =>
    !insists(quote) &&
    parser.assumptions.some((assumption) => assumption.field === field && normaliseForQuote(quote).includes(normaliseForQuote(assumption.quote)));
  const rejected = (field: ReadingField, value: Scalar) =>
    !(field === "bodyTypes" && options.formBodyTypes?.includes(String(value))) &&
    !affirmed(field, value) &&
    ((rejections.get(field) ?? []).some((quote) => rejectionCovers(field, value, quote) || assumedFrom(field, quote)) || readOtherwise(field, value));
  // A value the parser read from a wish that never names its field ("7 dagar" for seats) is its weakest kind.
  const weak = (field: ReadingField, side: Side) => side.assumed || (wish !== undefined && side.values.some((value) => !namesField(field, value, wish)));
  // Only a must keeps a restriction only the model read: "föreslå bara Tesla", said to the model, must not narrow the list.
  const modelInsists = (side: Side, value: Scalar) => insists(side.quotes.get(key(value)) ?? "");

  const formBodies = new Set(options.formBodyTypes ?? []);
  const provenance = new Map<string, ReadingItem>();
  const disagreements: ReadingField[] = [];
  const softened = new Map<ReadingField, { values: Scalar[]; quotes: Map<string, string> }>();

  const sides = (field: ReadingField): [Side, Side] => {
    // The parser always has a yearly figure (1 500 unless stated); only a stated one is a reading.
    const unstated = field === "milPerYear" && !parser.usage.milPerYearStated;
    const parserValues = unstated ? [] : valuesOf(getField(parser, field)).filter((value) => !rejected(field, value));
    const items = parserItems.get(field) ?? [];
    const parserSide = sideOf(
      parserValues,
      items.map((item) => ({ ...item, ...(item.value !== undefined ? { value: item.value } : {}) })),
    );
    if (parser.assumptions.some((assumption) => assumption.field === field)) parserSide.assumed = true;
    const found = modelItems.get(field) ?? [];
    if (LIST_FIELDS.has(field) && found.length > 0) narrowToModel(field, parserSide, found);
    const modelValues = LIST_FIELDS.has(field) ? found.map((item) => item.value) : found.slice(0, 1).map((item) => item.value);
    // Four-wheel drive demanded is also the drive asked for, as the parser records it.
    const awd = field === "drive" && found.length === 0 ? (modelItems.get("awd") ?? []) : [];
    if (awd.length > 0)
      return [
        parserSide,
        sideOf(
          ["awd"],
          awd.map((item) => ({ ...item, value: "awd" })),
        ),
      ];
    return [parserSide, sideOf(modelValues, found)];
  };

  // The model's reading of the same words narrows a group the parser widened ("tyskt" → Smart); what the wish names stays (decision 020).
  const narrowed = new Set<ReadingField>();
  const narrowToModel = (field: ReadingField, parserSide: Side, found: readonly VerifiedItem[]) => {
    if (wish === undefined) return;
    const modelValues = new Set(found.map((item) => key(item.value)));
    const hardTwin = HARD_TWIN[field];
    const twinRejects = (value: Scalar) => hardTwin !== undefined && (rejections.get(hardTwin) ?? []).some((quote) => rejectionCovers(hardTwin, value, quote));
    const dropped = parserSide.values.filter(
      (value) =>
        !modelValues.has(key(value)) &&
        (twinRejects(value) ||
          (!namesValueItself(field, String(value), wish) &&
            (found.some((item) => namesField(field, value, item.quote) && !(EXCLUSIONS[field] && insists(item.quote))) || !namesField(field, value, wish)))),
    );
    if (dropped.length === 0) return;
    parserSide.values = minus(parserSide.values, dropped);
    narrowed.add(field);
  };

  const soften = (field: ReadingField | undefined, values: readonly Scalar[], quotes: Map<string, string>) => {
    if (!field || values.length === 0) return;
    const entry = softened.get(field) ?? { values: [], quotes: new Map() };
    entry.values = union(entry.values, values);
    for (const [value, quote] of quotes) entry.quotes.set(value, quote);
    softened.set(field, entry);
  };

  const decide = (field: ReadingField, parserSide: Side, modelSide: Side): Outcome => {
    const p = parserSide.values;
    const m = modelSide.values;
    if (m.length === 0) return { value: asValue(field, p), source: "parser", uncertain: weak(field, parserSide) };
    const insisted = m.filter((value) => modelInsists(modelSide, value));
    if (CAPABILITY_NUMBERS.has(field)) {
      if (parserSide.assumed && m.length > 0) return { value: m[0], source: "model", uncertain: true };
      const outcome = extreme(parserSide, modelSide, Math.max);
      return isHardField(field) && (p.length === 0 || m.length === 0) ? { ...outcome, uncertain: true } : outcome;
    }
    if (CAPABILITY_FLAGS.has(field)) {
      const oneSided = isHardField(field) && (p.length === 0 || m.length === 0);
      return { value: true, source: sourceOf(parserSide, modelSide), uncertain: oneSided };
    }
    const twin = RESTRICTIONS[field];
    if (twin) {
      const fixed = field === "bodyTypes" ? p.filter((value) => formBodies.has(String(value))) : [];
      if (fixed.length > 0) {
        // The form's body choice is the buyer's own; bodies read from the text only add preferences.
        soften(twin, minus(m, fixed), modelSide.quotes);
        return { value: asValue(field, p), source: "parser", uncertain: false };
      }
      if (p.length > 0) return { value: asValue(field, union(p, m)), source: "both", uncertain: !same(p, m) };
      // A restriction only the model read stays one when the buyer insisted ("måste vara elbil").
      if (insisted.length > 0) return { value: asValue(field, m), source: "model", uncertain: true };
      soften(twin, m, modelSide.quotes);
      return { value: undefined, source: "model", uncertain: true };
    }
    const exclusionTwin = EXCLUSIONS[field];
    if (exclusionTwin) {
      // What the parser excluded stays excluded; what only the model excluded is avoided unless the buyer insisted.
      const excluded = union(p, insisted);
      soften(exclusionTwin, minus(m, excluded), modelSide.quotes);
      return { value: asValue(field, excluded), source: sourceOf(parserSide, modelSide), uncertain: !same(p, m) };
    }
    switch (field) {
      case "gearbox":
        if (p.length > 0 && same(p, m)) return { value: p[0], source: "both", uncertain: false };
        if (p.length === 0 && insisted.length > 0) return { value: m[0], source: "model", uncertain: true };
        if (p.length === 0) soften("preferredGearbox", m, modelSide.quotes);
        return { value: undefined, source: sourceOf(parserSide, modelSide), uncertain: true };
      case "minModelYear": {
        if (p.length > 0) return extreme(parserSide, modelSide, Math.min);
        if (insisted.length > 0) return { value: m[0], source: "model", uncertain: true };
        const year = Number(m[0]);
        merged.preferredMinModelYear = Math.max(merged.preferredMinModelYear ?? year, year);
        return { value: undefined, source: sourceOf(parserSide, modelSide), uncertain: true };
      }
      case "maxOdometerMil": {
        if (p.length > 0) return extreme(parserSide, modelSide, Math.max);
        if (insisted.length > 0) return { value: m[0], source: "model", uncertain: true };
        const mil = Number(m[0]);
        merged.preferredMaxOdometerMil = Math.min(merged.preferredMaxOdometerMil ?? mil, mil);
        return { value: undefined, source: sourceOf(parserSide, modelSide), uncertain: true };
      }
      case "milPerYear":
        return extreme(parserSide, modelSide, Math.max);
      case "driverAge":
        return extreme(parserSide, modelSide, Math.min);
      case "northern":
        return { value: true, source: sourceOf(parserSide, modelSide), uncertain: p.length === 0 };
      case "homeCharging":
        // Energy priced at home rates for a buyer without a charger is the harmful mistake.
        if (p.length > 0 && m.length > 0 && !same(p, m)) return { value: false, source: "both", uncertain: true };
        return { value: p[0] ?? m[0], source: sourceOf(parserSide, modelSide), uncertain: false };
      default:
        if (wishKeyOf(field)) return extreme(parserSide, modelSide, Math.max);
        if (LIST_FIELDS.has(field)) return { value: asValue(field, union(p, m)), source: sourceOf(parserSide, modelSide), uncertain: false };
        if (p.length > 0 && m.length > 0 && !same(p, m)) return { value: undefined, source: "both", uncertain: true };
        return { value: p[0] ?? m[0], source: sourceOf(parserSide, modelSide), uncertain: false };
    }
  };

  const record = (field: ReadingField, outcome: Outcome, parserSide: Side, modelSide: Side, softenedValues: readonly Scalar[]) => {
    const values = valuesOf(outcome.value);
    const quoteFor = (value: Scalar | undefined) =>
      (value !== undefined ? (modelSide.quotes.get(key(value)) ?? parserSide.quotes.get(key(value))) : undefined) ??
      modelSide.quotes.values().next().value ??
      parserSide.quotes.values().next().value ??
      null;
    const base = {
      field,
      assumed: parserSide.assumed && outcome.source === "parser",
      uncertain: outcome.uncertain || modelSide.uncertain,
      source: outcome.source,
    };
    // A field whose readings cancelled out is still shown, as uncertain, so the buyer can settle it.
    const shown: (Scalar | undefined)[] = values.length > 0 ? (LIST_FIELDS.has(field) ? values : [undefined]) : outcome.uncertain ? [undefined] : [];
    for (const value of shown) {
      const unsure = base.uncertain || (value !== undefined && softenedValues.some((other) => key(other) === key(value)));
      provenance.set(`${field}:${value ?? ""}`, { ...base, uncertain: unsure, quote: quoteFor(value ?? values[0]), ...(value !== undefined ? { value } : {}) });
    }
  };

  const ordered = READING_FIELDS.filter(
    (field) => !Object.values(RESTRICTIONS).includes(field) && !Object.values(EXCLUSIONS).includes(field) && field !== "preferredGearbox",
  );
  const soft = READING_FIELDS.filter((field) => !ordered.includes(field));
  for (const field of [...ordered, ...soft]) {
    const [parserSide, modelSide] = sides(field);
    const extra = softened.get(field);
    if (extra) {
      modelSide.values = union(modelSide.values, extra.values);
      for (const [value, quote] of extra.quotes) modelSide.quotes.set(value, quote);
    }
    const unstated = field === "milPerYear" && !parser.usage.milPerYearStated;
    const parserRead = !unstated && valuesOf(getField(parser, field)).some((value) => rejected(field, value));
    if (parserSide.values.length === 0 && modelSide.values.length === 0) {
      if (parserRead) {
        const dropped: Outcome = { value: undefined, source: "both", uncertain: true };
        setField(merged, field, undefined);
        disagreements.push(field);
        record(field, dropped, parserSide, modelSide, []);
      }
      continue;
    }
    const decided = decide(field, parserSide, modelSide);
    const outcome = narrowed.has(field) ? { ...decided, uncertain: true } : decided;
    if (parserRead || narrowed.has(field) || (modelSide.values.length > 0 && !same(parserSide.values, modelSide.values))) disagreements.push(field);
    setField(merged, field, outcome.value);
    record(field, outcome, parserSide, modelSide, extra?.values ?? []);
  }

  for (const [preferred, avoided] of Object.entries(SOFT_OPPOSITES) as [ReadingField, ReadingField][]) {
    const both = intersection(valuesOf(getField(merged, preferred)), valuesOf(getField(merged, avoided)));
    if (both.length === 0) continue;
    setField(merged, preferred, asValue(preferred, minus(valuesOf(getField(merged, preferred)), both)));
    setField(merged, avoided, asValue(avoided, minus(valuesOf(getField(merged, avoided)), both)));
    for (const value of both) {
      provenance.delete(`${preferred}:${value}`);
      provenance.delete(`${avoided}:${value}`);
    }
  }
  // A trailer's stated total is the towing floor (no car tows more than 4 000 kg: then it stays as read).
  const total = merged.situation.trailerTotalKg;
  if (total !== undefined && total <= 4000 && (merged.hard.minTowingKg ?? 0) < total) {
    merged.hard.minTowingKg = total;
    const item = provenance.get("trailerTotalKg:");
    provenance.set("minTowingKg:", {
      field: "minTowingKg",
      quote: item?.quote ?? null,
      assumed: false,
      uncertain: item?.uncertain ?? false,
      source: item?.source ?? "model",
    });
  }
  if (merged.hard.minTowingKg !== undefined) delete merged.wishes.towing;
  if (merged.hard.awd) delete merged.wishes.awd;
  for (const item of ignoredAssumptions) if (item.field === "awd" && !merged.hard.awd) merged.wishes.awd = Math.max(merged.wishes.awd ?? 0, 0.4);
  merged.usage.winterNeeds = merged.usage.winterNeeds || merged.usage.northern;
  merged.assumptions = merged.assumptions.filter((assumption) => getField(merged, assumption.field) === assumption.value);

  applyCorrections(merged, provenance, options.corrections);
  merged.reading = { model: "used", items: [...provenance.values()] };
  return { requirements: BuyerRequirementsV2Schema.parse(merged), disagreements: [...new Set(disagreements)] };
}

/** A correction the schema rejects is ignored, not applied. */
function applyCorrections(req: BuyerRequirements, provenance: Map<string, ReadingItem>, corrections: ReadingCorrections | undefined): void {
  if (!corrections) return;
  for (const [field, value] of Object.entries(corrections) as [ReadingField, Scalar | string[] | null][]) {
    const before = structuredClone(req);
    setField(req, field, value ?? undefined);
    if (!BuyerRequirementsV2Schema.safeParse(req).success) {
      Object.assign(req, before);
      continue;
    }
    for (const id of [...provenance.keys()]) if (id.startsWith(`${field}:`) || provenance.get(id)?.field === field) provenance.delete(id);
    if (value !== null) provenance.set(`${field}:`, { field, quote: null, assumed: false, uncertain: false, source: "buyer" });
    req.assumptions = req.assumptions.filter((assumption) => assumption.field !== field);
  }
}

export function parserOnly(parser: BuyerRequirements, failure: ModelReadingFailure, corrections?: ReadingCorrections): BuyerRequirements {
  const result: BuyerRequirements = structuredClone(parser);
  const provenance = new Map(result.reading.items.map((item, index) => [`${item.field}:${item.value ?? index}`, item]));
  applyCorrections(result, provenance, corrections);
  result.reading = { model: "failed", failure, items: [...provenance.values()] };
  return result;
}

export type SettledOutcome = { status: "read"; reading: VerifiedReading } | { status: "failed"; failure: ModelReadingFailure } | null;

export function settleReading(parser: BuyerRequirements, outcome: SettledOutcome, options: MergeOptions = {}): BuyerRequirements {
  if (outcome?.status === "read") return mergeReadings(parser, outcome.reading, options).requirements;
  if (outcome?.status === "failed") return parserOnly(parser, outcome.failure, options.corrections);
  return withCorrections(parser, options.corrections);
}

/** No model reading to settle (none configured, or none yet): the parser's reading with the buyer's corrections, and no failure to report. */
export function withCorrections(parser: BuyerRequirements, corrections: ReadingCorrections | undefined): BuyerRequirements {
  const result = parserOnly(parser, "unavailable", corrections);
  const { failure: _none, ...reading } = result.reading;
  return { ...result, reading: { ...reading, model: parser.reading.model } };
}

export function sameHardRequirements(a: BuyerRequirements["hard"], b: BuyerRequirements["hard"]): boolean {
  const canonical = (hard: BuyerRequirements["hard"]) =>
    JSON.stringify(
      Object.entries(hard)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => [name, Array.isArray(value) ? [...value].sort() : value])
        .sort(([x], [y]) => String(x).localeCompare(String(y))),
    );
  return canonical(a) === canonical(b);
}

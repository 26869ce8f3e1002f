import { BODY_LABELS, BodyTypeSchema, FUEL_LABELS, MAKE_ORIGIN, MAKES, type Make, type MakeOrigin, type Size } from "#app/lib/car-facts";
import { formatMil, formatNumber, formatSek } from "#app/lib/format";
import { mileageSource } from "#app/lib/mileage-source";
import { assumedWishes } from "#app/lib/said-wishes";
import { WISH_KEYS, type BuyerRequirements, type ReadingField, type WishKey } from "#app/lib/requirements";
import { LIGHT_TRAILER_KG } from "./vocabulary.server";

export interface RequirementsSummary {
  hard: string[];
  usage: string[];
  wishes: string[];
  /** Applied like requirements but never shown as the buyer's words. */
  assumed: string[];
  /** Wishes read into the buyer's words: weighed, shown as ours. */
  assumedWishes: string[];
  /** Applied as the safer reading, shown as uncertain, never as "Krav". */
  uncertain: string[];
  /** Needs read but without a field ("massage i stolarna"): shown, never enforced; "(vägs in ovan)" when the words also made a field. */
  noted: string[];
}

export const WISH_LABELS: Record<WishKey, string> = {
  comfort: "komfort",
  economy: "låg förbrukning",
  safety: "säkerhet",
  space: "gott om plats",
  reliability: "pålitlighet",
  sporty: "roliga köregenskaper",
  highSeating: "hög sittposition",
  groundClearance: "hög markfrigång",
  lowInsurance: "låg försäkringskostnad",
  cityFriendly: "lätt att parkera",
  environment: "miljövänlig",
  cheapToBuy: "lågt inköpspris",
  awd: "fyrhjulsdrift",
  towing: "dragkrok",
  longTrips: "bekväm på långresor",
  airSuspension: "luftfjädring",
  parkingHeater: "varm bil på vintern (parkeringsvärmare)",
  quiet: "tyst kupé",
  lowRange: "lågväxel",
};

const SIZE_LABELS: Record<Size, string> = {
  mini: "minibil",
  small: "liten bil",
  compact: "kompakt",
  midsize: "mellanstor",
  large: "stor",
  xl: "mycket stor",
};

const NBSP = "\u00a0";
const STRESSED = 0.9;
/** An origin stands for its makes only with this many: "inget tjeckiskt märke" for "inte Skoda" puts words in the buyer's mouth. */
const ORIGIN_MIN_MAKES = 3;

function either(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} eller ${items.at(-1) ?? ""}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase("sv") + text.slice(1);
}

function groupMakes(makes: readonly Make[]): { origins: MakeOrigin[]; others: Make[] } {
  const origins = [...new Set(makes.map((make) => MAKE_ORIGIN[make]))].filter((origin) => {
    const all = MAKES.filter((make) => MAKE_ORIGIN[make] === origin);
    return all.length >= ORIGIN_MIN_MAKES && all.every((make) => makes.includes(make));
  });
  return { origins, others: makes.filter((make) => !origins.includes(MAKE_ORIGIN[make])) };
}

function makeLines(required: readonly Make[], excluded: readonly Make[]): string[] {
  const lines: string[] = [];
  if (required.length > 0) {
    const { origins, others } = groupMakes(required);
    const phrases = [...origins.map((origin) => `${origin}t märke`), ...others];
    lines.push(origins.length > 0 ? capitalise(either(phrases)) : `Märke: ${either(phrases)}`);
  }
  if (excluded.length > 0) {
    const { origins, others } = groupMakes(excluded);
    for (const origin of origins) lines.push(`Inget ${origin}t märke`);
    if (others.length > 0) lines.push(`Inte ${either(others)}`);
  }
  return lines;
}

function shapeLines(req: BuyerRequirements): string[] {
  const { bodyTypes, sizes } = req.hard;
  const lines: string[] = [];
  const allBodies = BodyTypeSchema.options;
  // More than half the bodies allowed means the buyer refused the rest ("ingen SUV").
  if (bodyTypes.length > allBodies.length / 2) {
    lines.push(`Inte ${either(allBodies.filter((body) => !bodyTypes.includes(body)).map((body) => BODY_LABELS[body]))}`);
  } else if (bodyTypes.length > 0) {
    lines.push(`Kaross: ${either(bodyTypes.map((body) => BODY_LABELS[body]))}`);
  }
  const small = sizes.length === 2 && sizes.includes("mini") && sizes.includes("small");
  if (small) lines.push("Småbil");
  else if (sizes.length === 4 && !sizes.includes("mini") && !sizes.includes("small")) lines.push("Inte småbil");
  else if (sizes.length > 0) lines.push(`Storlek: ${either(sizes.map((size) => SIZE_LABELS[size]))}`);
  return lines;
}

/** A towbar without a weight asks for the light trailer's 750 kg: the line says what that figure is, unless the buyer set it. */
function towingLine(kg: number, byBuyer: boolean): string {
  const weight = `${formatNumber(kg)}${NBSP}kg`;
  return kg === LIGHT_TRAILER_KG && !byBuyer ? `Dragkrok (godkänd för släp, minst ${weight})` : `Dragvikt minst ${weight}`;
}

const BY_BUYER = "ändrat av dig";
const correctedFields = (req: BuyerRequirements) => new Set(req.reading.items.filter((item) => item.source === "buyer").map((item) => item.field));
const marked = (text: string, corrected: boolean) => (corrected ? `${text} (${BY_BUYER})` : text);

type Line = { field: ReadingField | null; text: string };

function hardLines(req: BuyerRequirements): Line[] {
  const hard = req.hard;
  const lines: Line[] = [
    { field: null, text: `Maxpris ${formatSek(hard.maxPrice)}` },
    ...shapeLines(req).map((text) => ({ field: "bodyTypes" as const, text })),
  ];
  const add = (field: ReadingField, text: string) => lines.push({ field, text });
  if (hard.minSeats !== undefined) {
    const adults = hard.adultThirdRow && hard.minSeats > 5 ? ", vuxna får plats i tredje raden" : "";
    add("minSeats", `Minst ${hard.minSeats} säten${adults}`);
  }
  if (hard.awd) add("awd", "Fyrhjulsdrift");
  const towingAssumed = req.assumptions.some((assumption) => assumption.field === "minTowingKg");
  if (hard.minTowingKg !== undefined && !towingAssumed) add("minTowingKg", towingLine(hard.minTowingKg, correctedFields(req).has("minTowingKg")));
  if (hard.allowedFuels.length > 0) add("allowedFuels", `Drivmedel: ${either(hard.allowedFuels.map((fuel) => FUEL_LABELS[fuel]))}`);
  // "Inte el" reads as no electricity at all; the buyer said "ingen elbil".
  if (hard.excludedFuels.length > 0) add("excludedFuels", `Inte ${either(hard.excludedFuels.map((fuel) => (fuel === "el" ? "elbil" : FUEL_LABELS[fuel])))}`);
  if (hard.minRangeKm !== undefined) add("minRangeKm", `Räckvidd minst ${formatMil(Math.round(hard.minRangeKm / 10))}`);
  if (hard.gearbox !== undefined) add("gearbox", hard.gearbox === "automat" ? "Automatlåda" : "Manuell växellåda");
  for (const text of makeLines(hard.requiredMakes, [])) add("requiredMakes", text);
  for (const text of makeLines([], hard.excludedMakes)) add("excludedMakes", text);
  if (hard.minModelYear !== undefined) add("minModelYear", `Årsmodell ${hard.minModelYear} eller nyare`);
  if (hard.minPowerHp !== undefined) add("minPowerHp", `Minst ${formatNumber(hard.minPowerHp)}${NBSP}hk`);
  if (hard.maxOdometerMil !== undefined) add("maxOdometerMil", `Högst ${formatMil(hard.maxOdometerMil)} på mätaren`);
  return lines;
}

function usageLines(req: BuyerRequirements, description: string | undefined): Line[] {
  const usage = req.usage;
  // A figure the buyer corrected is theirs: what it was once worked out from no longer applies.
  const corrected = correctedFields(req).has("milPerYear");
  const source = corrected ? BY_BUYER : !usage.milPerYearStated ? "antaget" : description === undefined ? "som du skrev" : mileageSource(description, true);
  const lines: Line[] = [{ field: "milPerYear", text: `${formatMil(usage.milPerYear)} per år (${source})` }];
  if (usage.driverAge !== undefined) lines.push({ field: "driverAge", text: `Förare ${usage.driverAge} år` });
  if (usage.northern) lines.push({ field: "northern", text: "Norrland/vinter" });
  else if (usage.winterNeeds) lines.push({ field: "winterNeeds", text: "Vinterväglag" });
  if (usage.area !== undefined) lines.push({ field: null, text: usage.area === "storstad" ? "Storstad" : "Landsbygd" });
  // Where the buyer charges decides an electric car's running cost: said either way, the panel shows it.
  if (req.situation.homeCharging !== undefined)
    lines.push({ field: "homeCharging", text: req.situation.homeCharging ? "Kan ladda hemma" : "Kan inte ladda hemma" });
  return lines;
}

function wishLines(req: BuyerRequirements): string[] {
  const corrected = correctedFields(req);
  const label = (key: WishKey) => marked(WISH_LABELS[key], corrected.has(`wish.${key}`));
  const assumed = assumedWishes(req);
  const weighed = WISH_KEYS.flatMap((key) => {
    const weight = req.wishes[key];
    return weight === undefined || weight <= 0 || assumed.has(key) ? [] : [{ key, weight }];
  }).sort((a, b) => b.weight - a.weight);
  const lines: string[] = [];
  const stressed = weighed.filter((wish) => wish.weight >= STRESSED).map((wish) => label(wish.key));
  const plain = weighed.filter((wish) => wish.weight < STRESSED).map((wish) => label(wish.key));
  if (stressed.length > 0) lines.push(`Viktigt: ${stressed.join(", ")}`);
  if (plain.length > 0) lines.push(`Gärna: ${plain.join(", ")}`);
  const add = (field: ReadingField, text: string) => lines.push(marked(text, corrected.has(field)));
  if (req.preferredFuels.length > 0) add("preferredFuels", `Gärna drivmedel: ${req.preferredFuels.map((fuel) => FUEL_LABELS[fuel]).join(", ")}`);
  if (req.preferredMakes.length > 0) add("preferredMakes", `Gärna märke: ${req.preferredMakes.join(", ")}`);
  if (req.preferredBodyTypes.length > 0) add("preferredBodyTypes", `Gärna kaross: ${req.preferredBodyTypes.map((body) => BODY_LABELS[body]).join(", ")}`);
  if (req.preferredGearbox !== undefined) add("preferredGearbox", req.preferredGearbox === "automat" ? "Gärna automat" : "Gärna manuell växellåda");
  ratherLines(req, add);
  return lines;
}

function ratherLines(req: BuyerRequirements, add: (field: ReadingField, text: string) => void): void {
  if (req.avoidedFuels.length > 0) add("avoidedFuels", `Helst inte ${either(req.avoidedFuels.map((fuel) => (fuel === "el" ? "elbil" : FUEL_LABELS[fuel])))}`);
  if (req.avoidedMakes.length > 0) {
    const { origins, others } = groupMakes(req.avoidedMakes);
    for (const origin of origins) add("avoidedMakes", `Helst inget ${origin}t märke`);
    if (others.length > 0) add("avoidedMakes", `Helst inte ${either(others)}`);
  }
  if (req.preferredMinModelYear !== undefined) add("preferredMinModelYear", `Helst årsmodell ${req.preferredMinModelYear} eller nyare`);
  // "på mätaren", or "Helst under 15 000 mil" reads as yearly driving.
  if (req.preferredMaxOdometerMil !== undefined) add("preferredMaxOdometerMil", `Helst under ${formatMil(req.preferredMaxOdometerMil)} på mätaren`);
}

function and(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} och ${items.at(-1) ?? ""}`;
}

function assumedLines(req: BuyerRequirements): string[] {
  return req.assumptions.map((assumption) => `Dragvikt minst ${formatNumber(assumption.value)}${NBSP}kg – vi antog det för "${assumption.quote}"`);
}

function assumedWishLines(req: BuyerRequirements): string[] {
  const byWords = new Map<string, string[]>();
  for (const [key, quote] of assumedWishes(req)) byWords.set(quote, [...(byWords.get(quote) ?? []), WISH_LABELS[key]]);
  return [...byWords].map(([quote, labels]) => `${capitalise(and(labels))} – vi antog det för "${quote}"`);
}

function uncertainFields(req: BuyerRequirements): Set<ReadingField> {
  const settled = new Set(req.reading.items.filter((item) => item.source === "buyer").map((item) => item.field));
  return new Set(req.reading.items.filter((item) => item.uncertain && !settled.has(item.field)).map((item) => item.field));
}

/** `description` lets a mileage given per day be quoted rather than claimed as the buyer's per year. */
export function summariseRequirements(req: BuyerRequirements, description?: string): RequirementsSummary {
  const unsure = uncertainFields(req);
  const sure = (line: Line) => line.field === null || !unsure.has(line.field);
  const corrected = correctedFields(req);
  const mark = (line: Line): Line => ({ ...line, text: marked(line.text, line.field !== null && line.field !== "milPerYear" && corrected.has(line.field)) });
  const hard = hardLines(req).map(mark);
  const usage = usageLines(req, description).map(mark);
  const lines = [...hard, ...usage];
  return {
    hard: hard.filter(sure).map((line) => line.text),
    usage: usage.filter(sure).map((line) => line.text),
    wishes: wishLines(req),
    assumed: assumedLines(req),
    assumedWishes: assumedWishLines(req),
    uncertain: lines.filter((line) => !sure(line)).map((line) => line.text),
    noted: req.noted.map((item) => (item.steers ? `${item.text} (vägs in ovan)` : item.text)),
  };
}

import commonModelsAdded from "./data/common-models-added.json" with { type: "json" };
import electricPremiumSports from "./data/electric-premium-sports.json" with { type: "json" };
import midsizeAndEstates from "./data/midsize-and-estates.json" with { type: "json" };
import olderAndNewestGenerations from "./data/older-and-newest-generations.json" with { type: "json" };
import performanceAndSports from "./data/performance-and-sports.json" with { type: "json" };
import smallAndCompact from "./data/small-and-compact.json" with { type: "json" };
import suvMpvVanPickup from "./data/suv-mpv-van-pickup.json" with { type: "json" };
import tallSmallBudgetAndTrade from "./data/tall-small-budget-and-trade.json" with { type: "json" };
import vansTowingAndLargeSuv from "./data/vans-towing-and-large-suv.json" with { type: "json" };
import { CATALOGUE_REFERENCE_YEAR, type Variant } from "./variant.server";
import { makeLabel } from "#app/lib/car-facts";

export const CATALOGUE_DATA: readonly unknown[] = [
  ...smallAndCompact,
  ...midsizeAndEstates,
  ...suvMpvVanPickup,
  ...electricPremiumSports,
  ...performanceAndSports,
  ...vansTowingAndLargeSuv,
  ...commonModelsAdded,
  ...olderAndNewestGenerations,
  ...tallSmallBudgetAndTrade,
];

/** Not parsed here: the catalogue test validates it once and proves parsing changes nothing (1.2–1.5 s per cold start). */
export const CATALOGUE = CATALOGUE_DATA as readonly Variant[];

const BY_ID = new Map(CATALOGUE.map((variant) => [variant.id, variant]));

export function getVariant(id: string): Variant | undefined {
  return BY_ID.get(id);
}

/** "V60 T8 Twin Engine AWD"; a name that already starts with the model ("EQC 400 4MATIC") is not doubled. */
// A model named by a figure ("2", "6") keeps its make, or a sentence opens "2 1.5 Skyactiv-G …".
export function variantShortName(variant: Variant): string {
  const short = variant.name.toLowerCase().startsWith(`${variant.model.toLowerCase()} `) ? variant.name : `${variant.model} ${variant.name}`;
  return /^\d/u.test(short) ? `${makeLabel(variant.make)} ${short}` : short;
}

export function variantDisplayName(variant: Variant): string {
  const short = variantShortName(variant);
  const make = makeLabel(variant.make);
  return short.startsWith(`${make} `) ? short : `${make} ${short}`;
}

const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];

/** Data files name generations their own way ("Mk7", "VII", "I (facelift)"): only the leading code counts. */
export function generationKey(variant: Variant): string {
  const head = variant.generation.split(/[\s(]/)[0] ?? variant.generation;
  const mk = /^Mk(\d+)$/i.exec(head);
  const code = mk ? (ROMAN[Number(mk[1])] ?? head) : head;
  return `${variant.make}|${variant.model}|${code}`;
}

export function priceForYear(variant: Variant, year: number): number | null {
  const [from, to] = variant.years;
  if (year < from || year > to) return null;
  const anchors = variant.prices;
  for (let i = 0; i < anchors.length; i++) {
    const anchor = anchors[i];
    if (!anchor || year > anchor[0]) continue;
    const previous = anchors[i - 1];
    if (year === anchor[0] || !previous) return anchor[1];
    return Math.round(previous[1] + ((anchor[1] - previous[1]) * (year - previous[0])) / (anchor[0] - previous[0]));
  }
  return anchors.at(-1)?.[1] ?? null;
}

export function cheapestPrice(variant: Variant, minYear = 0): number | null {
  const year = Math.max(variant.years[0], minYear);
  return priceForYear(variant, year);
}

export { CATALOGUE_REFERENCE_YEAR };

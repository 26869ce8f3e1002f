import { CATALOGUE, generationKey } from "#app/server/cars/catalogue.server";
import { UNVERIFIED_FIELDS, type Variant } from "#app/server/cars/variant.server";
import type { Term } from "./intent.server";

// A short fault list is as often a model nobody wrote much about as a sound one; the scale and its reasons: docs/advice-quality.md.

const FULL_FACTS = 5;
const FULL_FLEET = 200;
const CHECKED_WEIGHT = 1;

type Segment = Variant["size"];
type Evidence = { facts: number; fleet: number; checked: number; weight: number };
type Tables = { evidence: Map<string, Omit<Evidence, "checked" | "weight">>; prior: Map<Segment, number> };

const tables = new WeakMap<readonly Variant[], Tables>();

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 70 : sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function tablesFor(catalogue: readonly Variant[]): Tables {
  const cached = tables.get(catalogue);
  if (cached) return cached;
  const facts = new Map<string, Set<string>>();
  const fleet = new Map<string, number>();
  const bySegment = new Map<Segment, number[]>();
  for (const variant of catalogue) {
    const key = generationKey(variant);
    const sentences = facts.get(key) ?? new Set<string>();
    for (const flaw of variant.knownFlaws) sentences.add(typeof flaw === "string" ? flaw : flaw.text);
    for (const note of variant.reliabilityNotes) sentences.add(note);
    facts.set(key, sentences);
    fleet.set(key, (fleet.get(key) ?? 0) + variant.marketPresence);
    bySegment.set(variant.size, [...(bySegment.get(variant.size) ?? []), variant.reliability]);
  }
  const evidence = new Map([...facts].map(([key, sentences]) => [key, { facts: sentences.size, fleet: fleet.get(key) ?? 0 }]));
  const prior = new Map([...bySegment].map(([segment, ratings]) => [segment, median(ratings)]));
  const built = { evidence, prior };
  tables.set(catalogue, built);
  return built;
}

export function reliabilityEvidence(variant: Variant, catalogue: readonly Variant[] = CATALOGUE): Evidence {
  const found = tablesFor(catalogue).evidence.get(generationKey(variant)) ?? { facts: 0, fleet: 0 };
  const checked = 1 - (variant.unverified?.length ?? 0) / UNVERIFIED_FIELDS.length;
  const weight = (Math.min(1, found.facts / FULL_FACTS) + Math.min(1, found.fleet / FULL_FLEET) + CHECKED_WEIGHT * checked) / (2 + CHECKED_WEIGHT);
  return { ...found, checked, weight: Math.round(weight * 100) / 100 };
}

function segmentPrior(variant: Variant, catalogue: readonly Variant[] = CATALOGUE): number {
  return tablesFor(catalogue).prior.get(variant.size) ?? 70;
}

/** The rating the ranking weighs: shrunk towards the segment's median as far as the evidence is thin; the card still shows the catalogue's. */
export function judgedReliability(variant: Variant, catalogue: readonly Variant[] = CATALOGUE): number {
  const prior = segmentPrior(variant, catalogue);
  const { weight } = reliabilityEvidence(variant, catalogue);
  return Math.round((prior + weight * (variant.reliability - prior)) * 10) / 10;
}

// Log scale from the rarest tenth of generations (40 ads at once) to the commonest (3 000); the weight fitted held out (docs/advice-quality.md).
const RARE_FLEET = 40;
const COMMON_FLEET = 3000;
const PRESENCE_WEIGHT = 1.25;

/** How common the generation is on the used market, 0 (rarest tenth) to 100 (commonest). */
export function presenceFit(variant: Variant, catalogue: readonly Variant[] = CATALOGUE): number {
  const fleet = Math.max(1, tablesFor(catalogue).evidence.get(generationKey(variant))?.fleet ?? 0);
  const fit = (Math.log(fleet / RARE_FLEET) / Math.log(COMMON_FLEET / RARE_FLEET)) * 100;
  return Math.round(Math.min(100, Math.max(0, fit)));
}

/** Advisers name cars that fill the market (choice, parts, faults known from many); the credit goes as far as the car has the equipment wished for. */
export function presenceTerm(variant: Variant, statedWishFits: readonly number[], catalogue: readonly Variant[] = CATALOGUE): Term {
  const met = statedWishFits.length > 0 ? Math.min(...statedWishFits) / 100 : 1;
  return { value: Math.round(presenceFit(variant, catalogue) * met * 10) / 10, weight: PRESENCE_WEIGHT };
}

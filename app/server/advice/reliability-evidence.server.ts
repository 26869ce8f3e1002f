import { CATALOGUE, generationKey } from "#app/server/cars/catalogue.server";
import { UNVERIFIED_FIELDS, type Variant } from "#app/server/cars/variant.server";

// How much stands behind a generation's reliability rating and fault list; the scale is in docs/advice-quality.md.
// A short fault list is as often a model nobody has written much about as a model with little wrong with it,
// so the ranking judges a thinly documented generation by what its segment usually manages.

/** Distinct fault and reliability sentences a well-described generation carries across its engines (three faults and two notes). */
const FULL_FACTS = 5;
/** Ads at once on Blocket: below this a model is rare, and defect statistics (Bilprovningen, TÜV) rest on few cars. */
const FULL_FLEET = 200;
/** A rating remembered rather than looked up comes with figures remembered rather than looked up: the checked share counts twice. */
const CHECKED_WEIGHT = 2;
/** A generation this well documented sets its segment's typical fault. */
const DOCUMENTED = 0.8;

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

/** 0–1: the generation's distinct fault facts, its fleet, and (twice) the share of the variant's figures checked against a source. */
export function reliabilityEvidence(variant: Variant, catalogue: readonly Variant[] = CATALOGUE): Evidence {
  const found = tablesFor(catalogue).evidence.get(generationKey(variant)) ?? { facts: 0, fleet: 0 };
  const checked = 1 - (variant.unverified?.length ?? 0) / UNVERIFIED_FIELDS.length;
  const weight = (Math.min(1, found.facts / FULL_FACTS) + Math.min(1, found.fleet / FULL_FLEET) + CHECKED_WEIGHT * checked) / (2 + CHECKED_WEIGHT);
  return { ...found, checked, weight: Math.round(weight * 100) / 100 };
}

/** The median rating of the catalogue's cars of the same size: what a car of that segment usually manages. */
export function segmentPrior(variant: Variant, catalogue: readonly Variant[] = CATALOGUE): number {
  return tablesFor(catalogue).prior.get(variant.size) ?? 70;
}

/** The rating the ranking weighs: shrunk towards the segment's median as far as the evidence is thin; the card still shows the catalogue's. */
export function judgedReliability(variant: Variant, catalogue: readonly Variant[] = CATALOGUE): number {
  const prior = segmentPrior(variant, catalogue);
  const { weight } = reliabilityEvidence(variant, catalogue);
  return Math.round((prior + weight * (variant.reliability - prior)) * 10) / 10;
}

/** A thin fault list hides faults rather than lacks them: the worst known fault is raised towards the segment's usual worst by the missing evidence. */
export function judgedWorstFault(worst: number, typicalWorst: number, variant: Variant, catalogue: readonly Variant[] = CATALOGUE): number {
  const { weight } = reliabilityEvidence(variant, catalogue);
  return worst + (1 - weight) * Math.max(0, typicalWorst - worst);
}

export const WELL_DOCUMENTED = DOCUMENTED;

import type { HardRequirements } from "#app/lib/requirements";
import type { Modality } from "./contracts.server";
import type { Match } from "./match.server";
import type { Marker } from "./markers.server";
import type { Token } from "./tokenize.server";
import SHIPPED from "./tagger-model.json" with { type: "json" };

// Decision 018's approach C: a development-trained tagger that may take a hard reading back (to soft, allowed or context), never make one.

export const TAGGER_CLASSES = ["must", "prefer", "indifferent", "avoid", "exclude", "context", "none"] as const;
export type TaggerClass = (typeof TAGGER_CLASSES)[number];

export interface TaggerModel {
  classes: readonly string[];
  weights: Record<string, readonly number[]>;
  bias: readonly number[];
  threshold: number;
  kinds: readonly string[];
}

export interface Mention {
  tokens: readonly Token[];
  markers: readonly Match<Marker>[];
  start: number;
  end: number;
  concepts: readonly Match<unknown>[];
  quantities: readonly { index: number }[];
}

/** Concepts that can become hard requirements; wishes (comfort, economy, …) are weights and stay the rules' alone. */
const HARD_KINDS = new Set(["fuel", "body", "size", "make", "origin", "awd", "gearbox", "thirdRow", "towing"]);

function canBeHard(mention: Mention): boolean {
  const kindOf = (match: Match<unknown>) => (match.meaning as { kind?: string } | null)?.kind ?? "";
  return (
    mention.quantities.some((quantity) => quantity.index >= mention.start && quantity.index < mention.end) ||
    mention.concepts.some((match) => match.start >= mention.start && match.end <= mention.end && HARD_KINDS.has(kindOf(match)))
  );
}

const WINDOW = 4;

function ruleClass(modality: Modality): TaggerClass {
  if (modality.ownership || modality.reported) return "context";
  if (modality.indifferent || modality.acceptable) return "indifferent";
  if (modality.negated) return modality.hedged ? "avoid" : "exclude";
  return modality.hedged || modality.comparison ? "prefer" : "must";
}

function grams(word: string): string[] {
  const padded = `<${word}>`;
  const out: string[] = [];
  for (let at = 0; at + 3 <= padded.length; at++) out.push(padded.slice(at, at + 3));
  return out;
}

/** Sparse binary features of one mention: words around it by side and distance, their trigrams, the rules' markers and class. */
export function mentionFeatures(mention: Mention, rule: TaggerClass): string[] {
  const { tokens, markers, start, end } = mention;
  const features = new Set<string>([`rule:${rule}`]);
  for (const [index, token] of tokens.entries()) {
    const word = token.folded;
    if (index >= start && index < end) {
      features.add(`m:${word}`);
      continue;
    }
    const before = index < start;
    const distance = before ? start - index : index - end + 1;
    const side = before ? "L" : "R";
    features.add(`b:${word}`);
    if (distance === 1) features.add(`${side}1:${word}`);
    if (distance <= WINDOW) {
      features.add(`${side}:${word}`);
      for (const gram of grams(word)) features.add(`${side}c:${gram}`);
    }
  }
  for (const marker of markers) {
    const side = marker.end <= start ? "L" : marker.start >= end ? "R" : "M";
    features.add(`k${side}:${marker.meaning.marker}`);
  }
  if (start === 0) features.add("first");
  if (end >= tokens.length) features.add("last");
  return [...features];
}

export function classify(model: TaggerModel, features: readonly string[]): number[] {
  const scores = model.bias.map((value) => value / 100);
  for (const feature of features) {
    const row = model.weights[feature];
    if (row === undefined) continue;
    for (let index = 0; index < scores.length; index++) scores[index]! += (row[index] ?? 0) / 100;
  }
  const top = Math.max(...scores);
  const exp = scores.map((score) => Math.exp(score - top));
  const sum = exp.reduce((total, value) => total + value, 0);
  return exp.map((value) => value / sum);
}

let active: TaggerModel = SHIPPED;
let probe: ((mention: Mention, rule: TaggerClass) => void) | undefined;

/** The training script's cross-validation reads a fold with the model trained without it, and records every mention the rules weigh. */
export function withTagger<T>(model: TaggerModel, run: () => T, observe?: (mention: Mention, rule: TaggerClass) => void): T {
  const [previousModel, previousProbe] = [active, probe];
  active = model;
  probe = observe;
  try {
    return run();
  } finally {
    active = previousModel;
    probe = previousProbe;
  }
}

export function taggerVeto(model: TaggerModel, mention: Mention, rule: TaggerClass): "prefer" | "indifferent" | "avoid" | "context" | undefined {
  if (rule !== "must" && rule !== "exclude") return undefined;
  const probabilities = classify(model, mentionFeatures(mention, rule));
  const of = (name: TaggerClass) => probabilities[model.classes.indexOf(name)] ?? 0;
  const hard = of("must") + of("exclude");
  if (1 - hard < model.threshold) return undefined;
  const soft = (["context", "indifferent", "prefer", "avoid"] as const).map((name) => [name, of(name)] as const).sort((a, b) => b[1] - a[1])[0]!;
  // A refusal read as wanted, or a want read as refused, is no leaning: the thing is left allowed.
  if (rule === "exclude" && soft[0] === "prefer") return model.kinds.includes("indifferent") ? "indifferent" : undefined;
  const veto = rule === "must" && soft[0] === "avoid" ? "indifferent" : soft[0];
  return model.kinds.includes(veto) ? veto : undefined;
}

export function vetoed<M extends Modality>(modality: M, mention: Mention): M {
  if (!canBeHard(mention)) return modality;
  const rule = ruleClass(modality);
  probe?.(mention, rule);
  const veto = taggerVeto(active, mention, rule);
  if (veto === undefined) return modality;
  fired++;
  if (veto === "context") return { ...modality, ownership: true, required: false };
  if (veto === "indifferent") return { ...modality, indifferent: true, required: false, stressed: false };
  return { ...modality, hedged: true, required: false, stressed: false };
}

let fired = 0;

const ALLOW_LISTS = ["bodyTypes", "sizes", "allowedFuels", "requiredMakes"] as const;
const EXCLUDE_LISTS = ["excludedFuels", "excludedMakes"] as const;
const MINIMUMS = ["minSeats", "minTowingKg", "minRangeKm", "minModelYear", "minPowerHp"] as const;
const FLAGS = ["awd", "adultThirdRow"] as const;

/** Each hard field of the tagged reading, unless it is stricter than the rules' reading: then the rules'. */
export function noStricter(tagged: HardRequirements, rules: HardRequirements): HardRequirements {
  const out: HardRequirements = { ...tagged };
  const within = <T>(small: readonly T[], large: readonly T[]) => small.every((value) => large.includes(value));
  for (const field of ALLOW_LISTS) {
    const [mine, theirs] = [tagged[field] as readonly string[], rules[field] as readonly string[]];
    if (!(mine.length === 0 || (theirs.length > 0 && within(theirs, mine)))) (out as Record<string, unknown>)[field] = rules[field];
  }
  for (const field of EXCLUDE_LISTS) if (!within(tagged[field] as readonly string[], rules[field])) (out as Record<string, unknown>)[field] = rules[field];
  for (const field of MINIMUMS) {
    const [mine, theirs] = [tagged[field], rules[field]];
    if (mine !== undefined && (theirs === undefined || mine > theirs)) out[field] = theirs;
  }
  if (tagged.maxOdometerMil !== undefined && (rules.maxOdometerMil === undefined || tagged.maxOdometerMil < rules.maxOdometerMil))
    out.maxOdometerMil = rules.maxOdometerMil;
  if (tagged.gearbox !== undefined && tagged.gearbox !== rules.gearbox) out.gearbox = rules.gearbox;
  for (const field of FLAGS) if (tagged[field] && !rules[field]) out[field] = false;
  out.maxPrice = rules.maxPrice;
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined)) as HardRequirements;
}

export const TAGGER_OFF: TaggerModel = { classes: TAGGER_CLASSES, weights: {}, bias: TAGGER_CLASSES.map(() => 0), threshold: 2, kinds: [] };

// Taking a refusal back can let another requirement through ("behöver ingen dragkrok" beside a caravan): held to the rules' reading.
export function guardedByRules<R extends { hard: HardRequirements }>(read: () => R): R {
  const before = fired;
  const tagged = read();
  if (fired === before) return tagged;
  const rules = withTagger(TAGGER_OFF, read, probe);
  return { ...tagged, hard: noStricter(tagged.hard, rules.hard) };
}

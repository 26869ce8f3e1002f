import { formatSek, roundTo } from "#app/lib/format";
import { upperMedian } from "#app/lib/statistics";
import type { Candidate, Ratings } from "./candidates.server";

// A rating or the cost is a pro or a con by its place in the list and on the all-car scale, the same on every card.

const STRENGTH_FLOOR = 65;

function listMedian(peers: readonly Candidate[], key: keyof Ratings): number {
  const sorted = peers.map((peer) => peer.ratings[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function strongInList(c: Candidate, peers: readonly Candidate[], key: keyof Ratings): boolean {
  const value = c.ratings[key];
  if (value < STRENGTH_FLOOR) return false;
  const list = peers.some((peer) => peer.variant.id === c.variant.id) ? peers : [...peers, c];
  return list.length < 3 || value >= listMedian(list, key);
}

/** The month's cost against the list's mean, rounded as the deep dive's comparison rounds it (to 100 kr). */
export function aheadOfMost(c: Candidate, peers: readonly Candidate[], key: keyof Ratings): boolean {
  const others = peers.filter((peer) => peer.variant.id !== c.variant.id).map((peer) => peer.ratings[key]);
  const value = c.ratings[key];
  if (others.length < 2 || others.filter((other) => other < value).length * 2 <= others.length) return false;
  return strongInList(c, peers, key) || others.every((other) => other < value);
}

function monthlyGapToMean(c: Candidate, peers: readonly Candidate[]): number | null {
  const list = peers.some((peer) => peer.variant.id === c.variant.id) ? peers : [...peers, c];
  if (list.length < 3) return null;
  const mean = list.reduce((sum, peer) => sum + peer.costs.total, 0) / list.length;
  return Math.sign(c.costs.total - mean) * Math.round(Math.abs(c.costs.total - mean) / 12 / 100) * 100;
}

export const costIsPro = (c: Candidate, peers: readonly Candidate[]) => {
  const gap = monthlyGapToMean(c, peers);
  return c.ratings.economy >= 60 && (gap === null || gap < 0);
};

export const costIsCon = (c: Candidate, peers: readonly Candidate[]) => {
  const gap = monthlyGapToMean(c, peers);
  return gap === null || gap >= 0;
};

export const cheapestToOwn = (c: Candidate, peers: readonly Candidate[]) =>
  peers.length >= 3 && peers.every((peer) => peer.variant.id === c.variant.id || peer.costs.total > c.costs.total);

const ITEMS = {
  tax: { word: "skatten", lower: "lägre", higher: "högre" },
  insurance: { word: "försäkringen", lower: "billigare", higher: "dyrare" },
  fuel: { word: "drivmedlet", lower: "billigare", higher: "dyrare" },
  maintenance: { word: "service och däck", lower: "billigare", higher: "dyrare" },
} as const;
type Item = keyof typeof ITEMS;

function itemAgainstList(c: Candidate, peers: readonly Candidate[], side: "lower" | "higher"): { item: Item; gap: number } | null {
  const others = peers.filter((peer) => peer.variant.id !== c.variant.id);
  if (others.length < 2) return null;
  const median = (item: Item) => upperMedian(others.map((peer) => peer.costs[item]))!;
  const gaps = (Object.keys(ITEMS) as Item[]).map((item) => ({ item, gap: side === "lower" ? median(item) - c.costs[item] : c.costs[item] - median(item) }));
  return gaps.filter((entry) => entry.gap >= 300).sort((a, b) => b.gap - a.gap)[0] ?? null;
}

const sek = (amount: number) => formatSek(roundTo(amount, 100));

function itemSentence(c: Candidate, peers: readonly Candidate[], name: string, side: "lower" | "higher"): string | null {
  const found = itemAgainstList(c, peers, side);
  if (!found) return null;
  const verb = found.item === "maintenance" ? "kostar" : "är";
  return `För ${name} ${verb} ${ITEMS[found.item].word} ${ITEMS[found.item][side]} än för de flesta av förslagen, cirka ${sek(c.costs[found.item])} om året.`;
}

export const cheaperItem = (c: Candidate, peers: readonly Candidate[], name: string) => itemSentence(c, peers, name, "lower");
export const dearerItem = (c: Candidate, peers: readonly Candidate[], name: string) => itemSentence(c, peers, name, "higher");

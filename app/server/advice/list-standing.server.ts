import { formatSek, roundTo } from "#app/lib/format";
import type { Candidate, Ratings } from "./candidates.server";

// Whether a rating or the cost is a pro or a con follows its place in this list and on the all-car scale,
// the same way on every card: a reliability of 80 is never a strength on one card and a weakness on the next.

/** Under this a rating is a weakness whatever the other cars score. */
const STRENGTH_FLOOR = 65;

/** The list's middle value of one rating, the upper one of an even count; every card of the list gets the same. */
function listMedian(peers: readonly Candidate[], key: keyof Ratings): number {
  const sorted = peers.map((peer) => peer.ratings[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A strength: at least 65 on the all-car scale and at least the list's middle value. */
export function strongInList(c: Candidate, peers: readonly Candidate[], key: keyof Ratings): boolean {
  const value = c.ratings[key];
  if (value < STRENGTH_FLOOR) return false;
  const list = peers.some((peer) => peer.variant.id === c.variant.id) ? peers : [...peers, c];
  return list.length < 3 || value >= listMedian(list, key);
}

/** The month's cost against the list's mean, rounded as the deep dive's comparison rounds it (to 100 kr). */
export function monthlyGapToMean(c: Candidate, peers: readonly Candidate[]): number | null {
  const list = peers.some((peer) => peer.variant.id === c.variant.id) ? peers : [...peers, c];
  if (list.length < 3) return null;
  const mean = list.reduce((sum, peer) => sum + peer.costs.total, 0) / list.length;
  return Math.sign(c.costs.total - mean) * Math.round(Math.abs(c.costs.total - mean) / 12 / 100) * 100;
}

/** The cost is a pro only on a card the comparison calls cheaper than the mean (or, alone, with a good rating). */
export const costIsPro = (c: Candidate, peers: readonly Candidate[]) => {
  const gap = monthlyGapToMean(c, peers);
  return c.ratings.economy >= 60 && (gap === null || gap < 0);
};

/** The cost is a con only on a card the comparison does not call cheaper than the mean. */
export const costIsCon = (c: Candidate, peers: readonly Candidate[]) => {
  const gap = monthlyGapToMean(c, peers);
  return gap === null || gap >= 0;
};

/** Whether the card is the cheapest of the list to own. */
export const cheapestToOwn = (c: Candidate, peers: readonly Candidate[]) =>
  peers.length >= 3 && peers.every((peer) => peer.variant.id === c.variant.id || peer.costs.total > c.costs.total);

const ITEMS = {
  tax: { word: "skatten", lower: "lägre", higher: "högre" },
  insurance: { word: "försäkringen", lower: "billigare", higher: "dyrare" },
  fuel: { word: "drivmedlet", lower: "billigare", higher: "dyrare" },
  maintenance: { word: "service och däck", lower: "billigare", higher: "dyrare" },
} as const;
type Item = keyof typeof ITEMS;

/** The yearly cost item where the card stands furthest from the other suggestions' median, on the side asked for. */
function itemAgainstList(c: Candidate, peers: readonly Candidate[], side: "lower" | "higher"): { item: Item; gap: number } | null {
  const others = peers.filter((peer) => peer.variant.id !== c.variant.id);
  if (others.length < 2) return null;
  const median = (item: Item) => {
    const sorted = others.map((peer) => peer.costs[item]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const gaps = (Object.keys(ITEMS) as Item[]).map((item) => ({ item, gap: side === "lower" ? median(item) - c.costs[item] : c.costs[item] - median(item) }));
  // Under 300 kr a year is no difference a buyer notices.
  return gaps.filter((entry) => entry.gap >= 300).sort((a, b) => b.gap - a.gap)[0] ?? null;
}

const sek = (amount: number) => formatSek(roundTo(amount, 100));

/** A pro from the list's own figures: the yearly cost item where the car is cheaper than most of the suggestions. */
export function cheaperItem(c: Candidate, peers: readonly Candidate[], name: string): string | null {
  const found = itemAgainstList(c, peers, "lower");
  if (!found) return null;
  const { word, lower } = ITEMS[found.item];
  const verb = found.item === "maintenance" ? "kostar" : "är";
  return `För ${name} ${verb} ${word} ${lower} än för de flesta av förslagen, cirka ${sek(c.costs[found.item])} om året.`;
}

/** A con from the list's own figures: the yearly cost item where the car is dearer than most of the suggestions. */
export function dearerItem(c: Candidate, peers: readonly Candidate[], name: string): string | null {
  const found = itemAgainstList(c, peers, "higher");
  if (!found) return null;
  const { word, higher } = ITEMS[found.item];
  const verb = found.item === "maintenance" ? "kostar" : "är";
  return `För ${name} ${verb} ${word} ${higher} än för de flesta av förslagen, cirka ${sek(c.costs[found.item])} om året.`;
}

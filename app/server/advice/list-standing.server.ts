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

import { CATEGORIES, type GoldWish } from "./corpus";

/**
 * The one split of the blind corpus into development and holdout. It ran once (scripts/
 * split-advice-corpus.ts) and its output is committed; the code stays so anyone can check that
 * the committed files are what this seed gives, and nobody picks a friendlier holdout by hand.
 * Stratified: the same number of holdout wishes from every category.
 */
export const SPLIT_SEED = 20_261_127;
/** 14 of each category's 40: 210 holdout wishes, 390 for development. */
export const HOLDOUT_PER_CATEGORY = 14;

/** mulberry32: a small seeded generator, so the split does not depend on Math.random or a package. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffle<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export type Split = { development: GoldWish[]; holdout: GoldWish[] };

/** Input order does not matter: each category's wishes are sorted by id before the shuffle. */
export function splitCorpus(wishes: readonly GoldWish[], seed = SPLIT_SEED, perCategory = HOLDOUT_PER_CATEGORY): Split {
  const next = generator(seed);
  const holdoutIds = new Set<string>();
  for (const category of CATEGORIES) {
    const ids = wishes
      .filter((wish) => wish.category === category)
      .map((wish) => wish.id)
      .sort();
    if (ids.length < perCategory) throw new Error(`${category}: ${ids.length} wishes, ${perCategory} wanted in the holdout`);
    for (const id of shuffle(ids, next).slice(0, perCategory)) holdoutIds.add(id);
  }
  const byId = [...wishes].sort((a, b) => a.id.localeCompare(b.id));
  return {
    development: byId.filter((wish) => !holdoutIds.has(wish.id)),
    holdout: byId.filter((wish) => holdoutIds.has(wish.id)),
  };
}

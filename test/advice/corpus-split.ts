import { CATEGORIES, type GoldWish } from "./corpus";
import { seededRandom, seededShuffle } from "#app/lib/seeded-random";

/**
 * The one split of the blind corpus into development and holdout. It ran once (scripts/
 * split-advice-corpus.ts) and its output is committed; the code stays so anyone can check that
 * the committed files are what this seed gives, and nobody picks a friendlier holdout by hand.
 * Stratified: the same number of holdout wishes from every category.
 */
export const SPLIT_SEED = 20_261_127;
/** 14 of each category's 40: 210 holdout wishes, 390 for development. */
export const HOLDOUT_PER_CATEGORY = 14;

export type Split = { development: GoldWish[]; holdout: GoldWish[] };

/** Input order does not matter: each category's wishes are sorted by id before the shuffle. */
export function splitCorpus(wishes: readonly GoldWish[], seed = SPLIT_SEED, perCategory = HOLDOUT_PER_CATEGORY): Split {
  const next = seededRandom(seed);
  const holdoutIds = new Set<string>();
  for (const category of CATEGORIES) {
    const ids = wishes
      .filter((wish) => wish.category === category)
      .map((wish) => wish.id)
      .sort();
    if (ids.length < perCategory) throw new Error(`${category}: ${ids.length} wishes, ${perCategory} wanted in the holdout`);
    for (const id of seededShuffle(ids, next).slice(0, perCategory)) holdoutIds.add(id);
  }
  const byId = [...wishes].sort((a, b) => a.id.localeCompare(b.id));
  return {
    development: byId.filter((wish) => !holdoutIds.has(wish.id)),
    holdout: byId.filter((wish) => holdoutIds.has(wish.id)),
  };
}

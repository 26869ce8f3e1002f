/**
 * Chooses the limits of the reader's unread-clause notes (app/server/reading/unread.server.ts) by
 * 5-fold cross-validation on the blind corpus's development part only: for each fold, the limits
 * with the best score on the other four fifths (needs held or noted, minus half a point for each
 * unread note that shows no gold need of its wish) are scored on the fold. Prints the figures;
 * writes nothing.
 *
 *   node scripts/cv-unread-notes.ts
 */
export {}; // a module: top-level await below

await import("./ts-resolve-hook.mjs");

const { join } = await import("node:path");
const { CORPUS_DIR, DEVELOPMENT_FILE, readCorpusFile } = await import("../test/advice/corpus.ts");
const { isNoted, readWish, scoreWish } = await import("../test/advice/corpus-score.ts");
const { UNREAD_LIMITS } = await import("../app/server/reading/unread.server.ts");
type GoldWish = import("../test/advice/corpus.ts").GoldWish;
type Limits = import("../app/server/reading/unread.server.ts").UnreadLimits;

const SEED = 20261128;
const FOLDS = 5;
const NOISE_COST = 0.5;
const OFF: Limits = { maxTokens: 0, minUnknown: 99 };
const GRID: Limits[] = [OFF];
for (const maxTokens of [6, 8, 10, 12, 16, 24]) for (const minUnknown of [1, 2]) GRID.push({ maxTokens, minUnknown });

const wishes = readCorpusFile(join(CORPUS_DIR, DEVELOPMENT_FILE));
const shuffled = seededShuffle(wishes, SEED);
const folds = Array.from({ length: FOLDS }, (_, fold) => shuffled.filter((_, index) => index % FOLDS === fold));

type Figures = { held: number; needs: number; notes: number; useless: number };
function figures(set: readonly GoldWish[], limits: Limits): Figures {
  Object.assign(UNREAD_LIMITS, limits);
  const result: Figures = { held: 0, needs: 0, notes: 0, useless: 0 };
  for (const wish of set) {
    const reading = readWish(wish);
    const score = scoreWish(wish, reading);
    result.needs += score.needs.length;
    result.held += score.needs.filter((need) => need.status !== "missed").length;
    const own = limitsOff(limits) ? [] : reading.noted.filter(isUnreadNote);
    result.notes += own.length;
    result.useless += own.filter((item) => !wish.needs.some((need) => isNoted(need, { ...reading, noted: [item] }))).length;
  }
  return result;
}
const limitsOff = (limits: Limits) => limits.maxTokens === 0;
// An unread note's text is its quote, after at most a modality lead.
const isUnreadNote = (item: { text: string; quote: string | null }) =>
  item.quote !== null && ["", "Gärna: ", "Inte: ", "Helst inte: "].some((lead) => item.text === `${lead}"${item.quote}"`);
const objective = (f: Figures) => f.held - NOISE_COST * f.useless;
const show = (f: Figures) =>
  `held/noted ${f.held}/${f.needs} (${((f.held / f.needs) * 100).toFixed(1).replace(".", ",")} %), unread notes ${f.notes}, of them showing no gold need ${f.useless}`;
const name = (limits: Limits) => (limitsOff(limits) ? "off" : `≤ ${limits.maxTokens} words, ≥ ${limits.minUnknown} unknown`);

console.log(`development: ${wishes.length} wishes; ${FOLDS}-fold cross-validation of the unread-clause notes`);
const total: Figures = { held: 0, needs: 0, notes: 0, useless: 0 };
const offTotal: Figures = { held: 0, needs: 0, notes: 0, useless: 0 };
for (const [index, fold] of folds.entries()) {
  const rest = folds.filter((_, other) => other !== index).flat();
  const best = GRID.map((limits) => ({ limits, score: objective(figures(rest, limits)) })).sort((a, b) => b.score - a.score)[0]!.limits;
  const on = figures(fold, best);
  const off = figures(fold, OFF);
  for (const key of Object.keys(total) as (keyof Figures)[]) ((total[key] += on[key]), (offTotal[key] += off[key]));
  console.log(`  fold ${index + 1}: chose ${name(best)}; ${show(on)}; off: ${show(off)}`);
}
console.log(`  all folds, chosen limits: ${show(total)}`);
console.log(`  all folds, off:           ${show(offTotal)}`);
console.log("whole development per limits:");
for (const limits of GRID) console.log(`  ${name(limits).padEnd(26)} ${show(figures(wishes, limits))}`);

function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

import { CATEGORIES, type Category, type CorpusSet, type GoldWish } from "./corpus";
import { readWish, scoreWish, type WishScore } from "./corpus-score";

/**
 * The corpus figures `npm run eval:advice` prints: per set and category, stated needs held (or
 * noted), missed, inverted, invented hard requirements per 100 wishes, contradictions raised. The
 * holdout is printed as counts only: `missLines` refuses it, and `corpusReport` never passes it
 * there, so no holdout wish, quote or need reaches the output (a unit test checks the output).
 */

export type SetScore = { name: string; kind: CorpusSet["kind"]; wishes: GoldWish[]; scores: WishScore[]; ms: number };

export function scoreSet(set: CorpusSet): SetScore {
  const started = performance.now();
  const scores = set.wishes.map((wish) => scoreWish(wish, readWish(wish)));
  return { name: set.name, kind: set.kind, wishes: set.wishes, scores, ms: performance.now() - started };
}

export type Tally = {
  wishes: number;
  needs: number;
  held: number;
  noted: number;
  missed: number;
  inverted: number;
  invented: number;
  contradictions: number;
  raised: number;
  falseAlarms: number;
  priceHeld: number;
};

const emptyTally = (): Tally => ({
  wishes: 0,
  needs: 0,
  held: 0,
  noted: 0,
  missed: 0,
  inverted: 0,
  invented: 0,
  contradictions: 0,
  raised: 0,
  falseAlarms: 0,
  priceHeld: 0,
});

function add(tally: Tally, score: WishScore): void {
  tally.wishes++;
  for (const outcome of score.needs) {
    tally.needs++;
    tally[outcome.status]++;
    if (outcome.inverted) tally.inverted++;
    if (outcome.status === "held" && outcome.need.field === "maxPrice") tally.priceHeld++;
  }
  tally.invented += score.invented.length;
  if (score.contradiction.stated) tally.contradictions++;
  if (score.contradiction.stated && score.contradiction.raised) tally.raised++;
  if (!score.contradiction.stated && score.contradiction.raised) tally.falseAlarms++;
}

export function tallies(scores: readonly WishScore[]): { byCategory: Map<Category, Tally>; total: Tally } {
  const byCategory = new Map<Category, Tally>(CATEGORIES.map((category) => [category, emptyTally()]));
  const total = emptyTally();
  for (const score of scores) {
    add(byCategory.get(score.category) ?? emptyTally(), score);
    add(total, score);
  }
  return { byCategory, total };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).replace(".", ",");
const pct = (part: number, whole: number) => (whole === 0 ? "–" : `${fmt((part / whole) * 100)} %`);
export const heldShare = (tally: Tally) => (tally.held + tally.noted) / Math.max(1, tally.needs);

function row(label: string, tally: Tally): string {
  const cells = [
    label.padEnd(24),
    String(tally.wishes).padStart(6),
    String(tally.needs).padStart(6),
    `${tally.held + tally.noted} (${pct(tally.held + tally.noted, tally.needs)})`.padStart(15),
    String(tally.missed).padStart(7),
    String(tally.inverted).padStart(9),
    fmt((tally.invented / Math.max(1, tally.wishes)) * 100).padStart(13),
    (tally.contradictions === 0 ? "–" : `${tally.raised}/${tally.contradictions}`).padStart(15),
  ];
  return cells.join(" ");
}

/** Counts only: safe for every set, the holdout included. */
export function figureLines(set: SetScore): string[] {
  const { byCategory, total } = tallies(set.scores);
  const short = set.wishes.filter((wish) => wish.wish.trim().length < 10).length;
  return [
    `${set.name}: ${total.wishes} wishes, ${total.needs} stated needs (read and scored in ${fmt(set.ms, 0)} ms)`,
    `  ${"category".padEnd(24)} ${"wishes".padStart(6)} ${"needs".padStart(6)} ${"held/noted".padStart(15)} ${"missed".padStart(7)} ${"inverted".padStart(9)} ${"invented/100".padStart(13)} ${"contr. raised".padStart(15)}`,
    ...CATEGORIES.map((category) => `  ${row(category, byCategory.get(category) ?? emptyTally())}`),
    `  ${row("all", total)}`,
    `  held ${total.held}, noted ${total.noted}; of the held, maxPrice from the price box: ${total.priceHeld} (without them ${pct(total.held + total.noted - total.priceHeld, total.needs - total.priceHeld)}); conflicts raised where the gold has none: ${total.falseAlarms}; wishes under the form's 10 characters (scored anyway): ${short}`,
  ];
}

export function markdownLines(set: SetScore): string[] {
  const { byCategory, total } = tallies(set.scores);
  const line = (label: string, tally: Tally) =>
    `| ${label} | ${tally.wishes} | ${tally.needs} | ${tally.held + tally.noted} (${pct(tally.held + tally.noted, tally.needs)}) | ${tally.missed} | ${tally.inverted} | ${fmt((tally.invented / Math.max(1, tally.wishes)) * 100)} | ${tally.contradictions === 0 ? "–" : `${tally.raised}/${tally.contradictions}`} |`;
  return [
    "| category | wishes | needs | held or noted | missed | inverted | invented hard / 100 wishes | contradictions raised |",
    "|---|---|---|---|---|---|---|---|",
    ...CATEGORIES.map((category) => line(category, byCategory.get(category) ?? emptyTally())),
    line("**all**", total),
  ];
}

/** Every miss, inversion and invented requirement, with the wish: development and fresh only. */
export function missLines(set: SetScore): string[] {
  if (set.kind === "holdout") throw new Error("the holdout's wishes and misses are never printed");
  const lines: string[] = [`${set.name}: misses`];
  set.scores.forEach((score, index) => {
    const bad = score.needs.filter((outcome) => outcome.status === "missed" || outcome.inverted);
    const contradiction = score.contradiction.stated !== score.contradiction.raised;
    if (bad.length === 0 && score.invented.length === 0 && !contradiction) return;
    lines.push(`  ${score.id} [${score.category}] "${set.wishes[index]?.wish ?? ""}"`);
    for (const outcome of bad) {
      const { need } = outcome;
      lines.push(
        `    ${outcome.inverted ? "INVERTED" : "missed"} ${need.modality} ${need.field ?? "(no field)"}=${JSON.stringify(need.value)} "${need.quote}"${outcome.reason ? `: ${outcome.reason}` : ""}`,
      );
    }
    for (const item of score.invented) lines.push(`    invented ${item}`);
    if (contradiction) lines.push(`    contradiction ${score.contradiction.stated ? "stated but not raised" : "raised though the gold has none"}`);
  });
  return lines;
}

export type ReportOptions = { misses?: string; markdown?: boolean };

/** `misses`: "development" prints development misses only (a fresh set stays unseen by whoever tunes the reader), "fresh" only fresh; never the holdout. */
export function corpusReport(sets: readonly SetScore[], goldEdits: number, options: ReportOptions = {}): string[] {
  const lines: string[] = ["Blind corpus (test/advice/corpus): the parser's reading against the writers' gold"];
  for (const set of sets) lines.push(...figureLines(set));
  if (!sets.some((set) => set.kind === "fresh")) lines.push("fresh: no fresh set waiting (fresh-*.json)");
  lines.push(`gold edits after the split: ${goldEdits}`);
  if (options.markdown) for (const set of sets) lines.push("", `${set.name}:`, ...markdownLines(set));
  if (options.misses === "holdout") lines.push("the holdout's misses are never printed");
  const wanted = options.misses === "development" ? ["development"] : options.misses === "fresh" ? ["fresh"] : [];
  for (const set of sets) if (set.kind !== "holdout" && wanted.includes(set.kind)) lines.push(...missLines(set));
  return lines;
}

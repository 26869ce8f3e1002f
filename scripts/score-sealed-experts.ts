/**
 * Scores a sealed expert set once (test/advice/sealed-experts/): each profile's wish through the
 * local engine as the page shows it, its first three against the expert's acceptable models, and
 * against the faults the expert told that buyer to avoid (same make and model, overlapping years,
 * and the fault's engine or gearbox named in the variant). Run after a ranking change; the
 * printed figures go into docs/advice-quality.md. The file's hash is checked first, so a set
 * edited after it was sealed is refused.
 *
 *   node scripts/score-sealed-experts.ts [--file=expert-profiles-<date>.json]
 *   node scripts/score-sealed-experts.ts --spent   # a set already scored, as development material
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

await import("./ts-resolve-hook.mjs");
const { scoreSealed, SPENT_SETS: SPENT } = await import("../test/advice/sealed-score.ts");
const { HIT_THRESHOLD } = await import("../test/advice/expert-sets.ts");

const dir = path.resolve(import.meta.dirname, "../test/advice/sealed-experts");
const spent = process.argv.includes("--spent");
const file = process.argv.find((arg) => arg.startsWith("--file="))?.slice("--file=".length) ?? "expert-profiles-2026-11-27.json";
if (spent && !SPENT.includes(file)) throw new Error(`${file} is not a spent set: score it once, without --spent`);
const bytes = readFileSync(path.join(dir, file));
const sums = readFileSync(path.join(dir, "SHA256SUMS"), "utf8");
const hash = createHash("sha256").update(bytes).digest("hex");
if (!sums.includes(`${hash}  ${file}`)) throw new Error(`${file} does not match its sealed hash in SHA256SUMS`);
const score = await scoreSealed(JSON.parse(bytes.toString("utf8")));
for (const line of score.lines) console.log(line);
const share = (n: number) => `${((100 * n) / score.profiles).toFixed(1).replace(".", ",")} %`;
console.log(
  `\n${file}${spent ? " (spent: development figures)" : ""}: ${score.profiles} profiles; hits (≥ ${HIT_THRESHOLD} of the first three in the expert's set) ${score.hits} (${share(score.hits)});`,
);
console.log(`first three carrying a fault on the buyer's avoid list: ${score.avoided} profiles; outcome not ok: ${score.failed}`);

/**
 * Splits the blind writers' wishes once into test/advice/corpus/development.json and holdout.json
 * (seeded, stratified by category: test/advice/corpus-split.ts). Run once; afterwards `--check`
 * recomputes the split from the committed files and fails if they differ.
 *
 *   node scripts/split-advice-corpus.ts <writer files…>   # writes both files (refuses if they exist)
 *   node scripts/split-advice-corpus.ts --check
 */
export {}; // a module: top-level await below

await import("./ts-resolve-hook.mjs");

const { existsSync, writeFileSync } = await import("node:fs");
const { join } = await import("node:path");
const { CORPUS_DIR, DEVELOPMENT_FILE, HOLDOUT_FILE, readCorpusFile } = await import("../test/advice/corpus.ts");
const { splitCorpus } = await import("../test/advice/corpus-split.ts");

const developmentPath = join(CORPUS_DIR, DEVELOPMENT_FILE);
const holdoutPath = join(CORPUS_DIR, HOLDOUT_FILE);
const fromSplit = (wish: { id: string }) => /^w[a-e]-/u.test(wish.id);
const ids = (list: readonly { id: string }[]) => list.map((wish) => wish.id).join(",");

if (process.argv.includes("--check")) {
  const development = readCorpusFile(developmentPath);
  const holdout = readCorpusFile(holdoutPath);
  // The split covers the five first writers (ids wa- to we-); fresh sets moved in later are development.
  const split = splitCorpus([...development.filter(fromSplit), ...holdout]);
  const same = ids(split.holdout) === ids(holdout) && ids(split.development) === ids(development.filter(fromSplit));
  console.log(same ? `split ok: ${development.length} development, ${holdout.length} holdout` : "split differs from the seed's");
  process.exitCode = same ? 0 : 1;
} else {
  const files = process.argv.slice(2);
  if (files.length === 0) throw new Error("name the writers' files");
  if (existsSync(developmentPath) || existsSync(holdoutPath)) throw new Error("the split exists already: it is made once");
  const split = splitCorpus(files.flatMap((file) => readCorpusFile(file)));
  const write = (path: string, wishes: unknown[]) => writeFileSync(path, `${JSON.stringify(wishes, null, 1)}\n`);
  write(developmentPath, split.development);
  write(holdoutPath, split.holdout);
  console.log(`${split.development.length} development, ${split.holdout.length} holdout`);
}

/**
 * Measures the reader's hardness gate (app/server/reading/hardness.server.ts) on the blind corpus's
 * development part only, the gate off against on:
 * - by writer, in two halves: the writers whose wishes were read while designing the gate, and the
 *   writers whose wishes were not (their figures are the estimate of how the gate does on wishes
 *   nobody looked at);
 * - with wording the reader does not know: `--forget=ownership,reported` drops those marker kinds
 *   from the lexicon before the reader loads, as if every "min gamla …", "frugan kör …", "pappa säger
 *   …" were phrased in words no rule knows, and shows how much of what those rules keep out the gate
 *   keeps out by structure alone.
 * Reads neither the holdout nor a fresh set. Writes nothing.
 *
 *   node scripts/cv-hardness-gate.ts [--forget=ownership,ownershipVerb,reported]
 */
export {}; // a module: top-level await below

await import("./ts-resolve-hook.mjs");

const forget =
  process.argv
    .find((arg) => arg.startsWith("--forget="))
    ?.slice("--forget=".length)
    .split(",") ?? [];
const { MARKERS } = await import("../app/server/reading/markers.server.ts");
// Before the parser compiles its lexicon: the forgotten kinds are simply not in it.
const kept = MARKERS.filter((entry) => !forget.includes(entry.meaning.marker));
(MARKERS as unknown as unknown[]).splice(0, MARKERS.length, ...kept);

const { join } = await import("node:path");
const { CORPUS_DIR, DEVELOPMENT_FILE, readCorpusFile } = await import("../test/advice/corpus.ts");
const { readWish, scoreWish } = await import("../test/advice/corpus-score.ts");
const { HARDNESS_GATE } = await import("../app/server/reading/hardness.server.ts");

/** The writers read while the gate was designed; every other development writer is the check half. */
const DESIGNED_ON = new Set(["wa", "wc", "we", "fresh1", "fresh3", "fresh5a", "fresh6a", "fresh7a", "fresh7b"]);
const writer = (id: string) => id.replace(/-.*$/u, "");

type Figures = { wishes: number; needs: number; held: number; noted: number; inverted: number; invented: number; mustSoft: number };
const empty = (): Figures => ({ wishes: 0, needs: 0, held: 0, noted: 0, inverted: 0, invented: 0, mustSoft: 0 });
const wishes = readCorpusFile(join(CORPUS_DIR, DEVELOPMENT_FILE));
const halves = { designed: { off: empty(), on: empty() }, check: { off: empty(), on: empty() } };
for (const wish of wishes) {
  const half = DESIGNED_ON.has(writer(wish.id)) ? halves.designed : halves.check;
  for (const state of ["off", "on"] as const) {
    HARDNESS_GATE.on = state === "on";
    const score = scoreWish(wish, readWish(wish));
    const figures = half[state];
    figures.wishes += 1;
    figures.needs += score.needs.length;
    figures.held += score.needs.filter((need) => need.status === "held").length;
    figures.noted += score.needs.filter((need) => need.status === "noted").length;
    figures.inverted += score.needs.filter((need) => need.inverted).length;
    figures.invented += score.invented.length;
    // A stated must the reading holds only softly (shown or not): the price of the gate.
    figures.mustSoft += score.needs.filter((need) => need.reason.startsWith("read as a preference")).length;
  }
}
HARDNESS_GATE.on = true;
const pct = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(1).replace(".", ",")} %`;
console.log(`development by writer half${forget.length > 0 ? `, with the marker kinds ${forget.join(", ")} forgotten` : ""}`);
console.log("half      gate  wishes  needs  held  noted  held or noted    inverted  invented  /100   musts read soft");
for (const [name, half] of Object.entries(halves))
  for (const state of ["off", "on"] as const) {
    const f = half[state];
    console.log(
      `${name.padEnd(9)} ${state.padEnd(4)} ${String(f.wishes).padStart(7)} ${String(f.needs).padStart(6)} ${String(f.held).padStart(5)} ${String(f.noted).padStart(6)}  ${String(f.held + f.noted).padStart(5)} (${pct(f.held + f.noted, f.needs)})  ${String(f.inverted).padStart(8)} ${String(f.invented).padStart(9)}  ${((f.invented / f.wishes) * 100).toFixed(1).padStart(5)}  ${String(f.mustSoft).padStart(6)}`,
    );
  }

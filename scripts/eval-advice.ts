/**
 * Advice evaluation: every buyer profile in test/advice/profiles.ts through the real pipeline
 * (local engine, demo availability), printed per profile and in total. Not a test: it prints
 * figures; test/unit/advice-quality.test.ts fails on the same measurements.
 *
 *   npm run eval:advice            # prints the report
 *   npm run eval:advice -- --md    # also prints the markdown table for docs/advice-quality.md
 *   npm run eval:advice -- --misses  # also prints every misread interpretation row
 *   npm run eval:advice -- --reading # only the blind corpus's figures (seconds)
 *   npm run eval:advice -- --misses=development  # also the corpus's development misses (=fresh: a fresh set's, once scored)
 *                                                 # (the holdout's are never printed)
 */
export {}; // a module: top-level await below

await import("./ts-resolve-hook.mjs");

const { statSync, readdirSync, readFileSync } = await import("node:fs");
const { join } = await import("node:path");
const { gzipSync } = await import("node:zlib");
const { PROFILES } = await import("../test/advice/profiles.ts");
const { evaluateProfile, unexplainedShortList, WANTED } = await import("../test/advice/evaluate.ts");
const { CATALOGUE } = await import("../app/server/cars/catalogue.server.ts");
const { checkerSummary } = await import("../test/advice/checker-report.ts");
const { writingLines, writingSummary } = await import("../test/advice/writing-report.ts");
const { scoreTable } = await import("../test/advice/interpretation-score.ts");
const { INTERPRETATION } = await import("../test/advice/interpretation.ts");
const { INTERPRETATION_BLIND } = await import("../test/advice/interpretation-blind.ts");
const { INTERPRETATION_HOLDOUT } = await import("../test/advice/interpretation-holdout.ts");
const { checkInsurance } = await import("../test/advice/insurance-check.ts");
const { DEFAULT_COST_ASSUMPTIONS } = await import("../app/server/cars/ownership-cost.server.ts");

const markdown = process.argv.includes("--md");

// The blind corpus first: it needs no engine, answers in seconds, and `--reading` stops after it.
const { loadCorpus, loadGoldEdits } = await import("../test/advice/corpus.ts");
const { corpusReport, scoreSet } = await import("../test/advice/corpus-report.ts");
const corpusMisses = process.argv.find((arg) => arg.startsWith("--misses="))?.slice("--misses=".length);
const corpusSets = loadCorpus();
for (const line of corpusReport(corpusSets.map(scoreSet), loadGoldEdits().length, { misses: corpusMisses, markdown })) console.log(line);
const { readerBundleShare, readerTiming } = await import("../test/advice/reader-cost.ts");
{
  const timing = readerTiming(corpusSets);
  const share = readerBundleShare();
  const ms = (value: number) => value.toLocaleString("sv-SE", { maximumFractionDigits: 2 });
  console.log(
    `reader speed: ${timing.wishes} wishes read once each after a warm-up, p50 ${ms(timing.p50)} ms, p95 ${ms(timing.p95)} ms, max ${ms(timing.max)} ms (target p95 < 50 ms)`,
  );
  console.log(
    share === undefined
      ? "reader's share of the server bundle: not built (run npm run build first)"
      : `reader's share of the server bundle (build/server, by its source maps): ${ms(share.readerBytes / 1024)} KB of ${ms(share.totalBytes / 1024)} KB (${ms((share.readerBytes / share.totalBytes) * 100)} %)`,
  );
}
if (process.argv.includes("--reading")) process.exit(0);
console.log("");

const reports = [];
for (const profile of PROFILES) reports.push(await evaluateProfile(profile));
// The first pass pays for JIT warm-up and fills the demo market's inventory cache; a second pass
// shows what a running isolate answers. Both are printed.
const cold = reports.map((report) => report.ms).sort((a, b) => a - b);
const timings: number[] = [];
for (const profile of PROFILES) timings.push((await evaluateProfile(profile)).ms);
timings.sort((a, b) => a - b);
const pctOf = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
const pct = (q: number) => pctOf(timings, q);

const fmt = (n: number, digits = 1) => n.toFixed(digits).replace(".", ",");
let violations = 0;
let contradictions = 0;
let sentences = 0;
let duplicates = 0;
let fuelMismatches = 0;
let unexplained = 0;
let wrongOutcome = 0;
const rows: string[] = [];

console.log(`Advice evaluation: ${PROFILES.length} profiles, catalogue of ${CATALOGUE.length} variants\n`);
for (const report of reports) {
  violations += report.violations.length;
  contradictions += report.contradictions.length;
  sentences += report.sentences;
  duplicates += report.duplicateSentences;
  fuelMismatches += report.fuelMismatches.length;
  if (unexplainedShortList(report)) unexplained++;
  if (report.outcome !== report.expected) wrongOutcome++;
  const top3 = report.cars
    .slice(0, 3)
    .map((car) => car.carName)
    .join(" | ");
  const dupRate = report.sentences > 0 ? (report.duplicateSentences / report.sentences) * 100 : 0;
  console.log(
    `${report.outcome === report.expected ? "✓" : "✗"} ${report.name}: ${report.outcome}` +
      (report.outcome === "ok"
        ? `, ${report.cars.length} förslag, brott ${report.violations.length}, dubbletter ${fmt(dupRate)} %, bränslefel ${report.fuelMismatches.length}`
        : "") +
      (report.outcome !== report.expected ? ` (väntat ${report.expected})` : ""),
  );
  if (top3) console.log(`    topp 3: ${top3}`);
  if (report.explanation && (report.cars.length < WANTED || report.outcome !== "ok")) console.log(`    förklaring: ${report.explanation}`);
  for (const line of [...report.violations, ...report.contradictions, ...report.fuelMismatches]) console.log(`    ! ${line}`);
  rows.push(
    `| ${report.name} | ${report.outcome} | ${report.cars.length} | ${report.violations.length} | ${fmt(dupRate)} % | ${report.fuelMismatches.length} | ${top3 || report.explanation?.slice(0, 80) || ""} |`,
  );
}

let bundle = "not built (run npm run build first)";
try {
  const dir = "build/server";
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => /\.(js|mjs|wasm)$/.test(file));
  const raw = files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
  const gz = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file))).length, 0);
  bundle = `${fmt(raw / 1024 / 1024, 2)} MB raw, ${fmt(gz / 1024 / 1024, 2)} MB gzip (Cloudflare's limit: 3 MB compressed on Free)`;
} catch {
  // No build yet: say so instead of failing the evaluation.
}

const ok = reports.filter((report) => report.outcome === "ok");
const totals = [
  `profiles: ${reports.length} (${ok.length} with suggestions, ${wrongOutcome} with an unexpected outcome)`,
  `hard-requirement violations in the top ${WANTED}: ${violations}`,
  `short lists without an explanation: ${unexplained}`,
  `contradicting sentences: ${contradictions}`,
  `duplicate sentences: ${duplicates} of ${sentences} (${fmt(sentences ? (duplicates / sentences) * 100 : 0, 2)} %)`,
  `fuel cost off the stated mileage by more than 5 %: ${fuelMismatches}`,
  `suggestions per profile: ${ok.map((report) => report.cars.length).join(", ")}`,
  `local engine, one create (requirements → candidates → texts → demo availability → score), warm: p50 ${fmt(pct(0.5))} ms, p95 ${fmt(pct(0.95))} ms, max ${fmt(timings.at(-1) ?? 0)} ms (target ≤ 50 ms); first pass: p50 ${fmt(pctOf(cold, 0.5))} ms, p95 ${fmt(pctOf(cold, 0.95))} ms`,
  `Worker bundle: ${bundle}`,
];
console.log(`\nTotals\n${totals.map((line) => `  ${line}`).join("\n")}`);

console.log(`\nFact checker, local engine (caught in the engine's texts before the guard; what the guard did)`);
for (const line of checkerSummary(reports, process.argv.includes("--caught"))) console.log(`  ${line}`);
const withBudget = (list: readonly { cars: import("../test/advice/evaluate.ts").ProfileReport["cars"] }[]) =>
  list.map((report, index) => ({ cars: report.cars, maxPrice: PROFILES[index]!.input.maxPrice }));
console.log(`\nWriting, local engine (shown texts, after the guard)`);
for (const line of writingLines(writingSummary(withBudget(reports)))) console.log(`  ${line}`);

// The OpenAI engine, its real adapter against the fake OpenAI server (test/fakes/openai.ts), whose
// texts come from the facts the grounded prompt sends: the same checker on a second writer.
const { startFakeOpenAI } = await import("../test/fakes/openai.ts");
const { createOpenAIAdviceEngine } = await import("../app/server/ai/openai-engine.server.ts");
const fake = await startFakeOpenAI({ ttftMs: 0, tokensPerSecond: 1_000_000 });
const openai = createOpenAIAdviceEngine({
  apiKey: "sk-eval",
  baseUrl: `${fake.url}/v1`,
  model: "ok/eval",
  timeoutMs: 30_000,
  maxAttemptsPerCreate: 40,
  log: () => {},
});
const openaiReports = [];
const { scoreExperts } = await import("../test/advice/expert-score.ts");
const { misreadingCases } = await import("../test/advice/misreading.ts");
const { localAdviceEngine } = await import("../app/server/advice/local-engine.server.ts");
let experts: [string, Awaited<ReturnType<typeof scoreExperts>>][] = [];
let misreadings: [string, Awaited<ReturnType<typeof misreadingCases>>][] = [];
try {
  for (const profile of PROFILES) openaiReports.push(await evaluateProfile(profile, openai));
  experts = [
    ["local engine", await scoreExperts(localAdviceEngine)],
    ["OpenAI engine against the fake", await scoreExperts(openai)],
  ];
  misreadings = [
    ["local engine", await misreadingCases(localAdviceEngine, `${fake.url}/v1`)],
    ["OpenAI engine against the fake", await misreadingCases(openai, `${fake.url}/v1`)],
  ];
} finally {
  await fake.close();
}
const openaiShown = openaiReports.reduce((sum, report) => sum + report.contradictions.length, 0);
contradictions += openaiShown;
console.log(`\nFact checker, OpenAI engine against the fake model (same measures)`);
for (const line of checkerSummary(openaiReports, process.argv.includes("--caught"))) console.log(`  ${line}`);
console.log(`  contradicting sentences shown after the guard: ${openaiShown}`);
console.log(`\nWriting, OpenAI engine against the fake model (shown texts, after the guard)`);
for (const line of writingLines(writingSummary(withBudget(openaiReports)))) console.log(`  ${line}`);
for (const report of openaiReports) for (const line of report.contradictions) console.log(`    ! ${report.name}: ${line}`);

// Expert top-3 sets: does the order follow what the buyer asked for, as an expert would answer?
const { HIT_THRESHOLD } = await import("../test/advice/expert-sets.ts");
let expertViolations = 0;
let expertShort = false;
console.log(`\nExpert top-3 sets (a hit: at least ${HIT_THRESHOLD} of our first 3, as shown after availability, in the expert's set)`);
for (const [label, score] of experts) {
  expertViolations += score.violations;
  const rate = score.hits / Math.max(1, score.profiles);
  if (rate < 0.9) expertShort = true;
  console.log(
    `  ${label}: ${score.hits} of ${score.profiles} profiles hit (${fmt(rate * 100)} %, target ≥ 90 %), hard-requirement violations: ${score.violations}`,
  );
  for (const result of score.results) {
    if (result.hit) continue;
    console.log(
      `    ✗ ${result.name}: topp 3 ${result.top3.join(" | ") || result.outcome}; setet: ${result.acceptable.slice(0, 12).join(", ")}${result.acceptable.length > 12 ? " …" : ""}`,
    );
  }
  for (const result of score.results) for (const line of result.violations) console.log(`    ! ${result.name}: ${line}`);
}

// A model that misreads, or obeys instructions written in the wish: the verifier keeps only what the
// wish's own words support, and nothing but the reading may change.
let misreadFailures = 0;
console.log("\nMisreading model and instructions in the wish (fake model: read-invent, read-obey)");
for (const [label, cases] of misreadings) {
  console.log(`  ${label}:`);
  for (const item of cases) {
    const dropped = item.dropped.quoteNotInWish + item.dropped.numberNotInQuote + item.dropped.outOfRange;
    const ok = dropped > 0 && item.hardUnchanged && item.carsWithinHard && (item.mode === "read-invent" ? item.carsUnchanged : true);
    if (!ok) misreadFailures++;
    console.log(
      `    ${ok ? "✓" : "✗"} ${item.mode} "${item.wish}": verifiern släppte ${dropped} (citat ej i önskan ${item.dropped.quoteNotInWish}, tal ej i citat ${item.dropped.numberNotInQuote}), behöll ${item.kept}; hårda krav oförändrade: ${item.hardUnchanged ? "ja" : "NEJ"}; bilar ${item.carsUnchanged ? "oförändrade" : "ändrade"}; alla klarar kraven: ${item.carsWithinHard ? "ja" : "NEJ"}${item.note ? `; ${item.note}` : ""}`,
    );
  }
}

// How the wish is read, phrase by phrase: fields right, and hard requirements the words never made.
const tables = [
  ["interpretation table", scoreTable(INTERPRETATION)],
  ["blind interpretation table", scoreTable(INTERPRETATION_BLIND)],
  ["holdout table (never fixed against)", scoreTable(INTERPRETATION_HOLDOUT)],
] as const;
console.log("\nInterpretation");
for (const [label, score] of tables) {
  console.log(
    `  ${label}: ${score.rows} phrases, ${score.correct} of ${score.fields} fields right (${fmt((score.correct / score.fields) * 100)} %), invented hard requirements: ${score.invented}`,
  );
  if (!process.argv.includes("--misses")) continue;
  for (const result of score.results) {
    if (result.misses.length === 0 && result.invented.length === 0) continue;
    console.log(`    ✗ "${result.text}": ${[...result.misses, ...result.invented.map((item) => `påhittat krav ${item}`)].join("; ")}`);
  }
}
if (markdown) {
  console.log("\n| profile | outcome | cars | violations | duplicates | fuel off | top 3 / explanation |\n|---|---|---|---|---|---|---|");
  console.log(rows.join("\n"));
}
// The main table is the gate (at least 98 % of fields, nothing invented); the blind and holdout
// tables are measurements.
const main = tables[0][1];
const misread = main.correct / main.fields < 0.98 || main.invented > 0 ? 1 : 0;
process.exitCode =
  violations + unexplained + contradictions + fuelMismatches + wrongOutcome + misread + expertViolations + misreadFailures + (expertShort ? 1 : 0) > 0 ? 1 : 0;

// Insurance against the reference's published figures (class bands, Hedvig's averages, the
// adjustment ranges), every variant, four buyer cases; the band is the gate, the worst is named by midpoint.
const insurance = checkInsurance(CATALOGUE, DEFAULT_COST_ASSUMPTIONS);
console.log("\nInsurance against the reference figures (within the published band × adjustment ranges)");
for (const check of insurance) {
  const worst = check.worst ? `; worst ${fmt(check.worst.ratio, 2)} × (${check.worst.what})` : "";
  console.log(
    `  ${check.label}: ${check.within} of ${check.compared} within (${fmt((check.within / Math.max(1, check.compared)) * 100)} %), ${check.noReference} exclusive without a published band${worst}`,
  );
}
if (insurance.some((check) => check.within < check.compared)) process.exitCode = 1;

// Coverage of the cars buyers can afford: model years 2008–2025 of the 100 most common models in
// Swedish traffic (app/server/cars/data/top-100-models.json), and the figures still unverified.
const { modelYearCoverage, unverifiedCounts, yearSpans, COVERAGE_WINDOW } = await import("../test/advice/catalogue-coverage.ts");
const coverage = modelYearCoverage(CATALOGUE);
console.log(`\nCatalogue coverage of the 100 most common models in Swedish traffic, model years ${COVERAGE_WINDOW[0]}–${COVERAGE_WINDOW[1]}`);
console.log(`  models with at least one variant: ${coverage.modelsInCatalogue} of ${coverage.models}`);
console.log(
  `  model years covered: ${coverage.coveredYears} of ${coverage.modelYears} (${fmt((coverage.coveredYears / coverage.modelYears) * 100)} %, target ≥ 90 %)`,
);
console.log(
  `  most common models with missing years: ${coverage.missing
    .slice(0, process.argv.includes("--coverage") ? undefined : 15)
    .map((item) => `${item.rank}. ${item.name} ${yearSpans(item.years)}`)
    .join("; ")}`,
);
const counts = unverifiedCounts(CATALOGUE);
const towing = counts.find((count) => count.field === "towingKg");
console.log(`  unverified towing figures: ${towing?.unverified} of ${towing?.figures} variants`);
console.log(
  `  unverified, other fields: ${counts
    .filter((count) => count.field !== "towingKg")
    .map((count) => `${count.field} ${count.unverified}/${count.figures}`)
    .join(", ")}`,
);
console.log(
  `  unverified figures in all: ${counts.reduce((sum, count) => sum + count.unverified, 0)} of ${counts.reduce((sum, count) => sum + count.figures, 0)}`,
);

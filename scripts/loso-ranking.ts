/**
 * Leave-one-set-out over the spent sealed expert sets: the ranking's labelled terms are computed
 * once per profile, then multipliers on chosen term groups are fitted by coordinate search on the
 * other sets (objective hits − 3 × profiles with an avoided fault) and scored on the one left out. Only the
 * spent sets are read; the first three are judged as `score-sealed-experts.ts` judges them.
 *
 *   node scripts/loso-ranking.ts                                  # the code as it is, per set
 *   node scripts/loso-ranking.ts --fit=exposedReliability,intent  # held-out refit of those groups
 *   node scripts/loso-ranking.ts --set=classFit:0 --lines         # one fixed multiplier, with lines
 *   node scripts/loso-ranking.ts --misses                         # why each miss misses (scripts/loso-misses.ts)
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

await import("./ts-resolve-hook.mjs");
const { judgeFirstThree, SPENT_SETS } = await import("../test/advice/sealed-score.ts");
const { prepareAdvice, suggestionsForLookup } = await import("#app/server/advice/advise.server");
const { overallTerms, pickDiverse } = await import("#app/server/advice/candidates.server");
const { intentOf } = await import("#app/server/advice/intent.server");
const { circumstancesOf } = await import("#app/server/advice/situation.server");
const { CATALOGUE } = await import("#app/server/cars/catalogue.server");
const { DEFAULT_COST_ASSUMPTIONS } = await import("#app/server/cars/ownership-cost.server");
const { searchDemoAds } = await import("#app/server/marketplace/local-marketplace.server");
const { marketplaceQueryFor } = await import("#app/server/recommendations/suggestion-query.server");
const { favouredMakesOf, rankByFinalScore, scoreBreakdown } = await import("#app/lib/scoring");

type SealedProfile = Parameters<typeof judgeFirstThree>[0];
type Candidate = import("#app/server/advice/candidates.server").Candidate;
type Term = { group: string; label: string; value: number; weight: number };
type Row = { candidate: Candidate; terms: Term[] };
type Case = {
  set: number;
  profile: SealedProfile;
  outcome: string;
  rows: Row[];
  named: string[];
  favoured: string[];
  ads: Map<string, number>;
  prepared: unknown;
};

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const groupOf = (label: string) => (label.startsWith("rating:") ? "ratings" : label.startsWith("wish:") ? "wishes" : label);

const dir = path.resolve(import.meta.dirname, "../test/advice/sealed-experts");
const sums = readFileSync(path.join(dir, "SHA256SUMS"), "utf8");
const cases: Case[] = [];
for (const [set, file] of SPENT_SETS.entries()) {
  const bytes = readFileSync(path.join(dir, file));
  if (!sums.includes(`${createHash("sha256").update(bytes).digest("hex")}  ${file}`)) throw new Error(`${file} does not match SHA256SUMS`);
  for (const profile of JSON.parse(bytes.toString("utf8")) as SealedProfile[]) {
    const input = { description: profile.description, maxPrice: profile.maxPrice, carType: profile.carType as never, sellerType: "alla" as const };
    const prepared = prepareAdvice(input, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
    if (prepared.status !== "ready") {
      cases.push({ set, profile, outcome: prepared.status, rows: [], named: [], favoured: [], ads: new Map(), prepared: null });
      continue;
    }
    const req = prepared.prepared.requirements;
    const year = DEFAULT_COST_ASSUMPTIONS.referenceYear;
    const intent = intentOf(req, year);
    const c = circumstancesOf(req);
    const rows = prepared.prepared.candidates.map((candidate) => ({
      candidate,
      terms: overallTerms(candidate.variant, candidate.window, candidate.ratings, candidate.wishFit, req, year, intent, candidate.costs, c, CATALOGUE).map(
        (t) => ({ group: groupOf(t.label), label: t.label, value: t.value, weight: t.weight }),
      ),
    }));
    // Ad counts depend on the window only, never on the weights: counted once per variant.
    const ads = new Map<string, number>();
    const lookups = suggestionsForLookup(
      prepared.prepared,
      rows.map((row) => ({
        variantId: row.candidate.variant.id,
        overall: 0,
        texts: { tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: [], cons: [] },
      })),
      rows.length,
    );
    for (const car of lookups) ads.set(car.variantId!, searchDemoAds(marketplaceQueryFor(car, input)).totalCount);
    cases.push({ set, profile, outcome: "ok", rows, named: [...req.namedModels], favoured: favouredMakesOf(req), ads, prepared: prepared.prepared });
  }
}

type Multipliers = Record<string, number>;
/** "model": a fault counts for any engine of the model in its years, the upper bound of what the first three may carry. */
const AVOID_MATCH = arg("avoid") === "model" ? ("model" as const) : ("engine" as const);

/** The list as the page would show it under multipliers `m`: every candidate scored and sorted, and the ten picked in the page's order. */
function rankCase(item: Case, m: Multipliers) {
  const scored = item.rows.map((row) => {
    let sum = 0;
    let weights = 0;
    for (const t of row.terms) {
      const w = t.weight * (m[t.group] ?? 1);
      sum += t.value * w;
      weights += w;
    }
    return { ...row.candidate, overall: Math.round((sum / Math.max(weights, 1e-9)) * 10) / 10 };
  });
  scored.sort((a, b) => b.overall - a.overall || b.variant.marketPresence - a.variant.marketPresence || a.variant.id.localeCompare(b.variant.id));
  const picked = pickDiverse(scored, 10, item.named);
  return { scored, picked };
}

function judge(item: Case, m: Multipliers) {
  if (item.outcome !== "ok") return judgeFirstThree(item.profile, item.outcome, []);
  const { picked } = rankCase(item, m);
  const cars = picked.map((candidate, index) => {
    const score = scoreBreakdown(Math.max(0, Math.min(100, candidate.overall)), item.ads.get(candidate.variant.id) ?? 0);
    return {
      variantId: candidate.variant.id,
      carName: `${candidate.variant.make} ${candidate.variant.model}`,
      carMake: candidate.variant.make,
      carModel: candidate.variant.model,
      recommendedYear: { from: candidate.window.yearFrom, to: candidate.window.yearTo },
      ratings: { rank: index + 1, finalScore: score.finalScore },
    };
  });
  return judgeFirstThree(item.profile, "ok", rankByFinalScore(cars, item.favoured), AVOID_MATCH);
}

function total(items: readonly Case[], m: Multipliers) {
  let hits = 0;
  let avoided = 0;
  for (const item of items) {
    const j = judge(item, m);
    if (j.hit) hits++;
    if (j.avoided) avoided++;
  }
  return { hits, avoided, objective: hits - 3 * avoided };
}

const GRID = (arg("grid") ?? "0,0.5,1,1.5,2,3").split(",").map(Number);
const fixed: Multipliers = Object.fromEntries(
  (arg("set") ?? "")
    .split(",")
    .filter(Boolean)
    .map((kv) => [kv.split(":")[0]!, Number(kv.split(":")[1])]),
);
const fitGroups = (arg("fit") ?? "").split(",").filter(Boolean);

function fit(items: readonly Case[]): Multipliers {
  const m: Multipliers = { ...fixed };
  for (const group of fitGroups) m[group] ??= 1;
  let best = total(items, m).objective;
  for (let round = 0; round < 2; round++) {
    for (const group of fitGroups) {
      for (const value of GRID) {
        const tried = { ...m, [group]: value };
        const score = total(items, tried).objective;
        // Ties keep the current value, so a multiplier moves only on evidence.
        if (score > best) {
          best = score;
          m[group] = value;
        }
      }
    }
  }
  return m;
}

if (process.argv.includes("--misses")) {
  const { diagnoseMisses } = await import("./loso-misses.ts");
  diagnoseMisses(cases, (item) => ({ ...rankCase(item, fixed), judged: judge(item, fixed) }));
  process.exit(0);
}

const configs = arg("configs");
if (configs) {
  for (const config of configs.split(";")) {
    const m: Multipliers = Object.fromEntries(
      config
        .split(",")
        .filter(Boolean)
        .map((kv) => [kv.split(":")[0]!, Number(kv.split(":")[1])]),
    );
    const perSet = SPENT_SETS.map((_, set) =>
      total(
        cases.filter((item) => item.set === set),
        m,
      ),
    );
    const sum = (key: "hits" | "avoided") => perSet.reduce((n, score) => n + score[key], 0);
    console.log(`${config}: ${sum("hits")} hits / ${sum("avoided")} avoided  (${perSet.map((score) => `${score.hits}/${score.avoided}`).join(" ")})`);
  }
  process.exit(0);
}

let heldHits = 0;
let heldAvoided = 0;
for (const [set, file] of SPENT_SETS.entries()) {
  const train = cases.filter((item) => item.set !== set);
  const test = cases.filter((item) => item.set === set);
  const m = fitGroups.length > 0 ? fit(train) : fixed;
  const score = total(test, m);
  heldHits += score.hits;
  heldAvoided += score.avoided;
  const shown = Object.entries(m)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  console.log(`${file}: held-out ${score.hits} hits / ${score.avoided} avoided${shown ? `  (${shown})` : ""}`);
  if (process.argv.includes("--lines")) for (const item of test) console.log(`  ${judge(item, m).line}`);
}
console.log(`held-out total: ${heldHits} hits of ${cases.length}, ${heldAvoided} profiles with an avoided fault in the first three`);
if (fitGroups.length > 0) {
  const all = fit(cases);
  console.log(`fitted on all sets: ${JSON.stringify(all)} → in sample ${JSON.stringify(total(cases, all))}`);
}

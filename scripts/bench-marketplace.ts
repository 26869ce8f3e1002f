/**
 * Benchmark: the marketplace phase of the create flow for 10 suggestions against the fake Blocket
 * (test/fakes/blocket.ts) with a simulated upstream delay. Compares, in the same run:
 *
 * - all lookups in parallel (lookupMany, what the flow does) against one after another;
 * - a cold KV cache (every lookup goes to Blocket) against a warm one (all answered from KV);
 * - uncapped (as `wrangler dev` runs it: every lookup at once) against Workers' cap as deployed:
 *   at most 5 requests of the buyer's request waiting for response headers (KV included; default
 *   `concurrency`), with every Blocket request announcing the cap of 6 to the fake, which refuses
 *   a seventh instead of queueing it.
 *
 *   node scripts/bench-marketplace.ts [--delay=300] [--kv=10] [--runs=5] [--smoke]
 *
 * --delay  simulated Blocket latency per request, ms
 * --kv     simulated latency of each KV read/write of the in-memory stand-in for CARS_CACHE, ms
 *          (Workers KV hot reads take a few ms, cold ones tens of ms)
 * --runs   repetitions per scenario; the median is printed
 * --smoke  the same path made short for CI (`npm run bench:smoke`): one run, 50 ms delay, unless given
 * The real adapter and cache run unchanged; only fetch goes to 127.0.0.1 and KV is a Map. Exits
 * non-zero if a capped run needed more than its 5 connections or the fake refused one.
 */
export {};

await import("./ts-resolve-hook.mjs");

const { createMarketplace, lookupAvailability, lookupMany } = await import("../app/server/marketplace/marketplace.server.ts");
const { DEFAULT_CONCURRENCY } = await import("../app/server/marketplace/blocket.server.ts");
const { createSlots } = await import("../app/server/http/connection-slots.server.ts");
const { startFakeBlocket } = await import("../test/fakes/blocket.ts");

type KvStub = {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
};
type Marketplace = ReturnType<typeof createMarketplace>;

function option(name: string, fallback: number): number {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split("=")[1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
  return value;
}

const smoke = process.argv.includes("--smoke");
const delayMs = option("delay", smoke ? 50 : 300);
const kvLatencyMs = option("kv", 10);
const runs = Math.max(1, Math.round(option("runs", smoke ? 1 : 5)));
const WORKERS_CAP = 6;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Same interface as the KV binding the cache uses, with a simulated round trip. */
function memoryKv(): KvStub {
  const store = new Map<string, string>();
  return {
    async get(key) {
      await sleep(kvLatencyMs);
      return store.get(key) ?? null;
    },
    async put(key, value) {
      await sleep(kvLatencyMs);
      store.set(key, value);
    },
  };
}

/** Ten suggestions as the create flow would look them up (limit 6, upper price, lower year). */
const queries = [
  { make: "Volvo", model: "XC60", maxPrice: 300_000, minYear: 2018 },
  { make: "Volvo", model: "XC40", maxPrice: 300_000, minYear: 2018 },
  { make: "Volvo", model: "XC90", maxPrice: 300_000, minYear: 2016 },
  { make: "Volvo", model: "V60", maxPrice: 250_000, minYear: 2016 },
  { make: "Toyota", model: "RAV4", maxPrice: 300_000, minYear: 2018 },
  { make: "Toyota", model: "Corolla", maxPrice: 250_000, minYear: 2019 },
  { make: "Tesla", model: "Model 3", maxPrice: 300_000, minYear: 2019 },
  { make: "Tesla", model: "Model Y", maxPrice: 400_000, minYear: 2021 },
  { make: "Volkswagen", model: "Golf", maxPrice: 200_000, minYear: 2015 },
  { make: "Volkswagen", model: "Passat", maxPrice: 250_000, minYear: 2015 },
].map((query) => ({ ...query, maxMileage: 15_000, limit: 6, sellerType: "alla" as const }));

const fake = await startFakeBlocket({ delayMs });
let run = 0;

/** Announces Workers' cap to the fake on every Blocket request of a capped run. */
const cappedFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set("x-fake-connection-cap", String(WORKERS_CAP));
  return fetch(input, { ...init, headers });
};

type Mode = "uncapped" | "capped";
const keysOf: Record<Mode, string[]> = { uncapped: [], capped: [] };

/** One marketplace per scenario and run (a fresh fake key keeps the fake's records apart). */
function marketplace(kv: KvStub, mode: Mode) {
  const key = `bench-${mode}-${++run}`;
  keysOf[mode].push(key);
  return createMarketplace(
    { source: "blocket", baseUrl: `${fake.url}/__mode/ok/${key}`, allowLoopbackBaseUrl: true },
    { kv, log: () => {}, ...(mode === "capped" ? { fetch: cappedFetch } : {}) },
  );
}

/** The buyer's request: its own slots as deployed, or as many as there are lookups (no cap). */
const forRequest = (m: Marketplace, mode: Mode) => (mode === "capped" ? m.forRequest() : m.forRequest(createSlots(1_000)));

type Phase = (m: Marketplace) => Promise<unknown>;
const parallel: Phase = (m) => lookupMany(queries, { marketplace: m });
const sequential: Phase = async (m) => {
  for (const query of queries) await lookupAvailability(query, { marketplace: m });
};

async function timed(phase: Phase, m: Marketplace): Promise<number> {
  const started = performance.now();
  await phase(m);
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const results = new Map<string, number[]>();
const record = (name: string, value: number) => results.set(name, [...(results.get(name) ?? []), value]);
for (let i = 0; i < runs; i++) {
  for (const mode of ["uncapped", "capped"] as const) {
    for (const [name, phase] of [
      ["parallel", parallel],
      ["sequential", sequential],
    ] as const) {
      const m = marketplace(memoryKv(), mode);
      // Miss and hit are two requests of two buyers: each gets its own slots.
      record(`${mode}|${name}|miss`, await timed(phase, forRequest(m, mode)));
      record(`${mode}|${name}|hit`, await timed(phase, forRequest(m, mode)));
    }
  }
}

// Sanity: every lookup succeeded, the cache answered the warm runs, and the capped runs stayed
// within their slots (the fake's own count of connections waiting for headers).
const check = marketplace(memoryKv(), "capped");
const lookups = await lookupMany(queries, { marketplace: forRequest(check, "capped") });
const unknown = lookups.filter((lookup) => lookup.availability.status !== "known").length;
const before = fake.requests.length;
await lookupMany(queries, { marketplace: forRequest(check, "capped") });
const warmRequests = fake.requests.length - before;
const peak = (mode: Mode) => Math.max(...keysOf[mode].map((key) => fake.stats(key).peakWaiting));
const refused = (mode: Mode) => keysOf[mode].reduce((sum, key) => sum + fake.stats(key).capRejected, 0);
await fake.close();

const ms = (value: number) => `${value.toFixed(1)} ms`;
const get = (mode: Mode, name: string, cache: string) => median(results.get(`${mode}|${name}|${cache}`) ?? []);
console.log(`Marketplace phase, ${queries.length} suggestions, Blocket delay ${delayMs} ms, KV latency ${kvLatencyMs} ms, median of ${runs} runs`);
console.log(`Node ${process.version}, fake Blocket on 127.0.0.1, in-memory KV stand-in\n`);
console.log(`| scenario | uncapped (wrangler dev) | cap ${WORKERS_CAP}, ${DEFAULT_CONCURRENCY} waiting for headers (deployed) |`);
console.log("|---|---|---|");
for (const name of ["parallel", "sequential"]) {
  for (const cache of ["miss", "hit"]) {
    console.log(`| ${name}, cache ${cache} | ${ms(get("uncapped", name, cache))} | ${ms(get("capped", name, cache))} |`);
  }
}
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
console.log("");
for (const mode of ["uncapped", "capped"] as const) {
  console.log(
    `  ${mode.padEnd(8)} parallel vs sequential: ${ratio(get(mode, "sequential", "miss"), get(mode, "parallel", "miss"))} faster (miss), ` +
      `${ratio(get(mode, "sequential", "hit"), get(mode, "parallel", "hit"))} (hit); cache hit vs miss: ${ratio(get(mode, "parallel", "miss"), get(mode, "parallel", "hit"))} faster (parallel)`,
  );
}
console.log(
  `  cost of the cap (parallel): ${ratio(get("capped", "parallel", "miss"), get("uncapped", "parallel", "miss"))} on a miss, ${ratio(get("capped", "parallel", "hit"), get("uncapped", "parallel", "hit"))} on a hit`,
);
console.log(`  peak Blocket requests waiting for headers: ${peak("uncapped")} uncapped, ${peak("capped")} capped (${refused("capped")} refused by the cap)`);
console.log(`\n  check: ${lookups.length - unknown}/${lookups.length} lookups known, ${warmRequests} Blocket requests on a warm cache`);

if (peak("capped") > DEFAULT_CONCURRENCY || refused("capped") > 0 || unknown > 0) {
  console.error(`\nFAILED: capped runs peaked at ${peak("capped")} connections (${refused("capped")} refused), ${unknown} lookups unknown`);
  process.exitCode = 1;
}

/**
 * Benchmark: the marketplace phase of the create flow for 10 suggestions against the fake Blocket
 * (test/fakes/blocket.ts) with a simulated upstream delay. Compares, in the same run, all lookups
 * in parallel (lookupMany, what the flow does) against one after another, and a cold KV cache
 * (every lookup goes to Blocket) against a warm one (every lookup answered from the cache).
 *
 *   node scripts/bench-marketplace.ts [--delay=300] [--kv=10] [--runs=5]
 *
 * --delay  simulated Blocket latency per request, ms
 * --kv     simulated latency of each KV read/write of the in-memory stand-in for CARS_CACHE, ms
 *          (Workers KV hot reads take a few ms, cold ones tens of ms)
 * --runs   repetitions per scenario; the median is printed
 * The real adapter and cache run unchanged; only fetch goes to 127.0.0.1 and KV is a Map.
 */
export {};

await import("./ts-resolve-hook.mjs");

const { createMarketplace, lookupAvailability, lookupMany } = await import("../app/server/marketplace/marketplace.server.ts");
const { startFakeBlocket } = await import("../test/fakes/blocket.ts");

type KvStub = {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
};

function option(name: string, fallback: number): number {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split("=")[1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
  return value;
}

const delayMs = option("delay", 300);
const kvLatencyMs = option("kv", 10);
const runs = Math.max(1, Math.round(option("runs", 5)));

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

function marketplace(kv: KvStub) {
  // A fresh fake key per marketplace keeps the fake's request log per scenario.
  return createMarketplace(
    { source: "blocket", baseUrl: `${fake.url}/__mode/ok/bench-${++run}`, allowLoopbackBaseUrl: true },
    { kv, log: () => {} },
  );
}

type Phase = (m: ReturnType<typeof marketplace>) => Promise<unknown>;
const parallel: Phase = (m) => lookupMany(queries, { marketplace: m });
const sequential: Phase = async (m) => {
  for (const query of queries) await lookupAvailability(query, { marketplace: m });
};

async function timed(phase: Phase, m: ReturnType<typeof marketplace>): Promise<number> {
  const started = performance.now();
  await phase(m);
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const results: Record<string, number[]> = { "parallel, miss": [], "sequential, miss": [], "parallel, hit": [], "sequential, hit": [] };
for (let i = 0; i < runs; i++) {
  for (const [name, phase] of [["parallel", parallel], ["sequential", sequential]] as const) {
    const m = marketplace(memoryKv());
    results[`${name}, miss`]?.push(await timed(phase, m));
    results[`${name}, hit`]?.push(await timed(phase, m));
  }
}

// Sanity: every lookup succeeded and the cache answered the warm runs.
const check = marketplace(memoryKv());
const lookups = await lookupMany(queries, { marketplace: check });
const unknown = lookups.filter((lookup) => lookup.availability.status !== "known").length;
const before = fake.requests.length;
await lookupMany(queries, { marketplace: check });
const warmRequests = fake.requests.length - before;
await fake.close();

const ms = (value: number) => `${value.toFixed(1).padStart(8)} ms`;
console.log(`Marketplace phase, ${queries.length} suggestions, Blocket delay ${delayMs} ms, KV latency ${kvLatencyMs} ms, median of ${runs} runs`);
console.log(`Node ${process.version}, fake Blocket on 127.0.0.1, in-memory KV stand-in\n`);
for (const [name, values] of Object.entries(results)) console.log(`  ${name.padEnd(18)} ${ms(median(values))}`);
const get = (name: string) => median(results[name] ?? []);
console.log("");
console.log(`  parallel vs sequential (miss): ${(get("sequential, miss") / get("parallel, miss")).toFixed(1)}× faster`);
console.log(`  parallel vs sequential (hit):  ${(get("sequential, hit") / get("parallel, hit")).toFixed(1)}× faster`);
console.log(`  cache hit vs miss (parallel):  ${(get("parallel, miss") / get("parallel, hit")).toFixed(1)}× faster`);
console.log(`  cache hit vs miss (sequential): ${(get("sequential, miss") / get("sequential, hit")).toFixed(1)}× faster`);
console.log(`\n  check: ${lookups.length - unknown}/${lookups.length} lookups known, ${warmRequests} Blocket requests on a warm cache`);

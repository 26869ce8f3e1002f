/**
 * Load test (a script, not a test): the production build served locally by `wrangler dev` with the
 * REAL OpenAI and Blocket adapters pointed at the fake upstreams on 127.0.0.1.
 *   a. landing, list and detail mixed at 50 concurrent connections for 30 s (autocannon)
 *   b. 20 users, each with its own session, creating a recommendation at the same moment; every
 *      create must be saved exactly once (checked through each user's JSON export)
 *   c. stop the server, start it again on the same state dir: is everything still there?
 *
 *   npm run load                          (= npm run build && node scripts/load.ts)
 *   node scripts/load.ts [--duration=30] [--scale=10] [--smoke]     (on an existing build)
 *   --smoke: the same path made short for CI (`npm run bench:smoke`): a 5 s mixed run unless given
 *
 * Fake upstream delays: the real-world figures of `bench:ai` (500 ms to first token, 80 tokens/s)
 * divided by --scale (default 10: 50 ms, 800 tokens/s), so one create takes about a tenth of the
 * real two-phase time; Blocket answers every search after 300 ms (as in `bench:marketplace`).
 * 20 different users stay inside the 1-per-minute AI limit; the per-address limit (10 creates an
 * hour) is raised for this server alone, since every user here comes from 127.0.0.1.
 *
 * Bounded: fixed counts, a 30 s autocannon run, a timeout on every request and a watchdog that
 * stops everything after 5 minutes. Exits non-zero on any error, non-2xx answer, or a create that
 * is missing or duplicated (before or after the restart).
 */
export {};

await import("./ts-resolve-hook.mjs");
const { mkdtempSync, rmSync } = await import("node:fs");
const { loadavg, tmpdir } = await import("node:os");
const path = await import("node:path");
const { default: autocannon } = await import("autocannon");
const { startBuiltApp } = await import("../test/setup/e2e-server.ts");
const { startFakeOpenAI } = await import("../test/fakes/openai.ts");
const { startFakeBlocket } = await import("../test/fakes/blocket.ts");

function option(name: string, fallback: number): number {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split("=")[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const CONNECTIONS = { landing: 17, list: 17, detail: 16 } as const; // 50 in all
/**
 * Signed-in users whose list and detail pages are browsed. One user's detail reads are held to 300
 * a minute (POLL_RULE), and three users left 429s once the box served more than 30 detail pages a
 * second; twelve allow 120 a second for the 30 s run.
 */
const BROWSERS = 12;
const CREATORS = 20;
const smoke = process.argv.includes("--smoke");
const DURATION_S = Math.min(option("duration", Number(process.env.LOAD_DURATION_S ?? (smoke ? 5 : 30))), 120);
const SCALE = option("scale", 10);
const WATCHDOG_MS = 5 * 60_000;
const ID_PATH = /^\/recommendations\/[\w-]{22}$/;

let failed = false;
const fail = (message: string) => {
  failed = true;
  console.log(`   FAIL: ${message}`);
};

const openai = await startFakeOpenAI({ ttftMs: 500 / SCALE, tokensPerSecond: 80 * SCALE });
const blocket = await startFakeBlocket({ delayMs: 300 });
const persistDir = mkdtempSync(path.join(tmpdir(), "drombil-load-"));
const vars = {
  OPENAI_API_KEY: "sk-load-test",
  OPENAI_BASE_URL: `${openai.url}/v1`,
  OPENAI_MODEL: "ok/load",
  MARKETPLACE_SOURCE: "blocket",
  BLOCKET_BASE_URL: `${blocket.url}/__mode/ok/load`,
  BLOCKET_ALLOW_LOOPBACK: "true",
  AI_IP_RATE_LIMIT_MAX: "100",
};

let app: Awaited<ReturnType<typeof startBuiltApp>> | undefined;
const cleanup = async () => {
  app?.stop();
  await Promise.allSettled([openai.close(), blocket.close()]);
  rmSync(persistDir, { recursive: true, force: true });
};
const watchdog = setTimeout(() => {
  console.log(`\nLOAD TEST FAILED: still running after ${WATCHDOG_MS / 60_000} minutes, stopping`);
  void cleanup().finally(() => process.exit(2));
}, WATCHDOG_MS);

const base = () => app?.baseUrl ?? "";
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${base()}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, redirectTo: "/recommendations" }),
    headers: { Origin: base() },
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (response.status !== 302 || !cookie) throw new Error(`Sign-in of ${email} failed: ${response.status}`);
  return cookie;
}

type Created = { ms: number; status: number; location: string | null; error?: string };
async function create(cookie: string, index: number): Promise<Created> {
  const started = performance.now();
  try {
    const response = await fetch(`${base()}/recommendations/create`, {
      method: "POST",
      body: new URLSearchParams({
        description: `Köpare ${index}: familjebil med dragkrok, pendlar och åker till fjällen på vintern.`,
        maxPrice: String(200_000 + index * 10_000),
        carType: "alla",
        sellerType: index % 2 ? "privat" : "alla",
      }),
      headers: { Origin: base(), Cookie: cookie },
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status, location: response.headers.get("location") };
  } catch (error) {
    return { ms: performance.now() - started, status: 0, location: null, error: String(error) };
  }
}

async function savedIds(cookie: string): Promise<string[]> {
  const response = await fetch(`${base()}/recommendations/export`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(15_000) });
  if (response.status !== 200) throw new Error(`Export answered ${response.status}`);
  const body = (await response.json()) as { recommendations: { id: string }[] };
  return body.recommendations.map((row) => row.id);
}

/** Milliseconds from `since` until the user's export holds a saved recommendation; Infinity after 60 s. */
async function untilSaved(cookie: string, since: number): Promise<number> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if ((await savedIds(cookie)).length > 0) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Number.POSITIVE_INFINITY;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
function table(rows: string[][]) {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  for (const [index, row] of rows.entries()) {
    console.log(`   ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ")}`);
    if (index === 0) console.log(`   ${widths.map((width) => "-".repeat(width)).join("  ")}`);
  }
}

/** One autocannon instance; every response's latency is kept, so p95 and an overall figure exist. */
async function hammer(connections: number, requests: { path: string; headers?: Record<string, string> }[]) {
  const latencies: number[] = [];
  const instance = autocannon({
    url: base(),
    connections,
    duration: DURATION_S,
    timeout: 10,
    requests: requests.map((request) => ({ method: "GET", ...request })),
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return { result, latencies };
}

try {
  app = await startBuiltApp({ vars, persistDir });
  console.log(
    `Served build at ${app.baseUrl} (state ${persistDir}); fake OpenAI ${openai.url} (TTFT ${500 / SCALE} ms, ${80 * SCALE} tokens/s), fake Blocket ${blocket.url} (300 ms); load average ${load()}`,
  );

  // A few signed-in users with one recommendation each to browse.
  const browsers: { cookie: string; detail: string }[] = [];
  for (let index = 0; index < BROWSERS; index++) {
    const cookie = await signIn(`surfare${index}@example.se`);
    const seeded = await create(cookie, 100 + index);
    if (seeded.status !== 302 || !ID_PATH.test(seeded.location ?? "")) throw new Error(`Seeding failed: ${seeded.status} ${seeded.error ?? ""}`);
    browsers.push({ cookie, detail: seeded.location ?? "" });
  }

  console.log(
    `\na. Mixed browsing: 50 connections for ${DURATION_S} s (landing ${CONNECTIONS.landing}, list ${CONNECTIONS.list}, detail ${CONNECTIONS.detail}; list and detail rotate over ${BROWSERS} signed-in users)`,
  );
  const runs = await Promise.all([
    hammer(CONNECTIONS.landing, [{ path: "/" }]),
    hammer(
      CONNECTIONS.list,
      browsers.map(({ cookie }) => ({ path: "/recommendations", headers: { cookie } })),
    ),
    hammer(
      CONNECTIONS.detail,
      browsers.map(({ cookie, detail }) => ({ path: detail, headers: { cookie } })),
    ),
  ]);
  const rows = [["route", "req/s", "requests", "p50", "p95", "p99", "max", "errors", "timeouts", "non-2xx"]];
  const all: number[] = [];
  let totals = { rps: 0, count: 0, errors: 0, timeouts: 0, non2xx: 0 };
  for (const [name, { result, latencies }] of [
    ["landing", runs[0]],
    ["list", runs[1]],
    ["detail", runs[2]],
  ] as const) {
    all.push(...latencies);
    totals = {
      rps: totals.rps + result.requests.average,
      count: totals.count + latencies.length,
      errors: totals.errors + result.errors,
      timeouts: totals.timeouts + result.timeouts,
      non2xx: totals.non2xx + result.non2xx,
    };
    rows.push([
      name,
      result.requests.average.toFixed(0),
      String(latencies.length),
      ms(percentile(latencies, 50)),
      ms(percentile(latencies, 95)),
      ms(percentile(latencies, 99)),
      ms(Math.max(...latencies)),
      String(result.errors),
      String(result.timeouts),
      String(result.non2xx),
    ]);
  }
  rows.push([
    "overall",
    totals.rps.toFixed(0),
    String(totals.count),
    ms(percentile(all, 50)),
    ms(percentile(all, 95)),
    ms(percentile(all, 99)),
    ms(Math.max(...all)),
    String(totals.errors),
    String(totals.timeouts),
    String(totals.non2xx),
  ]);
  table(rows);
  if (totals.errors + totals.timeouts + totals.non2xx > 0) fail(`${totals.errors} errors, ${totals.timeouts} timeouts, ${totals.non2xx} non-2xx answers`);

  console.log(`\nb. ${CREATORS} users (one session each) create a recommendation at the same moment`);
  const cookies = await Promise.all(Array.from({ length: CREATORS }, (_, index) => signIn(`kopare${index}@example.se`)));
  const started = performance.now();
  const creates = await Promise.all(cookies.map((cookie, index) => create(cookie, index + 1)));
  const wall = performance.now() - started;
  const times = creates.map((result) => result.ms);
  const createErrors = creates.filter((result) => result.status !== 302 || !ID_PATH.test(result.location ?? ""));
  table([
    ["creates", "wall", "p50", "p95", "max", "errors"],
    [String(CREATORS), ms(wall), ms(percentile(times, 50)), ms(percentile(times, 95)), ms(Math.max(...times)), String(createErrors.length)],
  ]);
  if (createErrors.length) fail(`creates answered ${createErrors.map((result) => result.error ?? result.status).join(", ")}`);
  // The answer is a redirect to the result being made (docs/decisions/008); the work finishes in
  // each job's Durable Object. Wait for every result to be saved and time it from the submit.
  const completed = await Promise.all(cookies.map((cookie) => untilSaved(cookie, started)));
  table([
    ["complete", "p50", "p95", "max", "not saved in 60 s"],
    [
      String(CREATORS),
      ms(percentile(completed.filter(Number.isFinite), 50)),
      ms(percentile(completed.filter(Number.isFinite), 95)),
      ms(Math.max(...completed.filter(Number.isFinite))),
      String(completed.filter((value) => !Number.isFinite(value)).length),
    ],
  ]);
  const before = await Promise.all(cookies.map(savedIds));
  const onceEach = before.map((ids, index) => ids.length === 1 && `/recommendations/${ids[0]}` === creates[index]?.location);
  console.log(`   saved exactly once (each user's export holds exactly its one new id): ${onceEach.filter(Boolean).length} of ${CREATORS} users`);
  if (onceEach.some((ok) => !ok)) fail(`saved per user: ${before.map((ids) => ids.length).join(",")}`);
  const browsersBefore = await Promise.all(browsers.map(({ cookie }) => savedIds(cookie)));

  console.log("\nc. Stop the server, start it again on the same state dir");
  app.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  app = await startBuiltApp({ vars, persistDir });
  console.log(`   restarted at ${app.baseUrl}`);
  const after = await Promise.all(cookies.map(savedIds));
  const browsersAfter = await Promise.all(browsers.map(({ cookie }) => savedIds(cookie)));
  const perUser = [
    ["user", "before", "after", "same ids"],
    ...browsers.map((_, index) => [
      `surfare${index}`,
      String(browsersBefore[index]?.length),
      String(browsersAfter[index]?.length),
      same(browsersBefore[index], browsersAfter[index]),
    ]),
    ...cookies.map((_, index) => [`kopare${index}`, String(before[index]?.length), String(after[index]?.length), same(before[index], after[index])]),
  ];
  table(perUser);
  const total = (lists: string[][]) => lists.reduce((sum, ids) => sum + ids.length, 0);
  const kept = perUser.slice(1).every((row) => row[3] === "yes");
  console.log(
    `   total: ${total([...browsersBefore, ...before])} before, ${total([...browsersAfter, ...after])} after (sessions signed before the restart still valid)`,
  );
  if (!kept) fail("data or sessions lost over the restart");
  // Each user's detail page still renders after the restart.
  const detailAfter = await fetch(`${app.baseUrl}${browsers[0]?.detail}`, {
    headers: { Cookie: browsers[0]?.cookie ?? "" },
    signal: AbortSignal.timeout(15_000),
  });
  console.log(`   ${browsers[0]?.detail} after the restart: ${detailAfter.status}`);
  if (detailAfter.status !== 200) fail(`detail after restart answered ${detailAfter.status}`);
  console.log(`\nload average at the end ${load()} (2 cores, shared by app, fakes and load generator)`);
} catch (error) {
  fail(String(error instanceof Error ? error.stack : error));
} finally {
  clearTimeout(watchdog);
  await cleanup();
}

function same(a: string[] | undefined, b: string[] | undefined) {
  return a && b && a.length > 0 && JSON.stringify(a) === JSON.stringify(b) ? "yes" : "NO";
}

console.log(failed ? "\nLOAD TEST FAILED" : "\nload test passed: 0 errors, every create saved exactly once, data kept over a restart");
process.exit(failed ? 1 : 0);

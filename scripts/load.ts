/**
 * Load test (a script, not a test): the production build served locally with the REAL OpenAI and
 * Blocket adapters pointed at the fake upstreams on 127.0.0.1.
 *   a. landing, list and detail mixed at 50 concurrent connections for 30 s (autocannon)
 *   b. 20 users creating recommendations at the same moment; each saved exactly once?
 *   c. restart the server on the same state: is everything still there?
 *
 *   npm run build && npm run load
 *
 * The fakes answer fast (OpenAI: 50 ms to first token, 2 000 tokens/s; Blocket: 100 ms) so the
 * app, not the simulated upstream, is what is measured. Exits non-zero on any error, or when a
 * create is missing or duplicated.
 */
export {};

await import("./ts-resolve-hook.mjs");
const { mkdtempSync, rmSync } = await import("node:fs");
const { tmpdir } = await import("node:os");
const path = await import("node:path");
const { default: autocannon } = await import("autocannon");
const { startBuiltApp } = await import("../test/setup/e2e-server.ts");
const { startFakeOpenAI } = await import("../test/fakes/openai.ts");
const { startFakeBlocket } = await import("../test/fakes/blocket.ts");

const CREATORS = 20;
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 30);
let failed = false;
const fail = (message: string) => {
  failed = true;
  console.log(`   FAIL: ${message}`);
};

const openai = await startFakeOpenAI({ ttftMs: 50, tokensPerSecond: 2_000 });
const blocket = await startFakeBlocket({ delayMs: 100 });
const persistDir = mkdtempSync(path.join(tmpdir(), "drombil-load-"));
const vars = {
  OPENAI_API_KEY: "sk-load-test",
  OPENAI_BASE_URL: `${openai.url}/v1`,
  OPENAI_MODEL: "ok/load",
  MARKETPLACE_SOURCE: "blocket",
  BLOCKET_BASE_URL: `${blocket.url}/__mode/ok/load`,
  BLOCKET_ALLOW_LOOPBACK: "true",
};
let app = await startBuiltApp({ vars, persistDir });

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, redirectTo: "/recommendations" }),
    headers: { Origin: app.baseUrl },
    redirect: "manual",
  });
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

async function create(cookie: string, index: number): Promise<{ ms: number; status: number; location: string | null }> {
  const started = performance.now();
  const response = await fetch(`${app.baseUrl}/recommendations/create`, {
    method: "POST",
    body: new URLSearchParams({
      description: `Köpare ${index}: familjebil med dragkrok, pendlar och åker till fjällen på vintern.`,
      maxPrice: String(200_000 + index * 10_000),
      carType: "alla",
      sellerType: index % 2 ? "privat" : "alla",
    }),
    headers: { Origin: app.baseUrl, Cookie: cookie },
    redirect: "manual",
  });
  return { ms: performance.now() - started, status: response.status, location: response.headers.get("location") };
}

async function savedIds(cookie: string): Promise<string[]> {
  const response = await fetch(`${app.baseUrl}/recommendations/export`, { headers: { Cookie: cookie } });
  const body = (await response.json()) as { recommendations: { id: string }[] };
  return body.recommendations.map((row) => row.id);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

try {
  // Someone to browse as, with one recommendation to open.
  const browser = await signIn("surfare@example.se");
  const seeded = await create(browser, 0);
  if (seeded.status !== 302 || !seeded.location) throw new Error(`Seeding failed: ${seeded.status}`);
  const detailPath = seeded.location;

  console.log(`\na. Mixed browsing: 50 connections for ${DURATION_S} s (landing 17, list 17, detail 16)`);
  const runs = await Promise.all([
    autocannon({ url: `${app.baseUrl}/`, connections: 17, duration: DURATION_S }),
    autocannon({ url: `${app.baseUrl}/recommendations`, connections: 17, duration: DURATION_S, headers: { cookie: browser } }),
    autocannon({ url: `${app.baseUrl}${detailPath}`, connections: 16, duration: DURATION_S, headers: { cookie: browser } }),
  ]);
  let totalRps = 0;
  for (const [name, result] of [["landing", runs[0]], ["list", runs[1]], ["detail", runs[2]]] as const) {
    totalRps += result.requests.average;
    console.log(
      `   ${name.padEnd(8)} ${result.requests.average.toFixed(0).padStart(5)} req/s  p50 ${result.latency.p50} ms  p97.5 ${result.latency.p97_5} ms  p99 ${result.latency.p99} ms  errors ${result.errors}  non-2xx ${result.non2xx}`,
    );
    if (result.errors + result.non2xx + result.timeouts > 0) fail(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
  console.log(`   overall  ${totalRps.toFixed(0).padStart(5)} req/s`);

  console.log(`\nb. ${CREATORS} users create a recommendation at the same moment`);
  const cookies = await Promise.all(Array.from({ length: CREATORS }, (_, index) => signIn(`kopare${index}@example.se`)));
  const started = performance.now();
  const creates = await Promise.all(cookies.map((cookie, index) => create(cookie, index + 1)));
  const wall = performance.now() - started;
  const times = creates.map((result) => result.ms);
  console.log(
    `   wall ${wall.toFixed(0)} ms  p50 ${percentile(times, 50).toFixed(0)} ms  p95 ${percentile(times, 95).toFixed(0)} ms  max ${Math.max(...times).toFixed(0)} ms`,
  );
  const errors = creates.filter((result) => result.status !== 302 || !/^\/recommendations\/[\w-]{22}$/.test(result.location ?? ""));
  console.log(`   errors ${errors.length}`);
  if (errors.length) fail(`creates answered ${errors.map((result) => result.status).join(", ")}`);
  const before = await Promise.all(cookies.map(savedIds));
  const exactlyOnce = before.every((ids, index) => ids.length === 1 && `/recommendations/${ids[0]}` === creates[index]?.location);
  console.log(`   saved exactly once for every user: ${exactlyOnce ? "yes" : "NO"}`);
  if (!exactlyOnce) fail(`saved counts per user: ${before.map((ids) => ids.length).join(",")}`);

  console.log("\nc. Restart the server on the same state");
  app.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  app = await startBuiltApp({ vars, persistDir });
  const after = await Promise.all(cookies.map(savedIds));
  const kept = after.every((ids, index) => JSON.stringify(ids) === JSON.stringify(before[index]));
  const browserKept = (await savedIds(browser)).length === 1;
  console.log(`   recommendations after restart: ${after.reduce((sum, ids) => sum + ids.length, 0) + (browserKept ? 1 : 0)} of ${CREATORS + 1}, sessions still valid: ${kept && browserKept ? "yes" : "NO"}`);
  if (!kept || !browserKept) fail("data or sessions lost over a restart");
} finally {
  app.stop();
  await openai.close();
  await blocket.close();
  rmSync(persistDir, { recursive: true, force: true });
}

console.log(failed ? "\nLOAD TEST FAILED" : "\nload test passed: 0 errors, every create saved exactly once, data kept over a restart");
process.exit(failed ? 1 : 0);

/**
 * Performance budgets, printed with the budget beside each figure (a benchmark, not a test):
 *   1. JavaScript shipped to the landing page: every <script src>, <link rel="modulepreload"> and
 *      inline module import in the served HTML of `/`, plus whatever those files import statically,
 *      fetched and gzipped with node:zlib (level 9). Budget 115 KB gzip in the local mode (React
 *      DOM, React and React Router alone are ≈ 105 KB); scripts from another origin (Clerk's CDN
 *      script, only in Clerk mode) are listed and excluded, and so is anything the page only
 *      imports dynamically (Clerk's React SDK, loaded only when Clerk is configured).
 *   2. Lighthouse (npm `lighthouse`) in Debian's `chromium-headless-shell` when installed (else
 *      `chromium --headless=new`; `--browser=full` picks the full browser), with the flags of
 *      test/setup/chromium.ts, on the landing, create and detail pages, mobile (Lighthouse's
 *      default, simulated slow 4G and 4× CPU slowdown; THE BUDGET APPLIES TO THIS) and the desktop
 *      preset, while the server runs at the lowest CPU priority (a phone does not share its CPU
 *      with the web server; see docs/benchmarks.md for why both choices matter on two cores).
 *      The browser reaches the pages over HTTP/2, as Cloudflare serves them, through a TLS front
 *      on `wrangler dev` (test/setup/h2-front.ts); `--protocol=http1` measures HTTP/1.1 instead.
 *      Targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95.
 *   3. List and detail latency under load: autocannon, 10 connections for 10 s per page, the
 *      requests spread over 24 signed-in users (each their own list and recommendation; one
 *      user alone is held to the per-user limit of 300 reads a minute). Budget p95 < 200 ms of the
 *      2xx answers (local wrangler dev, 2-core box); 429s are counted and printed apart, and any
 *      429 fails the measurement: the spread is there so that none is answered.
 *
 *   npm run bench:budgets              (= npm run build && node scripts/perf-budgets.ts)
 *   node scripts/perf-budgets.ts [--runs=3] [--browser=full] [--protocol=http1] [--smoke]
 *     --runs: Lighthouse runs per page and preset, 1–5, default 3; the run with the median
 *             performance score is shown, every run's score beside it
 *     --browser=full: Lighthouse in the full Chromium (`--headless=new`) instead of the headless shell
 *     --protocol=http1: Lighthouse straight to `wrangler dev` over HTTP/1.1, without the HTTP/2 front
 *     --smoke: the same path made short for CI (`npm run bench:smoke`): one Lighthouse run per page
 *              and preset, 2 s of load per page over eight users; figures printed, budgets not judged
 *
 * Serves the production build with `wrangler dev` on local defaults (a fresh state dir; local
 * sign-in, catalogue recommender, demo marketplace), signs the users in and creates one
 * recommendation each; the first user's pages are the signed-in pages Lighthouse measures. Exit
 * code: 0 even when a figure is over budget (it prints OVER BUDGET; benchmarks are not tests);
 * non-zero only when a measurement could not be made (server, sign-in, Lighthouse error, or
 * errors or non-2xx answers other than 429 in the latency run).
 */
export {};

await import("./ts-resolve-hook.mjs");
const { gzipSync } = await import("node:zlib");
const { loadavg } = await import("node:os");
const { default: autocannon } = await import("autocannon");
const chromeLauncher = await import("chrome-launcher");
const { default: lighthouse } = await import("lighthouse");
const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
const { startBuiltApp } = await import("../test/setup/e2e-server.ts");
const { startH2Front } = await import("../test/setup/h2-front.ts");
const { execFileSync } = await import("node:child_process");
const { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_CHROMIUM_PATH } = await import("../test/setup/chromium.ts");

const JS_BUDGET_KB = 115;
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 } as const;
type Category = keyof typeof TARGETS;
const LATENCY_P95_BUDGET_MS = 200;
const smoke = process.argv.includes("--smoke");
/**
 * Signed-in users the latency run spreads its requests over, each reading their own list and
 * recommendation. One user alone cannot be measured: reading a recommendation is limited to 300
 * requests a minute per user (the pending page's polls), and 10 connections make more than that.
 * Eight users left 429s when this box served more than 240 reads a second; 24 allow 720 a second
 * for the 10 s run. The creates of that many users from one address are allowed by raising the
 * create limits for this server only (CREATE_LIMITS below): they are not what is measured.
 */
const LATENCY_USERS = smoke ? 8 : 24;
const LATENCY_SECONDS = smoke ? 2 : 10;
const CREATE_LIMITS = { AI_RATE_LIMIT_MAX: "1000", AI_IP_RATE_LIMIT_MAX: "1000", AI_DAILY_BUDGET: "1000" };
const runsArg = process.argv.find((value) => value.startsWith("--runs="));
const RUNS = Math.min(Math.max(Number(runsArg?.split("=")[1] ?? (smoke ? 1 : 3)) || 1, 1), 5);
const WATCHDOG_MS = 15 * 60_000;
/**
 * The headless shell by default: the full browser's compositor and its capture of Lighthouse's
 * filmstrip screenshots took 1.3 CPU seconds during one landing-page load (the page's own main
 * thread: 0.35 s), on the same two cores, and Lighthouse multiplies the page's stretched tasks by four.
 */
const LIGHTHOUSE_CHROMIUM = process.argv.includes("--browser=full") ? CHROMIUM_PATH : TEST_CHROMIUM_PATH;
const LIGHTHOUSE_FLAGS = [...CHROMIUM_ARGS, ...(LIGHTHOUSE_CHROMIUM === CHROMIUM_PATH ? ["--headless=new"] : [])];
const HTTP1 = process.argv.includes("--protocol=http1");

/** Sets the server's CPU priority (nice 19: lowest; 0: normal); says so when it cannot. */
function serverPriority(nice: number): string {
  if (!app.processGroup) return "server priority unchanged (no process group)";
  try {
    execFileSync("renice", ["-n", String(nice), "-g", String(app.processGroup)], { stdio: "ignore" });
    return `server at nice ${nice}`;
  } catch {
    return "server priority unchanged (renice refused)";
  }
}

const mark = (ok: boolean) => (ok ? "ok" : "OVER BUDGET");
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
let measurementFailed = false;

process.env.CHROME_PATH ??= CHROMIUM_PATH;
const app = await startBuiltApp({ vars: CREATE_LIMITS });
const base = app.baseUrl;
let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
let front: Awaited<ReturnType<typeof startH2Front>> | undefined;
const watchdog = setTimeout(() => {
  console.log(`\nstill running after ${WATCHDOG_MS / 60_000} minutes, stopping`);
  chrome?.kill();
  front?.close();
  app.stop();
  process.exit(2);
}, WATCHDOG_MS);

/**
 * Signs `budget-<index>@example.se` in and creates one recommendation for them, answered once the
 * result is saved: the create answers at once and the work finishes in the background
 * (docs/decisions/008), and the detail page measured is the result, not its progress page.
 */
async function signedInUserWithRecommendation(index: number): Promise<{ cookie: string; detailPath: string }> {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: index === 0 ? "budget@example.se" : `budget-${index}@example.se`, redirectTo: "/recommendations" }),
    headers: { Origin: base },
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const created = await fetch(`${base}/recommendations/create`, {
    method: "POST",
    body: new URLSearchParams({
      description: "Familjebil med dragkrok för hund och långresor, gärna fyrhjulsdrift",
      maxPrice: String(250_000 + index * 10_000),
      carType: "alla",
      sellerType: "alla",
    }),
    headers: { Origin: base, Cookie: cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const detailPath = created.headers.get("location") ?? "";
  if (!cookie || !/^\/recommendations\/[\w-]{22}$/.test(detailPath))
    throw new Error(`Could not sign user ${index} in and create a recommendation (${created.status})`);
  for (let waited = 0; ; waited += 250) {
    const page = await (await fetch(`${base}${detailPath}`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(15_000) })).text();
    if (!page.includes('data-testid="pending-recommendation"')) break;
    if (waited > 30_000) throw new Error("The recommendation was not saved within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { cookie, detailPath };
}

try {
  console.log(`Served build at ${base} (local defaults); load average ${load()}`);
  // Signed-in users with one saved recommendation each: the first is measured by Lighthouse, all
  // of them share the latency run (see LATENCY_USERS).
  const users = await Promise.all(Array.from({ length: LATENCY_USERS }, (_, index) => signedInUserWithRecommendation(index)));
  const { cookie, detailPath } = users[0] ?? { cookie: "", detailPath: "" };

  // 1. JavaScript on the landing page.
  const html = await (await fetch(`${base}/`, { signal: AbortSignal.timeout(15_000) })).text();
  const found = new Map<string, string>(); // absolute URL → how it was found
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.set(new URL(match[1] ?? "", base).href, "script src");
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) found.set(new URL(href, base).href, "modulepreload");
  }
  let inlineBytes = 0;
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? "";
    inlineBytes += gzipSync(body, { level: 9 }).length;
    for (const imported of body.matchAll(/import\s*(?:\(\s*)?["']([^"']+\.js)["']/g)) {
      const url = new URL(imported[1] ?? "", base).href;
      if (!found.has(url)) found.set(url, "inline import");
    }
  }
  console.log(`\n1. JavaScript shipped to the landing page (gzip -9)   budget ${JS_BUDGET_KB} KB, other origins (Clerk's CDN) excluded`);
  const rows: { url: string; how: string; raw: number; gzip: number }[] = [];
  const excluded: string[] = [];
  const queue = [...found.keys()];
  for (let index = 0; index < queue.length && index < 200; index++) {
    const url = queue[index] ?? "";
    if (new URL(url).origin !== base) {
      excluded.push(url);
      continue;
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    rows.push({ url, how: found.get(url) ?? "", raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    // Static imports the browser fetches before running the page (a missing modulepreload).
    for (const imported of bytes.toString("utf8").matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const next = new URL(imported[1] ?? "", url).href;
      if (!found.has(next)) {
        found.set(next, "static import (not preloaded)");
        queue.push(next);
      }
    }
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`   ${"raw KB".padStart(8)}  ${"gzip KB".padStart(8)}  file`);
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`   ${kb(row.raw).padStart(8)}  ${kb(row.gzip).padStart(8)}  ${new URL(row.url).pathname}  (${row.how})`);
  }
  const totalGzip = rows.reduce((sum, row) => sum + row.gzip, 0);
  const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
  console.log(
    `   ${kb(totalRaw).padStart(8)}  ${kb(totalGzip).padStart(8)}  TOTAL (${rows.length} files)   budget ${JS_BUDGET_KB} KB   ${mark(totalGzip / 1024 <= JS_BUDGET_KB)}`,
  );
  console.log(
    `   not counted: ${kb(inlineBytes)} KB gzip of inline scripts (hydration data, scroll restoration); other origins: ${excluded.length ? excluded.join(", ") : "none (local sign-in mode)"}`,
  );

  // 2. Lighthouse.
  console.log(
    `\n2. Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ""}scores 0–100   targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95; the budget applies to mobile`,
  );
  front = HTTP1 ? undefined : await startH2Front(base);
  const pageBase = front?.url ?? base;
  chrome = await chromeLauncher.launch({ chromePath: LIGHTHOUSE_CHROMIUM, chromeFlags: [...LIGHTHOUSE_FLAGS, ...(front?.chromiumFlags ?? [])] });
  console.log(
    `   browser ${LIGHTHOUSE_CHROMIUM}; ${front ? "HTTP/2 (TLS front, as production)" : "HTTP/1.1 (wrangler dev directly)"}; ${serverPriority(19)}; load average ${load()}`,
  );
  const pages: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: "landing", path: "/", headers: {} },
    { name: "create", path: "/recommendations/create", headers: { Cookie: cookie } },
    { name: "detail", path: detailPath, headers: { Cookie: cookie } },
  ];
  const order: Category[] = ["performance", "accessibility", "best-practices", "seo"];
  console.log(`   ${"page".padEnd(8)} ${"preset".padEnd(8)}  perf  a11y  best   seo   LCP (ms)  TBT (ms)  CLS`);
  console.log(`   ${"target".padEnd(8)} ${"".padEnd(8)}  ≥ 95   100  ≥ 95  ≥ 95`);
  for (const preset of ["mobile", "desktop"] as const) {
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        // A trace now and then comes back without a navigation start (NO_NAVSTART) on this box;
        // such a run has no scores, so it is repeated (at most three attempts).
        let result;
        for (let attempt = 1; attempt <= 3; attempt++) {
          result = await lighthouse(
            `${pageBase}${page.path}`,
            { port: chrome.port, output: "json", logLevel: "error", extraHeaders: page.headers },
            preset === "desktop" ? desktopConfig : undefined,
          );
          if (result && !result.lhr.runtimeError) break;
          console.log(`   (${page.name} ${preset}: ${result?.lhr.runtimeError?.code ?? "no result"}, attempt ${attempt} of 3)`);
        }
        if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${page.path}: ${result?.lhr.runtimeError?.message ?? "no result"}`);
        // A figure taken over another protocol than the one printed would be a false figure.
        const documentProtocol = (result.lhr.audits["network-requests"]?.details as { items?: { protocol?: string }[] } | undefined)?.items?.[0]?.protocol;
        if (documentProtocol !== (front ? "h2" : "http/1.1")) throw new Error(`${page.path} was loaded over ${documentProtocol ?? "an unknown protocol"}`);
        runs.push(result.lhr);
      }
      // The run with the median performance score stands for all of them.
      const lhr =
        [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))[Math.floor(runs.length / 2)] ?? runs[0];
      if (!lhr) continue;
      const score = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const over = order.filter((id) => score(id) < TARGETS[id]);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      console.log(
        `   ${page.name.padEnd(8)} ${preset.padEnd(8)}  ${order.map((id) => String(score(id)).padStart(4)).join("  ")}  ${metric("largest-contentful-paint").toFixed(0).padStart(9)}  ${metric("total-blocking-time").toFixed(0).padStart(8)}  ${metric("cumulative-layout-shift").toFixed(3)}  ${over.length ? `OVER BUDGET (${over.join(", ")})` : "ok"}   runs: ${runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)).join(" ")}`,
      );
      for (const id of over) {
        const refs = lhr.categories[id]?.auditRefs ?? [];
        const failing = refs
          .filter((ref) => ref.weight > 0 || id === "performance")
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative");
        for (const audit of failing.slice(0, 5)) console.log(`              - ${id}: ${audit?.id} (${audit?.displayValue || audit?.title})`);
        if (id === "seo") {
          // What SEO would be without the robots audit (signed-in pages are noindex on purpose).
          const scored = refs.filter((ref) => ref.weight > 0 && ref.id !== "is-crawlable" && lhr.audits[ref.id]?.score !== null);
          const weight = scored.reduce((sum, ref) => sum + ref.weight, 0);
          const rest = scored.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0);
          console.log(`              (SEO without is-crawlable: ${Math.round((rest / weight) * 100)})`);
        }
      }
    }
  }
  chrome.kill();
  chrome = undefined;
  front?.close();
  serverPriority(0);

  // 3. Latency under load.
  console.log(
    `\n3. Latency under load (autocannon, 10 connections, ${LATENCY_SECONDS} s per page, spread over ${users.length} signed-in users)   budget p95 < ${LATENCY_P95_BUDGET_MS} ms`,
  );
  console.log(
    `   ${"page".padEnd(7)} ${"req/s".padStart(6)}  ${"p50".padStart(7)}  ${"p95".padStart(7)}  ${"p99".padStart(7)}  ${"429".padStart(5)}  errors/other non-2xx`,
  );
  for (const [name, pathOf] of [
    ["list", () => "/recommendations"],
    ["detail", (user: (typeof users)[number]) => user.detailPath],
  ] as const) {
    // Percentiles of the 2xx answers only; a 429 (a user over the per-user limit) is counted apart:
    // it is the limit working, answered without the page's reads, and would flatter the figures.
    const latencies: number[] = [];
    let limited = 0;
    const instance = autocannon({
      url: base,
      connections: 10,
      duration: LATENCY_SECONDS,
      timeout: 10,
      requests: users.map((user) => ({ method: "GET", path: pathOf(user), headers: { cookie: user.cookie } })),
    });
    instance.on("response", (_client, status, _bytes, responseTime) => {
      if (status === 429) limited++;
      else if (status >= 200 && status < 300) latencies.push(responseTime);
    });
    const result = await instance;
    const errors = result.errors + result.timeouts + result.non2xx - limited;
    if (errors > 0 || limited > 0) measurementFailed = true;
    const p95 = percentile(latencies, 95);
    console.log(
      `   ${name.padEnd(7)} ${result.requests.average.toFixed(0).padStart(6)}  ${`${percentile(latencies, 50).toFixed(0)} ms`.padStart(7)}  ${`${p95.toFixed(0)} ms`.padStart(7)}  ${`${percentile(latencies, 99).toFixed(0)} ms`.padStart(7)}  ${String(limited).padStart(5)}  ${String(errors).padStart(20)}  ${mark(p95 < LATENCY_P95_BUDGET_MS && errors === 0)}${limited ? "  (429: over the per-user limit; not in the percentiles; FAILS the run: spread over more users)" : ""}`,
    );
  }
  console.log(`\nload average at the end ${load()} (2 cores; figures are noisy when other work runs)`);
} catch (error) {
  measurementFailed = true;
  console.log(`\nMEASUREMENT FAILED: ${error instanceof Error ? error.stack : error}`);
} finally {
  clearTimeout(watchdog);
  chrome?.kill();
  front?.close();
  app.stop();
}
process.exit(measurementFailed ? 1 : 0);

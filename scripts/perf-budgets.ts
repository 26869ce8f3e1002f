/**
 * Performance budgets, printed with the budget beside each figure (a benchmark, not a test):
 *   1. JavaScript shipped to the landing page, gzip (budget 100 KB; Clerk's own CDN script excluded)
 *   2. Lighthouse on the landing, create and detail pages, mobile (default) and desktop presets
 *      (targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95)
 *   3. List and detail latency under load (autocannon, 10 connections, 10 s each)
 *
 *   npm run build && npm run bench:budgets
 *
 * Serves the production build with `wrangler dev` on local defaults (a fresh state dir), signs a
 * user in and creates one recommendation to measure the signed-in pages. Exits 0 even when over
 * budget: it prints OVER BUDGET instead.
 */
export {};

await import("./ts-resolve-hook.mjs");
const { gzipSync } = await import("node:zlib");
const { default: autocannon } = await import("autocannon");
const chromeLauncher = await import("chrome-launcher");
const { default: lighthouse } = await import("lighthouse");
const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
const { startBuiltApp } = await import("../test/setup/e2e-server.ts");
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import("../test/setup/chromium.ts");

const JS_BUDGET_KB = 100;
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 } as const;
const LATENCY_P99_BUDGET_MS = 250;

const mark = (ok: boolean) => (ok ? "ok" : "OVER BUDGET");
const app = await startBuiltApp();
const base = app.baseUrl;

try {
  // A signed-in user with one recommendation.
  const login = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: "budget@example.se", redirectTo: "/recommendations" }),
    headers: { Origin: base },
    redirect: "manual",
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const created = await fetch(`${base}/recommendations/create`, {
    method: "POST",
    body: new URLSearchParams({
      description: "Familjebil med dragkrok för hund och långresor, gärna fyrhjulsdrift",
      maxPrice: "250000",
      carType: "alla",
      sellerType: "alla",
    }),
    headers: { Origin: base, Cookie: cookie },
    redirect: "manual",
  });
  const detailPath = created.headers.get("location") ?? "";
  if (!cookie || !/^\/recommendations\/[\w-]{22}$/.test(detailPath)) throw new Error("Could not sign in and create a recommendation");

  // 1. JavaScript on the landing page.
  const html = await (await fetch(`${base}/`)).text();
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ""))];
  let totalGzip = 0;
  console.log("\n1. JavaScript shipped to the landing page (gzip -9)");
  for (const path of scripts) {
    const bytes = gzipSync(Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer()), { level: 9 }).length;
    totalGzip += bytes;
    console.log(`   ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${path}`);
  }
  const totalKb = totalGzip / 1024;
  console.log(`   ${totalKb.toFixed(1).padStart(6)} KB  total   budget ${JS_BUDGET_KB} KB   ${mark(totalKb <= JS_BUDGET_KB)}`);

  // 2. Lighthouse.
  console.log("\n2. Lighthouse (scores 0–100; targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95)");
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, "--headless=new"] });
  try {
    const pages: { name: string; path: string; headers: Record<string, string> }[] = [
      { name: "landing", path: "/", headers: {} },
      { name: "create", path: "/recommendations/create", headers: { Cookie: cookie } },
      { name: "detail", path: detailPath, headers: { Cookie: cookie } },
    ];
    console.log(`   ${"page".padEnd(8)} ${"preset".padEnd(8)} perf  a11y  best  seo`);
    for (const preset of ["mobile", "desktop"] as const) {
      for (const page of pages) {
        const result = await lighthouse(
          `${base}${page.path}`,
          { port: chrome.port, output: "json", logLevel: "error", extraHeaders: page.headers },
          preset === "desktop" ? desktopConfig : undefined,
        );
        const categories = result?.lhr.categories ?? {};
        const score = (id: keyof typeof TARGETS) => Math.round((categories[id]?.score ?? 0) * 100);
        const scores = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).map((id) => ({ id, value: score(id) }));
        const over = scores.filter(({ id, value }) => value < TARGETS[id]).map(({ id }) => id);
        console.log(
          `   ${page.name.padEnd(8)} ${preset.padEnd(8)} ${scores.map(({ value }) => String(value).padStart(4)).join("  ")}  ${over.length ? `OVER BUDGET (${over.join(", ")})` : "ok"}`,
        );
        for (const id of over) {
          const audits = Object.values(result?.lhr.audits ?? {}).filter(
            (audit) => audit.score !== null && audit.score < 0.9 && (result?.lhr.categories[id]?.auditRefs ?? []).some((ref) => ref.id === audit.id && ref.weight > 0),
          );
          for (const audit of audits.slice(0, 4)) console.log(`            - ${id}: ${audit.id} (${audit.displayValue ?? audit.score})`);
        }
      }
    }
  } finally {
    chrome.kill();
  }

  // 3. Latency under load.
  console.log(`\n3. Latency under load (10 connections, 10 s each; budget p99 < ${LATENCY_P99_BUDGET_MS} ms)`);
  for (const [name, path] of [
    ["list", "/recommendations"],
    ["detail", detailPath],
  ] as const) {
    const result = await autocannon({ url: `${base}${path}`, connections: 10, duration: 10, headers: { cookie } });
    const errors = result.errors + result.non2xx;
    console.log(
      `   ${name.padEnd(7)} ${result.requests.average.toFixed(0).padStart(5)} req/s  p50 ${result.latency.p50} ms  p97.5 ${result.latency.p97_5} ms  p99 ${result.latency.p99} ms  errors ${errors}  ${mark(result.latency.p99 < LATENCY_P99_BUDGET_MS && errors === 0)}`,
    );
  }
} finally {
  app.stop();
}

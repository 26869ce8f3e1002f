/**
 * Scale benchmark (a script, not a test): the one-row design (result inline in D1, as before
 * docs/decisions/009) against the split design (small D1 row + result in R2), in one run, on a
 * national-size seed: 20 000 recommendations across 5 000 users, 5 of them with 250 each.
 *
 *   npm run bench:scale        (= npm run build && node scripts/bench-scale.ts)
 *   node scripts/bench-scale.ts [--recommendations=20000] [--users=5000] [--baseline=<commit>] [--smoke]
 *
 * --smoke: the same path made short for CI (`npm run bench:smoke`): 600 recommendations, 150 users,
 * 5 heavy users with 40 each, a tenth of the requests. Both need the baseline commit in the clone.
 *
 * 1. The one-row design is the commit before the split (--baseline): its source is copied out
 *    with `git archive` into a temp dir and built there; this checkout's build is the new design.
 * 2. One real recommendation is made through the old app (local engine, the offline default) and
 *    read back from its D1 file: every seeded row is that document with its own id, user and date.
 * 3. Each design gets its own temp `--persist-to` dir, migrated by wrangler, then filled directly:
 *    D1 through its local SQLite file (node:sqlite, one transaction), R2 through wrangler's
 *    getPlatformProxy on the same dir (what `wrangler dev` then serves).
 * 4. Each is served by `wrangler dev` and measured with autocannon at 10 connections: the heavy
 *    users' lists and exports, detail pages spread over 200 ordinary buyers (one buyer's reads are
 *    held to 300 a minute, POLL_RULE, and 10 connections make more than that: a 429 is counted apart
 *    and fails the run, as the spread must avoid it), and create (local engine, limits raised).
 * 5. Sizes: the D1 file per recommendation (and R2 bytes), projected to 1 000 000 recommendations
 *    against D1's 10 GB limit; gzip of the real document gives the "compressed in D1" estimate.
 *
 * Bounded: fixed request counts, a timeout on every request and a watchdog (15 min). Every temp
 * dir is removed at the end, also on failure. Exits non-zero on an error or a non-2xx answer.
 */
export {};

await import("./ts-resolve-hook.mjs");
const { execFileSync, execSync } = await import("node:child_process");
const { createHash, randomBytes } = await import("node:crypto");
const { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } = await import("node:fs");
const { tmpdir } = await import("node:os");
const path = await import("node:path");
const { gzipSync } = await import("node:zlib");
const { DatabaseSync } = await import("node:sqlite");
const { default: autocannon } = await import("autocannon");
const { getPlatformProxy } = await import("wrangler");
const { projectRoot, startBuiltApp, wrangler } = await import("../test/setup/e2e-server.ts");
type BuiltApp = Awaited<ReturnType<typeof startBuiltApp>>;
type Req = { method: "GET" | "POST"; path: string; body?: string; headers?: Record<string, string> };

function option(name: string, fallback: string): string {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  return arg ? (arg.split("=")[1] ?? fallback) : fallback;
}
const smoke = process.argv.includes("--smoke");
const TOTAL = Number(option("recommendations", smoke ? "600" : "20000"));
const USERS = Number(option("users", smoke ? "150" : "5000"));
/** The last commit with the one-row design. */
const BASELINE = option("baseline", "bf7f93f");
const HEAVY_USERS = 5;
const HEAVY_EACH = smoke ? 40 : 250;
/** Requests per route are this share of the full bench's. */
const REQUEST_SHARE = smoke ? 0.1 : 1;
/** Ordinary buyers the detail reads are spread over (see 4. above). */
const DETAIL_USERS = Math.min(200, USERS - HEAVY_USERS);
const CONNECTIONS = 10;
/** A route's requests at REQUEST_SHARE, at least one per connection in each of its 2 × rounds turns. */
const perTurnAtLeastConnections = (amount: number, rounds: number) => Math.max(Math.round(amount * REQUEST_SHARE), 2 * rounds * CONNECTIONS);
const D1_LIMIT_BYTES = 10 * 1024 ** 3;
const PROJECTED = 1_000_000;
const WATCHDOG_MS = 15 * 60_000;
if (!(TOTAL >= HEAVY_USERS * HEAVY_EACH + USERS) || !(USERS > HEAVY_USERS)) throw new Error("need more recommendations than users + heavy rows");

const work = mkdtempSync(path.join(tmpdir(), "drombil-scale-"));
const stops: (() => void)[] = [];
const cleanup = () => {
  for (const stop of stops.splice(0)) stop();
  rmSync(work, { recursive: true, force: true });
};
const watchdog = setTimeout(() => {
  console.log(`\nBENCH FAILED: still running after ${WATCHDOG_MS / 60_000} minutes, stopping`);
  cleanup();
  process.exit(2);
}, WATCHDOG_MS);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" };
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;

/** The local provider's user id (app/server/auth/local-session.server.ts `localUserIdForEmail`). */
const localUserId = (email: string) => `local_${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
const emailOf = (user: number) => `skala${user}@example.se`;

/** Raised so 10 connections of creates by a handful of users are measured, not refused. */
const VARS = {
  AI_RATE_LIMIT_MAX: "100000",
  AI_IP_RATE_LIMIT_MAX: "100000",
  AI_DAILY_BUDGET: "100000",
  MARKETPLACE_RATE_LIMIT_MAX: "100000",
};

type Design = { name: string; appRoot: string; persistDir: string; split: boolean };

/** The D1 database's SQLite file inside a wrangler persist dir (the only one there). */
function d1File(persistDir: string): string {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 file in ${dir}, found ${files.join(", ")}`);
  return path.join(dir, files[0] ?? "");
}
const d1Bytes = (persistDir: string) =>
  readdirSync(path.dirname(d1File(persistDir)))
    .filter((name) => name.startsWith(path.basename(d1File(persistDir))))
    .reduce((sum, name) => sum + statSync(path.join(path.dirname(d1File(persistDir)), name)).size, 0);

function migrate(appRoot: string, persistDir: string) {
  execFileSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], { cwd: appRoot, env, stdio: "pipe" });
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, redirectTo: "/recommendations" }),
    headers: { Origin: baseUrl },
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (response.status !== 302 || !cookie) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return cookie;
}

const createBody = (index: number) =>
  new URLSearchParams({
    description: `Köpare ${index}: familjebil med dragkrok, pendlar och åker till fjällen på vintern.`,
    maxPrice: String(200_000 + (index % 20) * 10_000),
    carType: "alla",
    sellerType: "alla",
  }).toString();

// ---------------------------------------------------------------------------------------------
// 1. The baseline build
const baseline: Design = { name: "one row (today)", appRoot: path.join(work, "baseline"), persistDir: path.join(work, "state-one-row"), split: false };
const current: Design = { name: "D1 + R2 (new)", appRoot: projectRoot, persistDir: path.join(work, "state-split"), split: true };
let failed = false;
try {
  execFileSync("git", ["cat-file", "-e", `${BASELINE}^{commit}`], { cwd: projectRoot, stdio: "ignore" });
} catch {
  throw new Error(`the baseline commit ${BASELINE} is not in this clone: the bench needs the full history (git fetch --unshallow)`);
}

try {
  mkdirSync(baseline.appRoot);
  execSync(`git archive ${BASELINE} | tar -x -C ${JSON.stringify(baseline.appRoot)}`, { cwd: projectRoot, stdio: "pipe" });
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(baseline.appRoot, "node_modules"));
  execFileSync(path.join(projectRoot, "node_modules/.bin/react-router"), ["build"], { cwd: baseline.appRoot, env, stdio: "pipe" });
  console.log(`[${elapsed()}] built the one-row design (${BASELINE}) in ${baseline.appRoot}`);

  // 2. One real recommendation, made by the old app, read from its D1 file.
  const maker = await startBuiltApp({ appRoot: baseline.appRoot, persistDir: baseline.persistDir, vars: VARS });
  stops.push(maker.stop);
  const cookie = await signIn(maker.baseUrl, "forlaga@example.se");
  const made = await fetch(`${maker.baseUrl}/recommendations/create`, {
    method: "POST",
    body: createBody(0),
    headers: { Origin: maker.baseUrl, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  if (made.status !== 302) throw new Error(`the template create answered ${made.status}`);
  maker.stop();
  stops.pop();
  // The stopped server's workerd may hold the SQLite lock a moment longer: "database is locked".
  const reader = new DatabaseSync(d1File(baseline.persistDir), { timeout: 30_000 });
  const template = reader.prepare("select input, recommendation, requirements from recommendations limit 1").get() as {
    input: string;
    recommendation: string;
    requirements: string | null;
  };
  reader.exec("delete from recommendations");
  reader.close();
  const result = JSON.parse(template.recommendation) as { cars: { carName: string; score: { finalScore: number } }[] };
  const resultBytes = Buffer.byteLength(template.recommendation);
  const gzipBytes = gzipSync(template.recommendation).length;
  console.log(
    `[${elapsed()}] real result: ${result.cars.length} cars, ${kb(resultBytes)} JSON, ${kb(gzipBytes)} gzip (${((gzipBytes / resultBytes) * 100).toFixed(0)} %); input ${template.input.length} B, requirements ${template.requirements?.length ?? 0} B`,
  );

  // 3. Seed both designs with the same rows.
  migrate(current.appRoot, current.persistDir);
  const owners: number[] = [];
  for (let user = 0; user < HEAVY_USERS; user++) for (let index = 0; index < HEAVY_EACH; index++) owners.push(user);
  // The heavy rows' count is fixed before the loop: measured inside it, it grows with each push and every ordinary row went to one buyer.
  const heavyRows = owners.length;
  for (let index = heavyRows; index < TOTAL; index++) owners.push(HEAVY_USERS + ((index - heavyRows) % (USERS - HEAVY_USERS)));
  const ordinaryOwners = new Set(owners.slice(heavyRows)).size;
  if (ordinaryOwners !== Math.min(USERS - HEAVY_USERS, TOTAL - heavyRows))
    throw new Error(`ordinary rows spread over ${ordinaryOwners} buyers, expected ${USERS - HEAVY_USERS}`);
  const now = Date.now();
  const rows = owners.map((user, index) => ({
    id: randomBytes(16).toString("base64url"),
    userId: localUserId(emailOf(user)),
    user,
    createdAt: now - Math.floor((index * 90 * 86_400_000) / TOTAL) - (index % 997),
    isLocked: index % 3 === 0 ? 0 : 1,
    input: template.input.replace(/"description":"/, `"description":"(${index}) `),
  }));
  const top = result.cars[0];
  for (const design of [baseline, current]) {
    const db = new DatabaseSync(d1File(design.persistDir), { timeout: 30_000 });
    db.exec("begin");
    const insert = design.split
      ? db.prepare(
          "insert into recommendations (id, user_id, created_at, is_locked, input, recommendation, requirements, top_car_name, top_car_score, car_count) values (?, ?, ?, ?, ?, 'null', ?, ?, ?, ?)",
        )
      : db.prepare("insert into recommendations (id, user_id, created_at, is_locked, input, recommendation, requirements) values (?, ?, ?, ?, ?, ?, ?)");
    for (const row of rows) {
      if (design.split)
        insert.run(
          row.id,
          row.userId,
          row.createdAt,
          row.isLocked,
          row.input,
          template.requirements,
          top?.carName ?? null,
          top?.score.finalScore ?? null,
          result.cars.length,
        );
      else insert.run(row.id, row.userId, row.createdAt, row.isLocked, row.input, template.recommendation, template.requirements);
    }
    db.exec("commit");
    db.close();
  }
  console.log(`[${elapsed()}] D1 seeded: ${TOTAL} recommendations, ${USERS} users (${HEAVY_USERS} with ${HEAVY_EACH})`);

  process.env.WRANGLER_LOG = "error"; // getPlatformProxy warns about the Durable Object it does not need here
  const proxy = await getPlatformProxy<{ RESULTS: R2Bucket }>({
    configPath: path.join(projectRoot, "wrangler.toml"),
    persist: { path: path.join(current.persistDir, "v3") },
  });
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (row)
          await proxy.env.RESULTS.put(`u/${encodeURIComponent(row.userId)}/${row.id}`, template.recommendation, {
            httpMetadata: { contentType: "application/json; charset=utf-8" },
          });
      }
    }),
  );
  await proxy.dispose();
  console.log(`[${elapsed()}] R2 seeded: ${TOTAL} objects`);

  // 4. Serve and measure each design.
  // One saved result of each of DETAIL_USERS ordinary buyers: the detail reads are spread over them.
  const detailSample = Array.from({ length: DETAIL_USERS }, (_, index) => rows.find((row) => row.user === HEAVY_USERS + index)).filter(
    (row) => row !== undefined,
  );
  type Figures = { p50: number; p95: number; count: number; bad: number; limited: number };
  const measured = new Map<string, Record<string, Figures>>();

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  };
  /** Latencies of the expected answers; 429s (a buyer over a limit) are counted apart from errors. */
  async function hammer(baseUrl: string, amount: number, requests: Req[], okStatus: number): Promise<{ latencies: number[]; bad: number; limited: number }> {
    const latencies: number[] = [];
    let bad = 0;
    let limited = 0;
    const instance = autocannon({ url: baseUrl, connections: CONNECTIONS, amount, timeout: 60, requests });
    instance.on("response", (_client, status, _bytes, time) => {
      if (status === okStatus) latencies.push(time);
      else if (status === 429) limited++;
      else bad++;
    });
    const outcome = await instance;
    bad += outcome.errors + outcome.timeouts;
    return { latencies, bad, limited };
  }

  // Both apps run at once and each route is measured A, B, B, A (half the requests per turn), so
  // drift in the machine's load (2 shared cores) falls on both designs alike.
  type Served = { design: Design; app: BuiltApp; cookieOf: (user: number) => string; creators: string[]; figures: Record<string, number[]> };
  const served: Served[] = [];
  for (const design of [baseline, current]) {
    const app = await startBuiltApp({ appRoot: design.appRoot, persistDir: design.persistDir, vars: VARS });
    stops.push(app.stop);
    const cookies = new Map<number, string>();
    for (let user = 0; user < HEAVY_USERS; user++) cookies.set(user, await signIn(app.baseUrl, emailOf(user)));
    for (const row of detailSample) cookies.set(row.user, await signIn(app.baseUrl, emailOf(row.user)));
    const creators = await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => signIn(app.baseUrl, `skapare${index}@example.se`)));
    const cookieOf = (user: number) => cookies.get(user) ?? "";
    // Warm-up: the first requests compile the Worker.
    await hammer(app.baseUrl, 20, [{ method: "GET", path: "/recommendations", headers: { cookie: cookieOf(0) } }], 200);
    served.push({ design, app, cookieOf, creators, figures: {} });
  }
  // List and detail are the bar (no slower at p95), so they get more requests and three
  // A/B/B/A rounds: a few hundred samples per design left p95 differences of ±5 % to chance.
  const routes: { route: string; amount: number; rounds: number; okStatus: number; requests: (served: Served) => Req[] }[] = [
    {
      route: "list",
      amount: perTurnAtLeastConnections(1200, smoke ? 1 : 3),
      rounds: smoke ? 1 : 3,
      okStatus: 200,
      requests: ({ cookieOf }) =>
        Array.from({ length: HEAVY_USERS }, (_, user) => ({ method: "GET" as const, path: "/recommendations", headers: { cookie: cookieOf(user) } })),
    },
    {
      route: "detail",
      amount: perTurnAtLeastConnections(1200, smoke ? 1 : 3),
      rounds: smoke ? 1 : 3,
      okStatus: 200,
      requests: ({ cookieOf }) =>
        detailSample.map((row) => ({ method: "GET" as const, path: `/recommendations/${row.id}`, headers: { cookie: cookieOf(row.user) } })),
    },
    {
      route: "export",
      amount: perTurnAtLeastConnections(20, 1),
      rounds: 1,
      okStatus: 200,
      requests: ({ cookieOf }) =>
        Array.from({ length: HEAVY_USERS }, (_, user) => ({ method: "GET" as const, path: "/recommendations/export", headers: { cookie: cookieOf(user) } })),
    },
    {
      route: "create",
      amount: perTurnAtLeastConnections(40, 1),
      rounds: 1,
      okStatus: 302,
      requests: ({ app, creators }) =>
        creators.map((cookie, index) => ({
          method: "POST" as const,
          path: "/recommendations/create",
          body: createBody(index + 1),
          headers: { cookie, origin: app.baseUrl, "content-type": "application/x-www-form-urlencoded" },
        })),
    },
  ];
  for (const { route, amount, rounds, okStatus, requests } of routes) {
    for (const turn of Array.from({ length: rounds }, () => [0, 1, 1, 0]).flat()) {
      const target = served[turn];
      if (!target) continue;
      const run = await hammer(target.app.baseUrl, amount / (2 * rounds), requests(target), okStatus);
      target.figures[route] = [...(target.figures[route] ?? []), ...run.latencies];
      target.figures[`${route}:bad`] = [...(target.figures[`${route}:bad`] ?? []), run.bad];
      target.figures[`${route}:429`] = [...(target.figures[`${route}:429`] ?? []), run.limited];
    }
    console.log(`[${elapsed()}] measured ${route}`);
  }
  for (const { design, app, figures } of served) {
    app.stop();
    const summary: Record<string, Figures> = {};
    for (const { route } of routes) {
      const latencies = figures[route] ?? [];
      const sum = (key: string) => (figures[key] ?? []).reduce((a, b) => a + b, 0);
      summary[route] = {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        count: latencies.length,
        bad: sum(`${route}:bad`),
        limited: sum(`${route}:429`),
      };
    }
    measured.set(design.name, summary);
  }
  stops.splice(0);

  // 4b. The same reads straight against each D1 file (node:sqlite, one connection, warmed): the
  // storage layout's own cost, without page rendering and without the shared cores' queueing that
  // dominates the figures through the app. The split design's detail excludes its one R2 read.
  const sqlTimes = new Map<string, Record<string, number[]>>();
  for (const design of [baseline, current]) {
    const db = new DatabaseSync(d1File(design.persistDir), { readOnly: true });
    const list = db.prepare(
      design.split
        ? "select id, created_at, is_locked, input, car_count, top_car_name, top_car_score from recommendations where user_id = ? order by created_at desc, id desc limit 21"
        : "select id, created_at, is_locked, input, coalesce(json_array_length(recommendation, '$.cars'), 0), json_extract(recommendation, '$.cars[0].carName') from recommendations where user_id = ? order by created_at desc, id desc limit 21",
    );
    const detail = db.prepare("select * from recommendations where id = ? and user_id = ?");
    const times: Record<string, number[]> = { list: [], detail: [] };
    for (let pass = 0; pass < 2; pass++) {
      for (let index = 0; index < 1000; index++) {
        const user = index % HEAVY_USERS;
        const row = detailSample[index % detailSample.length];
        let at = performance.now();
        list.all(localUserId(emailOf(user)));
        if (pass === 1) times.list?.push(performance.now() - at);
        at = performance.now();
        if (row) detail.get(row.id, row.userId);
        if (pass === 1) times.detail?.push(performance.now() - at);
      }
    }
    db.close();
    sqlTimes.set(design.name, times);
  }

  // 5. Sizes (after the creates: the files hold the seeded rows plus those) and the table.
  const creates = (name: string) => measured.get(name)?.create?.count ?? 0;
  const oneRowBytes = d1Bytes(baseline.persistDir);
  const splitBytes = d1Bytes(current.persistDir);
  const perOneRow = oneRowBytes / (TOTAL + creates(baseline.name));
  const perSplit = splitBytes / (TOTAL + creates(current.name));
  const perCompressed = perSplit + gzipBytes;
  const project = (perRow: number) => {
    const total = perRow * PROJECTED;
    return `${gb(total)}, ${total <= D1_LIMIT_BYTES ? "fits" : "OVER"} (10 GB full at ${Math.floor(D1_LIMIT_BYTES / perRow).toLocaleString("en")})`;
  };
  const line = (label: string, a: string, b: string) => console.log(`  ${label.padEnd(34)}${a.padStart(36)}  ${b.padStart(36)}`);
  console.log(`\nbench:scale: ${TOTAL} recommendations, ${USERS} users (${HEAVY_USERS} with ${HEAVY_EACH}); ${CONNECTIONS} connections; ${elapsed()} so far`);
  line("", baseline.name, current.name);
  line("D1 file", mb(oneRowBytes), mb(splitBytes));
  line("D1 bytes per recommendation", kb(perOneRow), kb(perSplit));
  line("R2 bytes per recommendation", "-", kb(resultBytes));
  line(`D1 at ${PROJECTED.toLocaleString("en")} recommendations`, project(perOneRow), project(perSplit));
  for (const route of ["list", "detail", "export", "create"]) {
    const cell = (name: string) => {
      const figures = measured.get(name)?.[route];
      return figures ? `p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms (n=${figures.count}, 429: ${figures.limited})` : "-";
    };
    line(route, cell(baseline.name), cell(current.name));
    for (const name of [baseline.name, current.name]) {
      const bad = measured.get(name)?.[route]?.bad ?? 0;
      const limited = measured.get(name)?.[route]?.limited ?? 0;
      if (bad > 0) {
        failed = true;
        console.log(`   FAIL: ${name} ${route}: ${bad} errors, timeouts or unexpected statuses`);
      }
      if (limited > 0) {
        failed = true;
        console.log(`   FAIL: ${name} ${route}: ${limited} answers were 429 (a buyer over a limit): the reads are not spread enough`);
      }
    }
  }
  for (const route of ["list", "detail"]) {
    const cell = (name: string) => {
      const times = sqlTimes.get(name)?.[route] ?? [];
      return `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (n=${times.length})`;
    };
    line(`${route} query, D1 file direct`, cell(baseline.name), cell(current.name));
  }
  console.log(`  alternative, gzip in D1 (estimate): ${kb(perCompressed)} per recommendation; ${project(perCompressed)}`);
} catch (error) {
  failed = true;
  console.log(`\nBENCH FAILED: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  clearTimeout(watchdog);
  cleanup();
}
console.log(`\n${failed ? "bench:scale FAILED" : "bench:scale done"} in ${elapsed()}; temp dirs removed`);
process.exit(failed ? 1 : 0);

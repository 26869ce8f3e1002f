/**
 * Subrequests per invocation, for `npm run bench:ai`: runs test/integration/subrequests.test.ts
 * (the create request, each alarm run of its job, an export, a cron run, counted against the fakes
 * inside workerd, in the `subrequests` vitest project) and prints what each invocation cost in each
 * of Cloudflare's two pools, with the plan each needs.
 *
 * Cloudflare counts two pools per invocation (one request, one alarm run, one cron run): external
 * `fetch` calls (50 on Workers Free, 10 000 on Workers Paid; older pages said 1 000, the figure we
 * size against for margin) and calls to Cloudflare's own services, D1, KV, R2 and Durable Objects
 * (1 000 on both plans), of which D1 queries are also held to 50 per invocation on Free (1 000 on
 * Paid). Returns the problems: a failing run, no figures, or an invocation over a Paid limit.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

const SUBREQUEST_LIMITS = {
  free: { fetch: 50, services: 1_000, d1: 50 },
  /** Paid's external pool is 10 000 today; we size against the older 1 000 for margin. */
  paid: { fetch: 1_000, services: 1_000, d1: 1_000 },
} as const;

type Line = { name: string; total: number; fetch: number; d1: number; kv: number; r2: number; do: number };
type Plan = keyof typeof SUBREQUEST_LIMITS;

/** The pools of one invocation, and what binds each plan. */
function pools(line: Line): { fetch: number; services: number; d1: number; over: Record<Plan, string[]> } {
  const services = line.d1 + line.kv + line.r2 + line.do;
  const figures = { fetch: line.fetch, services, d1: line.d1 };
  const over = (plan: Plan) =>
    (Object.keys(figures) as (keyof typeof figures)[])
      .filter((pool) => figures[pool] > SUBREQUEST_LIMITS[plan][pool])
      .map((pool) => `${pool} ${figures[pool]} > ${SUBREQUEST_LIMITS[plan][pool]}`);
  return { ...figures, over: { free: over("free"), paid: over("paid") } };
}

export async function subrequestsPerInvocation(): Promise<string[]> {
  console.log(
    "\nSubrequests per invocation (OpenAI and Blocket fakes, empty marketplace cache), in Cloudflare's two pools:" +
      `\n  external fetch (Free ${SUBREQUEST_LIMITS.free.fetch}, Paid 10 000; sized against ${SUBREQUEST_LIMITS.paid.fetch}), Cloudflare services D1+KV+R2+DO (${SUBREQUEST_LIMITS.free.services} on both), D1 queries (Free ${SUBREQUEST_LIMITS.free.d1}, Paid ${SUBREQUEST_LIMITS.paid.d1})`,
  );
  const run = spawnSync(path.join(root, "node_modules/.bin/vitest"), ["run", "--project", "subrequests", "test/integration/subrequests.test.ts"], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines: Line[] = `${run.stdout}\n${run.stderr}`
    .split("\n")
    .map((line) => /SUBREQUESTS (\{.*\})/.exec(line)?.[1])
    .filter((json): json is string => json !== undefined)
    .map((json) => JSON.parse(json) as Line);
  for (const line of lines) {
    const pool = pools(line);
    const plan =
      pool.over.free.length === 0
        ? "fits Free"
        : pool.over.paid.length === 0
          ? `needs Paid (Free: ${pool.over.free.join(", ")})`
          : `OVER Paid (${pool.over.paid.join(", ")})`;
    console.log(
      `  ${line.name.padEnd(44)} fetch ${String(pool.fetch).padStart(4)}  services ${String(pool.services).padStart(4)}  D1 queries ${String(pool.d1).padStart(4)}  (KV ${line.kv}, R2 ${line.r2}, DO ${line.do})  ${plan}`,
    );
  }
  const problems: string[] = [];
  if (run.status !== 0) problems.push(`subrequests: the counting test failed (exit ${run.status})\n${`${run.stdout}${run.stderr}`.slice(-3_000)}`);
  if (lines.length === 0) problems.push("subrequests: the counting test printed no figures");
  for (const line of lines) {
    const over = pools(line).over.paid;
    if (over.length > 0) problems.push(`subrequests: ${line.name} is over the Paid limits: ${over.join(", ")}`);
  }
  return problems;
}

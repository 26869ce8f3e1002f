/**
 * Subrequests per invocation, for `npm run bench:ai`: runs test/integration/subrequests.test.ts
 * (the create request, each alarm run of its job, an export, a cron run, counted against the fakes
 * inside workerd) and prints what each invocation cost next to Cloudflare's per-invocation limits.
 * Returns the problems: a failing run, or an invocation over the budget the README names.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** Workers Free, and the lower of the figures Cloudflare has documented for Workers Paid (README "Cloudflare plan"). */
const FREE = 50;
const PAID_BUDGET = 1_000;

type Line = { name: string; total: number; fetch: number; d1: number; kv: number; r2: number; do: number };

export async function subrequestsPerInvocation(): Promise<string[]> {
  console.log("\nSubrequests per invocation (OpenAI and Blocket fakes, empty marketplace cache):");
  const run = spawnSync(path.join(root, "node_modules/.bin/vitest"), ["run", "--project", "workers", "test/integration/subrequests.test.ts"], {
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
    const plan = line.total <= FREE ? "fits Free" : line.total <= PAID_BUDGET ? "needs Paid" : "OVER the Paid budget";
    console.log(
      `  ${line.name.padEnd(44)} ${String(line.total).padStart(4)}  (fetch ${line.fetch}, D1 ${line.d1}, KV ${line.kv}, R2 ${line.r2}, DO ${line.do})  ${plan}`,
    );
  }
  const problems: string[] = [];
  if (run.status !== 0) problems.push(`subrequests: the counting test failed (exit ${run.status})\n${`${run.stdout}${run.stderr}`.slice(-3_000)}`);
  if (lines.length === 0) problems.push("subrequests: the counting test printed no figures");
  for (const line of lines) if (line.total > PAID_BUDGET) problems.push(`subrequests: ${line.name} made ${line.total} (budget ${PAID_BUDGET})`);
  return problems;
}

import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { RecommendationResult, SavedRecommendationInput } from "#app/lib/saved-recommendation";
import { projectRoot, wrangler } from "#test/setup/e2e-server";

/** Node-side helpers for the security specs that run against the built app (`wrangler dev`). */

export const baseUrl = () => inject("baseUrl");
export const sameOrigin = () => ({ Origin: baseUrl(), "Sec-Fetch-Site": "same-origin" });

/** The local provider's user id for an e-mail address (app/server/auth/local-session.server.ts). */
export function localUserId(email: string): string {
  return `local_${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
}

function d1(args: string[]): string {
  const result = spawnSync(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", inject("persistDir"), "--yes", ...args], {
    cwd: projectRoot,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export type SeedRow = { email: string; input: SavedRecommendationInput; recommendation: RecommendationResult; isLocked: boolean };

/** Writes rows straight into the served app's D1 (as a hostile upstream could have filled them); returns their ids. */
export function seedRecommendations(rows: readonly SeedRow[]): string[] {
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const ids = rows.map(() => randomBytes(16).toString("base64url"));
  const sql = rows
    .map(
      (row, index) =>
        // The pre-R2 row format (result inline), with the summary columns as migration 0004 fills them.
        `insert into recommendations (id, user_id, is_locked, input, recommendation, top_car_name, top_car_score, car_count) values (${quote(ids[index] ?? "")}, ${quote(localUserId(row.email))}, ${row.isLocked ? 1 : 0}, ${quote(JSON.stringify(row.input))}, ${quote(JSON.stringify(row.recommendation))}, ${row.recommendation.cars[0] ? quote(row.recommendation.cars[0].carName) : "null"}, ${row.recommendation.cars[0]?.score.finalScore ?? "null"}, ${row.recommendation.cars.length});`,
    )
    .join("\n");
  const dir = mkdtempSync(path.join(tmpdir(), "drombil-seed-"));
  const file = path.join(dir, "seed.sql");
  writeFileSync(file, sql);
  try {
    d1(["--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return ids;
}

/** Every stored recommendation of the served app, in a stable order (compare before/after). */
export function snapshotServedRecommendations(): string {
  const output = d1(["--json", "--command", "select id, user_id, is_locked, input, recommendation from recommendations order by id"]);
  return JSON.stringify((JSON.parse(output) as { results: unknown[] }[])[0]?.results ?? []);
}

/** Signs in over HTTP with the local form; returns the session cookie ("name=value"). */
export async function signInOverHttp(email: string): Promise<string> {
  const response = await fetch(new URL("/login", baseUrl()), {
    method: "POST",
    body: new URLSearchParams({ email, redirectTo: "/recommendations" }),
    headers: sameOrigin(),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`Sign-in failed with ${response.status}`);
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
}

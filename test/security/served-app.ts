import { createHash, randomBytes } from "node:crypto";
import { inject } from "vitest";
import { E2E_SEED_PATH } from "#app/server/e2e-seed.server";
import type { RecommendationResult, SavedRecommendationInput } from "#app/lib/saved-recommendation";

/** Node-side helpers for the security specs that run against the built app (`wrangler dev`). */

export const baseUrl = () => inject("baseUrl");
export const sameOrigin = () => ({ Origin: baseUrl(), "Sec-Fetch-Site": "same-origin" });

/** The local provider's user id for an e-mail address (app/server/auth/local-session.server.ts). */
export function localUserId(email: string): string {
  return `local_${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
}

/** Runs SQL in the served app's D1 through its test-only seeding route (the server was started with the token). */
async function sql(statements: string[]): Promise<unknown[][]> {
  const response = await fetch(new URL(E2E_SEED_PATH, baseUrl()), {
    method: "POST",
    headers: { Authorization: `Bearer ${inject("seedToken")}`, "Content-Type": "application/json" },
    body: JSON.stringify({ statements }),
  });
  if (!response.ok) throw new Error(`Seeding failed with ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: unknown[][] }).results;
}

export type SeedRow = { email: string; input: SavedRecommendationInput; recommendation: RecommendationResult; isLocked: boolean };

/** Writes rows straight into the served app's D1 (as a hostile upstream could have filled them); returns their ids. */
export async function seedRecommendations(rows: readonly SeedRow[]): Promise<string[]> {
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const ids = rows.map(() => randomBytes(16).toString("base64url"));
  await sql(
    rows.map(
      (row, index) =>
        // The pre-R2 row format (result inline), with the summary columns as migration 0004 fills them.
        `insert into recommendations (id, user_id, is_locked, input, recommendation, top_car_name, top_car_score, car_count) values (${quote(ids[index] ?? "")}, ${quote(localUserId(row.email))}, ${row.isLocked ? 1 : 0}, ${quote(JSON.stringify(row.input))}, ${quote(JSON.stringify(row.recommendation))}, ${row.recommendation.cars[0] ? quote(row.recommendation.cars[0].carName) : "null"}, ${row.recommendation.cars[0]?.score.finalScore ?? "null"}, ${row.recommendation.cars.length})`,
    ),
  );
  return ids;
}

/**
 * The served app's stored recommendations, in a stable order (compare before/after): those of
 * `emails` only when given, since other spec files write to the same app at the same time.
 */
export async function snapshotServedRecommendations(emails?: readonly string[]): Promise<string> {
  const owners = emails ? ` where user_id in (${emails.map((email) => `'${localUserId(email)}'`).join(", ")})` : "";
  const [rows] = await sql([`select id, user_id, is_locked, input, recommendation from recommendations${owners} order by id`]);
  return JSON.stringify(rows ?? []);
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

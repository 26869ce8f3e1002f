import { env } from "cloudflare:workers";
import { run } from "#test/setup/route-harness";
import { snapshotResultObjects } from "#test/setup/result-objects";

export { lockedMarker, lockedMarkers, markedResult } from "./markers";

/** Helpers shared by the security suite's workerd tests (see docs/security.md). */

/** Every stored recommendation, in a stable order: compare before/after to prove nothing was written. */
export async function snapshotRecommendations(): Promise<string> {
  const { results } = await env.DB.prepare("select id, user_id, created_at, is_locked, input, recommendation from recommendations order by id").all();
  // Both halves of every recommendation: the D1 rows and the result objects (keys and etags).
  return JSON.stringify({ rows: results, resultObjects: await snapshotResultObjects() });
}

type RouteFunction = (args: never) => unknown;
type RunOptions = NonNullable<Parameters<typeof run>[2]>;

/**
 * A document request the way React Router answers it: the root middleware, then every loader of
 * the matched branch (layout first); the outermost error wins, else the route's own answer.
 */
export async function runBranch(handlers: readonly RouteFunction[], path: string, options: RunOptions = {}): Promise<Response> {
  const responses = await Promise.all(handlers.map((handler) => run(handler, path, options)));
  return responses.find((response) => response.status >= 300) ?? (responses.at(-1) as Response);
}

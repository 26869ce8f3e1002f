import { env } from "cloudflare:workers";
import { userResultPrefix } from "#app/server/results/result-store.server";

/** Test helpers over the RESULTS bucket (R2), the second half of a saved recommendation. */

/** Every key under the user's prefix. */
export async function resultKeysOf(userId: string): Promise<string[]> {
  const { objects } = await env.RESULTS.list({ prefix: userResultPrefix(userId), limit: 1000 });
  return objects.map((object) => object.key).sort();
}

/** Every key and etag in the bucket, for "nothing changed" comparisons. */
export async function snapshotResultObjects(): Promise<string> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.RESULTS.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((object) => `${object.key}@${object.etag}`));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort().join("\n");
}

/** Empties the bucket (storage is shared between the tests of one file). */
export async function clearResultObjects(): Promise<void> {
  for (;;) {
    const { objects } = await env.RESULTS.list({ limit: 1000 });
    if (objects.length === 0) return;
    await env.RESULTS.delete(objects.map((object) => object.key));
  }
}

import { z } from "zod";

// Browser tests seed D1 through the running server instead of one `wrangler d1 execute` per seed. Routed only when
// E2E_SEED_TOKEN is set, which the env schema refuses in production; otherwise the path is an ordinary 404.
export const E2E_SEED_PATH = "/__e2e/sql";

/** SQL to run in one batch, and marketplace cache entries to drop (an entry expiring, without waiting its TTL). */
const SeedRequestSchema = z
  .object({
    statements: z.array(z.string().min(1)).max(500).default([]),
    expireCacheKeys: z.array(z.string().startsWith("cars:")).max(50).default([]),
  })
  .refine((body) => body.statements.length + body.expireCacheKeys.length > 0);

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

export async function handleE2ESeed(request: Request, token: string, bindings: { db: D1Database; cache: KVNamespace }): Promise<Response> {
  if (request.method !== "POST" || request.headers.get("Authorization") !== `Bearer ${token}`) return notFound();
  const body = SeedRequestSchema.safeParse(await request.json().catch(() => null));
  if (!body.success) {
    return Response.json(
      { error: "expected { statements?: string[], expireCacheKeys?: string[] }" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { db, cache } = bindings;
  await Promise.all(body.data.expireCacheKeys.map((key) => cache.delete(key)));
  const results = body.data.statements.length > 0 ? await db.batch(body.data.statements.map((sql) => db.prepare(sql))) : [];
  return Response.json({ results: results.map((result) => result.results) }, { headers: { "Cache-Control": "no-store" } });
}

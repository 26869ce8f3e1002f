import { z } from "zod";

// Browser tests seed D1 through the running server instead of one `wrangler d1 execute` per seed. Routed only when
// E2E_SEED_TOKEN is set, which the env schema refuses in production; otherwise the path is an ordinary 404.
export const E2E_SEED_PATH = "/__e2e/sql";

const SeedRequestSchema = z.object({ statements: z.array(z.string().min(1)).min(1).max(500) });

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

export async function handleE2ESeed(request: Request, token: string, db: D1Database): Promise<Response> {
  if (request.method !== "POST" || request.headers.get("Authorization") !== `Bearer ${token}`) return notFound();
  const body = SeedRequestSchema.safeParse(await request.json().catch(() => null));
  if (!body.success) return Response.json({ error: "expected { statements: string[] }" }, { status: 400, headers: { "Cache-Control": "no-store" } });
  const results = await db.batch(body.data.statements.map((sql) => db.prepare(sql)));
  return Response.json({ results: results.map((result) => result.results) }, { headers: { "Cache-Control": "no-store" } });
}

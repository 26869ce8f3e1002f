import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "#drizzle/schema";

export type Database = ReturnType<typeof createDatabase>;

export function createDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

let cached: Database | undefined;

/** The app's D1 database through drizzle; one instance per isolate. */
export function getDb(): Database {
  cached ??= createDatabase(env.DB);
  return cached;
}

/** A cheap round trip for the health check. */
export async function pingDatabase(): Promise<void> {
  await env.DB.prepare("select 1").first();
}

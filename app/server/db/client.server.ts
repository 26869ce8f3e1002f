import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "#drizzle/schema";

export type Database = ReturnType<typeof createDatabase>;

export function createDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.run(sql`select 1`);
}

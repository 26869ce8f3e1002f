import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Runs before every test file. One workerd runtime serves all files of a project (isolate: false),
// so storage is emptied first (D1, KV, R2, Durable Objects): every file starts empty and migrated.
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

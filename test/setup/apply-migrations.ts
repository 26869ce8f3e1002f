import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Runs before every test file (storage is isolated per file), so every file starts migrated.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

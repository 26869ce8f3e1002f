import { defineConfig } from "drizzle-kit";

// `npm run db:generate -- --name <what_changed>` writes reviewed SQL into migrations/, which
// wrangler applies (locally before dev/start, remotely on deploy) and tests apply in workerd.
export default defineConfig({
  dialect: "sqlite",
  schema: "./drizzle/schema.ts",
  out: "./migrations",
});

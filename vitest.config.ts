import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const migrations = await readD1Migrations(path.join(root, "migrations"));

/** A project whose tests run inside workerd with the real bindings, migrations and fake upstreams. */
function workersProject(name: string, include: string[]) {
  return {
    plugins: [
      cloudflareTest({
        main: "./test/setup/test-worker.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
      }),
    ],
    resolve: {
      tsconfigPaths: true,
      // workers/app.ts imports React Router's build lazily; its `scheduled` handler is tested without it.
      alias: { "virtual:react-router/server-build": path.join(root, "test/setup/server-build-stub.ts") },
    },
    test: {
      name,
      include,
      setupFiles: ["./test/setup/clerk-live-fetch.ts", "./test/setup/apply-migrations.ts"],
      // One workerd runtime and module graph per project instead of one per file (10–17 s each);
      // the setup empties storage before each file, so files stay independent.
      isolate: false,
      globalSetup: ["./test/setup/fake-openai.global.ts", "./test/setup/fake-blocket.global.ts"],
    },
  };
}

/**
 * Five projects, one `vitest run`:
 * - unit: everything that needs no binding, in plain Node (rules, schemas, prompts, the adapters
 *   against the fakes, and the pure security checks under test/unit/security).
 * - workers: D1/KV/Durable Object code and adapters inside workerd, migrations applied.
 * - security: the security suite, also inside workerd.
 * - security-e2e: its HTTP and browser half against the built app (`npm run build` first).
 * - e2e: Debian's Chromium through playwright-core against the built app (`npm run build` first).
 */
export default defineConfig({
  test: {
    reporters: ["default", "./test/setup/summary-reporter.ts"],
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: "unit",
          environment: "node",
          include: ["test/unit/**/*.test.ts"],
          // The adapters' wire tests (OpenAI, Blocket) need no bindings, so they run here against the fakes.
          globalSetup: ["./test/setup/fake-openai.global.ts", "./test/setup/fake-blocket.global.ts"],
          // fast-check builds its full-Unicode tables once per file (1–5 s on a loaded 2-core machine, in Node).
          testTimeout: 20_000,
        },
      },
      workersProject("workers", ["test/integration/**/*.test.ts"]),
      // The security suite (`npm run test:security`): access, CSRF, redirects, SSRF, headers, hostile input.
      workersProject("security", ["test/security/**/*.test.ts"]),
      // The security suite's HTTP and browser checks, against the built app like e2e (own server).
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: "security-e2e",
          environment: "node",
          include: ["test/security/**/*.spec.ts"],
          globalSetup: ["./test/setup/e2e-server.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.spec.ts"],
          globalSetup: ["./test/setup/e2e-server.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser, one server: files run one after another on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});

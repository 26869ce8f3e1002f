import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import SuiteSequencer from "./test/setup/sequencer";

const root = import.meta.dirname;
const migrations = await readD1Migrations(path.join(root, "migrations"));

/** A project whose tests run inside workerd with the real bindings, migrations and fake upstreams. */
function workersProject(name: string, include: string[], exclude: string[] = []) {
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
      exclude,
      setupFiles: ["./test/setup/clerk-live-fetch.ts", "./test/setup/apply-migrations.ts"],
      // One workerd runtime and module graph per pool worker instead of one per file (10–17 s each);
      // the setup empties storage before each file, so files stay independent. Each worker has its own
      // in-memory runtime.
      isolate: false,
      maxWorkers: PARALLEL_FILES,
      globalSetup: ["./test/setup/fake-openai.global.ts", "./test/setup/fake-blocket.global.ts", "./test/setup/fake-clerk.global.ts"],
    },
  };
}

/**
 * All six projects form one group and share two file slots: a browser file often waits (on the served
 * app, the fakes' pacing, Chromium), so a workerd or unit file fills its time, and a workerd runtime
 * starts while browser files run instead of in a gap of its own (a group per kind took 5 min 40 s, one
 * group 5 min 23 s). Three slots were faster still but made timing-sensitive browser tests fail. Files
 * keep no module state between them, so every project reuses one module graph per worker
 * (isolate: false). The browser specs use distinct users and keys, so they share the one server.
 */
const PARALLEL_FILES = 2;
/**
 * A page on a busy machine may take seconds to show what it will show: waits in the browser
 * projects give it up to 10 s (1 s by default). A poll that is already true returns at once.
 */
const BROWSER_POLL = { timeout: 10_000, interval: 100 };

/**
 * Five projects, one `vitest run`:
 * - unit: everything that needs no binding, in plain Node (rules, schemas, prompts, the adapters
 *   against the fakes, and the pure security checks under test/unit/security).
 * - workers: D1/KV/Durable Object code inside workerd, migrations applied (one runtime per pool worker),
 *   and the security suite's binding-level half (test/security/*.test.ts: access, CSRF, deletion, export).
 * - subrequests: counts each invocation's subrequests, in a workerd runtime of its own.
 * - security-e2e: its HTTP and browser half against the built app (`npm run build` first).
 * - e2e: Debian's Chromium through playwright-core against the built app (`npm run build` first).
 * The two browser projects share the servers and the Chromium that global setup starts, and seed
 * the main server through its test-only route.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: SuiteSequencer },
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
          maxWorkers: PARALLEL_FILES,
          // One module graph per worker instead of one per file: halves the project's time (37 s to 17 s
          // here). Its files keep no module state between them, and pass in shuffled order.
          isolate: false,
        },
      },
      // subrequests.test.ts swaps the env's bindings for counting proxies for good, so it gets a runtime of its own.
      // The security suite's binding-level half (`npm run test:security` picks it by path) shares these
      // runtimes: a project of its own started two more workerd runtimes (10–17 s of CPU each).
      workersProject("workers", ["test/integration/**/*.test.ts", "test/security/**/*.test.ts"], ["test/integration/subrequests.test.ts"]),
      workersProject("subrequests", ["test/integration/subrequests.test.ts"]),
      // The security suite's HTTP and browser checks, against the built app: the one server e2e uses too.
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: "security-e2e",
          environment: "node",
          include: ["test/security/**/*.spec.ts"],
          globalSetup: ["./test/setup/e2e-server.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: PARALLEL_FILES,
          isolate: false,
          expect: { poll: BROWSER_POLL },
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
          maxWorkers: PARALLEL_FILES,
          isolate: false,
          expect: { poll: BROWSER_POLL },
        },
      },
    ],
  },
});

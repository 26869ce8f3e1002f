import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startFakeBlocket } from "../fakes/blocket.ts";
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The served app's E2E_SEED_TOKEN, for the seeding route (test/security/served-app.ts). */
    seedToken: string;
    /** The production-like app: Blocket adapter against the fake in "around" mode, five creates in a row; seeded with the same token. */
    blocketAppUrl: string;
    /** That app's fake Blocket (its key is BLOCKET_APP_FAKE_KEY), for its control routes. */
    fakeBlocketUrl: string;
    /** One Chromium for every browser spec: each file connects and closes only its own contexts. */
    browserWsEndpoint: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");
export const wrangler = path.join(root, "node_modules/.bin/wrangler");
export const projectRoot = root;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output()}`);
    try {
      // Any HTTP answer means wrangler is serving (a deliberately refusing app answers 500).
      await fetch(`${url}/healthz`);
      return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not become ready within 60 s:\n${output()}`);
}

function migrate(appRoot: string, persistDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], { cwd: appRoot, env }, (error, stdout, stderr) =>
      error ? reject(new Error(`Applying migrations failed:\n${stdout}\n${stderr}`)) : resolve(),
    );
  });
}

/**
 * An empty local state with `appRoot`'s migrations applied, made once per set of migrations and
 * copied for every server: one `wrangler d1` process per run (or none) instead of one per server.
 * Keyed by the migrations' contents; made in a scratch dir and renamed, so parallel makers never
 * see half a state.
 */
async function migratedState(appRoot: string, env: NodeJS.ProcessEnv): Promise<string> {
  const dir = path.join(appRoot, "migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort())
    hash.update(name).update(readFileSync(path.join(dir, name)));
  const template = path.join(tmpdir(), `drombil-e2e-migrated-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(template)) return template;
  const scratch = mkdtempSync(path.join(tmpdir(), "drombil-e2e-migrating-"));
  await migrate(appRoot, scratch, env);
  try {
    renameSync(scratch, template);
  } catch {
    // Another process made it first.
    rmSync(scratch, { recursive: true, force: true });
  }
  return template;
}

/** The fake Blocket's key the production-like app searches under. */
export const BLOCKET_APP_FAKE_KEY = "e2e-shared";

const START_LOCK = path.join(tmpdir(), "drombil-e2e-start.lock");

/**
 * Holds a lock across processes while one `wrangler dev` starts: two starting at the same moment
 * pick the same free port for an internal socket and one dies with "Address already in use".
 */
async function whileStartingAlone<T>(start: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(START_LOCK);
      break;
    } catch {
      // A lock left by a killed run goes stale after two minutes.
      try {
        if (Date.now() - statSync(START_LOCK).mtimeMs > 120_000) rmSync(START_LOCK, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await start();
  } finally {
    rmSync(START_LOCK, { recursive: true, force: true });
  }
}

export type BuiltApp = {
  baseUrl: string;
  persistDir: string;
  stop: () => void;
  log: () => string;
  /** `wrangler dev`'s process group (wrangler and its workerd); bench:budgets lowers its priority. */
  processGroup: number | undefined;
};

/**
 * Serves the production build (`npm run build`) with `wrangler dev` on a free loopback port and
 * an empty, freshly migrated local D1/KV/DO state, so end-to-end runs never touch dev data.
 * `vars` override wrangler.toml's [vars] (e.g. APP_ENV=production for the refusal test).
 */
export async function startBuiltApp({
  vars = {},
  persistDir: keptDir,
  appRoot = root,
}: {
  vars?: Record<string, string>;
  /** Serve from (and keep) this state dir, e.g. to restart on the same data; default: a fresh temp dir. */
  persistDir?: string;
  /** A checkout with its own build and migrations (bench:scale serves an older commit); default: this one. */
  appRoot?: string;
} = {}): Promise<BuiltApp> {
  if (!existsSync(path.join(appRoot, "build/server/wrangler.json"))) {
    throw new Error("No build found: run `npm run build` before the e2e tests (`npm test` does).");
  }
  const persistDir = keptDir ?? mkdtempSync(path.join(tmpdir(), "drombil-e2e-"));
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" };

  if (!keptDir) cpSync(await migratedState(appRoot, env), persistDir, { recursive: true });
  else await migrate(appRoot, persistDir, env);

  return whileStartingAlone(async () => {
    const port = await freePort();
    let log = "";
    const varArgs = Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
    const child = spawn(
      wrangler,
      // --test-scheduled: the watches spec runs the cron at /cdn-cgi/handler/scheduled.
      ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistDir, "--show-interactive-dev-session=false", "--test-scheduled", ...varArgs],
      { cwd: appRoot, env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (chunk) => (log += chunk));
    child.stderr?.on("data", (chunk) => (log += chunk));

    const baseUrl = `http://127.0.0.1:${port}`;
    const stop = () => {
      if (child.pid) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // Already gone.
        }
      }
      if (!keptDir) rmSync(persistDir, { recursive: true, force: true });
    };
    try {
      await waitUntilReady(baseUrl, child, () => log);
    } catch (error) {
      stop();
      throw error;
    }
    return { baseUrl, persistDir, stop, log: () => log, processGroup: child.pid };
  });
}

/** What global setup shares between both browser projects (it runs in one Node process). */
type BrowserApps = {
  main: BuiltApp & { seedToken: string };
  blocket: BuiltApp;
  fakeBlocketUrl: string;
  browser: BrowserServer;
  stop: () => Promise<void>;
};
const shared = globalThis as typeof globalThis & { drombilBrowserApps?: Promise<BrowserApps>; drombilBrowserUsers?: number };

/**
 * The browser projects' servers, started side by side: the main one (development vars, the demo
 * marketplace, with the seeding route's token) and a production-like one whose marketplace is the
 * Blocket adapter against a fake Blocket in its lenient "around" mode and whose buyers may create
 * five times in a row (the ads, reading-correction, said-or-assumed and watches specs). Every browser
 * connects from 127.0.0.1, so the per-address hourly limit (10 in production) is raised: those specs
 * together create more than ten times, and whichever ran last was refused. Neither is restarted per spec.
 */
async function startBrowserApps(): Promise<BrowserApps> {
  const seedToken = randomBytes(24).toString("base64url");
  const fakeBlocket = await startFakeBlocket();
  const [browser, main, blocket] = await Promise.all([
    // Launching Chromium costs about two CPU seconds; one shared process instead of one per spec file.
    chromium.launchServer({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    startBuiltApp({ vars: { E2E_SEED_TOKEN: seedToken } }),
    startBuiltApp({
      vars: {
        MARKETPLACE_SOURCE: "blocket",
        BLOCKET_BASE_URL: `${fakeBlocket.url}/__mode/around/${BLOCKET_APP_FAKE_KEY}`,
        BLOCKET_ALLOW_LOOPBACK: "true",
        AI_RATE_LIMIT_MAX: "5",
        AI_IP_RATE_LIMIT_MAX: "100",
        E2E_SEED_TOKEN: seedToken,
      },
    }),
  ]);
  return {
    main: { ...main, seedToken },
    blocket,
    fakeBlocketUrl: fakeBlocket.url,
    browser,
    stop: async () => {
      await browser.close();
      main.stop();
      blocket.stop();
      await fakeBlocket.close();
    },
  };
}

/**
 * Global setup of both browser projects: the first one starts the servers, the other reuses them,
 * and the last to finish stops them.
 */
export default async function setup(project: TestProject) {
  shared.drombilBrowserUsers = (shared.drombilBrowserUsers ?? 0) + 1;
  shared.drombilBrowserApps ??= startBrowserApps();
  const apps = await shared.drombilBrowserApps;
  project.provide("baseUrl", apps.main.baseUrl);
  project.provide("seedToken", apps.main.seedToken);
  project.provide("blocketAppUrl", apps.blocket.baseUrl);
  project.provide("fakeBlocketUrl", apps.fakeBlocketUrl);
  project.provide("browserWsEndpoint", apps.browser.wsEndpoint());
  return async () => {
    shared.drombilBrowserUsers = (shared.drombilBrowserUsers ?? 1) - 1;
    if (shared.drombilBrowserUsers === 0) {
      shared.drombilBrowserApps = undefined;
      await apps.stop();
    }
  };
}

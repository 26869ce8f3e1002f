import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { E2E_SEED_PATH, handleE2ESeed } from "#app/server/e2e-seed.server";
import { InvalidEnvironmentError, parseAppEnv } from "#app/server/env.server";
import worker from "#workers/app";
import { CLERK_WEBHOOK_PATH } from "#app/server/account/clerk-webhook.server";
import { PUBLISHABLE_KEY, SECRET_KEY, SITE_ORIGIN } from "./clerk-harness";

/**
 * The browser tests seed the served app through a SQL route. It must never exist in production:
 * the env schema refuses its token there (so the Worker refuses to serve at all), and without the
 * token in the request nothing runs.
 */

const TOKEN = "e2e-seed-token-for-this-test-only-0123456789";
const PROBE = "create table e2e_seed_probe (x integer)";
const seedRequest = (headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }, method = "POST") =>
  new Request(`http://localhost:5173${E2E_SEED_PATH}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    ...(method === "POST" ? { body: JSON.stringify({ statements: [PROBE] }) } : {}),
  });
const bindings = { db: env.DB, cache: env.CARS_CACHE };
const probeExists = async () => (await env.DB.prepare("select count(*) as n from sqlite_master where name = 'e2e_seed_probe'").first<{ n: number }>())?.n === 1;

describe("the browser tests' seeding route", () => {
  it("is refused in production: the token makes the configuration invalid", () => {
    const production = { ...env, APP_ENV: "production", MARKETPLACE_SOURCE: "off", E2E_SEED_TOKEN: TOKEN };
    expect(() => parseAppEnv(production)).toThrow(InvalidEnvironmentError);
    expect(() => parseAppEnv(production)).toThrow(/E2E_SEED_TOKEN: the browser tests' seeding route never runs in production/);
    expect(parseAppEnv({ ...env, APP_ENV: "production", MARKETPLACE_SOURCE: "off" }).E2E_SEED_TOKEN).toBeUndefined();
  });

  it("a production Worker given the token refuses to serve, the route included, and runs no SQL", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // A production configuration that serves (live Clerk keys, its site), so that only the token can make it refuse.
    const production = {
      ...env,
      APP_ENV: "production",
      MARKETPLACE_SOURCE: "off",
      PUBLIC_SITE_URL: SITE_ORIGIN,
      CLERK_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      CLERK_SECRET_KEY: SECRET_KEY,
    };
    // Control: without the token it answers (the Clerk webhook's path is served before React Router:
    // a 404 without a signing secret), and the seeding path is not routed at all.
    const served = await worker.fetch(
      new Request(`http://localhost:5173${CLERK_WEBHOOK_PATH}`, { method: "POST" }) as never,
      production as unknown as Env,
      createExecutionContext(),
    );
    expect(served.status).toBe(404);
    expect(errors).not.toHaveBeenCalled();

    const withToken = { ...production, E2E_SEED_TOKEN: TOKEN } as unknown as Env;
    const response = await worker.fetch(seedRequest() as never, withToken, createExecutionContext());
    expect(response.status).toBe(500);
    expect(await probeExists()).toBe(false);
    expect(errors.mock.calls.flat().map(String).join(" ")).toContain("E2E_SEED_TOKEN");
    vi.restoreAllMocks();
  });

  it("answers 404 and runs nothing without the exact bearer token or with another method", async () => {
    for (const request of [
      seedRequest({}),
      seedRequest({ Authorization: `Bearer ${TOKEN.slice(0, -1)}` }),
      seedRequest({ Authorization: TOKEN }),
      seedRequest(undefined, "GET"),
    ]) {
      const response = await handleE2ESeed(request, TOKEN, bindings);
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    expect(await probeExists()).toBe(false);
    // With the token it does run, so the refusals above are the check working.
    expect((await handleE2ESeed(seedRequest(), TOKEN, bindings)).status).toBe(200);
    expect(await probeExists()).toBe(true);
  });
});

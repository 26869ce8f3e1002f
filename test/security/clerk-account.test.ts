import { env } from "cloudflare:workers";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClerkAuthConfig } from "#app/server/auth/auth-config.server";
import { parseAppEnv } from "#app/server/env.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { CLERK_API_URL, clerkConfig, FAPI_HOST, type KeyPair, mintToken, PUBLISHABLE_KEY, rsaKeyPair, SECRET_KEY, SITE_ORIGIN } from "./clerk-harness";
import { testDb, testResults, testStore } from "#test/setup/test-store";

/**
 * Clerk in production, offline: tokens verified with CLERK_JWT_KEY, and Clerk's Backend API
 * played by a fetch stub installed before Clerk's SDK loads (it binds `fetch` at import). The stub
 * records every call and answers in Clerk's wire format, or fails when a test says so.
 */

type Call = { method: string; url: string; authorization: string | null };
const calls: Call[] = [];
let clerkDown = false;
vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  calls.push({ method: request.method, url: request.url, authorization: request.headers.get("Authorization") });
  if (!request.url.startsWith(`${CLERK_API_URL}/v1/`)) throw new Error(`Unexpected outbound request to ${request.url}`);
  if (clerkDown) return Response.json({ errors: [{ code: "internal", message: "down" }] }, { status: 503 });
  const user = /\/v1\/users\/([^/]+)$/.exec(request.url);
  if (request.method === "DELETE" && user) return Response.json({ object: "user", id: user[1], deleted: true });
  const session = /\/v1\/sessions\/([^/]+)\/revoke$/.exec(request.url);
  if (request.method === "POST" && session) {
    return Response.json({
      object: "session",
      id: session[1],
      user_id: "user_clerk_123",
      client_id: "client_1",
      status: "revoked",
      last_active_at: 0,
      expire_at: 0,
      abandon_at: 0,
      created_at: 0,
      updated_at: 0,
    });
  }
  return Response.json({ errors: [{ code: "resource_not_found", message: "not found" }] }, { status: 404 });
});

// The workerd runtime outlives this file (isolate: false): the next file gets the real fetch back.
afterAll(() => {
  vi.unstubAllGlobals();
});
// Everything that loads Clerk's SDK is imported after the stub (the route harness does too).
const { SAME_ORIGIN, settle, testContext } = await import("#test/setup/route-harness");
const { createAuthMiddleware, getSignedInUser } = await import("#app/server/auth/auth.server");
const { ClerkTestKeysInProductionError, resolveAuthConfig } = await import("#app/server/auth/auth-config.server");
const { action: logoutAction } = await import("#app/routes/logout");
const { action: deleteAccountAction } = await import("#app/routes/account-delete");
const { createRecommendationForUser } = await import("#app/server/db/recommendations.server");
const { touchUserActivity } = await import("#app/server/db/account-data.server");
const { deleteInactiveAccounts } = await import("#app/server/account/retention.server");

const USER = "user_clerk_123";
let signer: KeyPair;
let config: ClerkAuthConfig;

beforeAll(async () => {
  signer = await rsaKeyPair();
  config = clerkConfig(signer);
});
beforeEach(async () => {
  await env.DB.exec("delete from recommendations; delete from user_activity; delete from deleted_users;");
});
afterEach(() => {
  calls.length = 0;
  clerkDown = false;
  vi.restoreAllMocks();
});

/** A request through the root middleware with Clerk as the provider, then `handler`. */
async function viaClerk(path: string, init: RequestInit, handler: (args: never) => unknown = async () => new Response("ok")) {
  const request = new Request(`${SITE_ORIGIN}${path}`, init);
  const args = { request, context: testContext(), params: {}, unstable_pattern: path };
  let userId: string | null = null;
  const response = await settle(() =>
    createAuthMiddleware(() => config)(args as never, async () => {
      userId = (await getSignedInUser(args as never))?.id ?? null;
      return settle(() => handler(args as never));
    }),
  );
  return { response, userId };
}

async function signedInCookie(claims: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return `__session=${await mintToken(signer.privateKey, { iat: now - 5, ...claims })}; __client_uat=${now - 30}`;
}

describe("Clerk: tokens for another application on the same instance are refused (authorizedParties)", () => {
  it("a token whose azp is another origin is signed out; our own origin is signed in", async () => {
    for (const [azp, expected] of [
      [SITE_ORIGIN, USER],
      ["https://annan-app.example", null],
      ["https://drombil.test.evil.example", null],
      ["http://drombil.test", null],
    ] as const) {
      const token = await mintToken(signer.privateKey, { azp });
      const { userId } = await viaClerk("/recommendations", { headers: { Authorization: `Bearer ${token}` } });
      expect(userId, azp).toBe(expected);
    }
    expect(calls).toEqual([]);
  });

  it("the authorized party is the site's origin from PUBLIC_SITE_URL", () => {
    const resolved = resolveAuthConfig(
      parseAppEnv({
        APP_ENV: "production",
        PUBLIC_SITE_URL: "https://drombil.se/some/path",
        CLERK_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        CLERK_SECRET_KEY: SECRET_KEY,
      }),
    );
    expect(resolved).toMatchObject({ provider: "clerk", authorizedParties: ["https://drombil.se"] });
  });
});

describe("Clerk: a development instance's keys are refused in production", () => {
  const testPublishable = `pk_test_${btoa(`${FAPI_HOST}$`).replace(/=+$/, "")}`;
  it.each([
    ["both test keys", testPublishable, "sk_test_abc"],
    ["a test publishable key", testPublishable, "sk_live_abc"],
    ["a test secret key", PUBLISHABLE_KEY, "sk_test_abc"],
  ])("%s with APP_ENV=production: a clear error before anything is served", (_name, publishable, secret) => {
    const appEnv = parseAppEnv({ APP_ENV: "production", CLERK_PUBLISHABLE_KEY: publishable, CLERK_SECRET_KEY: secret });
    expect(() => resolveAuthConfig(appEnv)).toThrow(ClerkTestKeysInProductionError);
    expect(() => resolveAuthConfig(appEnv)).toThrow(/pk_test_\/sk_test_/);
    // Missing APP_ENV counts as production too.
    expect(() => resolveAuthConfig(parseAppEnv({ CLERK_PUBLISHABLE_KEY: publishable, CLERK_SECRET_KEY: secret }))).toThrow(ClerkTestKeysInProductionError);
  });

  it("development may use test keys", () => {
    const appEnv = parseAppEnv({ APP_ENV: "development", CLERK_PUBLISHABLE_KEY: testPublishable, CLERK_SECRET_KEY: "sk_test_abc" });
    expect(resolveAuthConfig(appEnv).provider).toBe("clerk");
  });
});

const formPost = (cookie: string, fields: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { ...SAME_ORIGIN, Origin: SITE_ORIGIN, Cookie: cookie, Accept: "text/html" },
});

describe("Clerk: signing out without JavaScript", () => {
  it("a plain form POST revokes the session at Clerk's Backend API, clears Clerk's cookies and goes home", async () => {
    const { response } = await viaClerk("/logout", formPost(`${await signedInCookie()}; __session_Ab12Cd34=x`), logoutAction);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(calls).toEqual([{ method: "POST", url: `${CLERK_API_URL}/v1/sessions/sess_123/revoke`, authorization: `Bearer ${SECRET_KEY}` }]);
    const cleared = response.headers.getSetCookie();
    for (const name of ["__session", "__client_uat", "__session_Ab12Cd34"]) {
      expect(
        cleared.some((cookie) => cookie.startsWith(`${name}=;`) && /Max-Age=0/.test(cookie)),
        name,
      ).toBe(true);
    }
    expect(cleared.every((cookie) => /; Secure/.test(cookie))).toBe(true);
  });

  it("when Clerk cannot be reached the cookies are still cleared (the short token expires within a minute)", async () => {
    clerkDown = true;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { response } = await viaClerk("/logout", formPost(await signedInCookie()), logoutAction);
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=;"))).toBe(true);
  });
});

describe("Clerk: Radera mitt konto", () => {
  async function seed(userId: string) {
    await createRecommendationForUser(userId, { input: buildInput(), recommendation: buildResult(2) }, testDb, testResults);
    await touchUserActivity(userId, "2026-11-20", testDb);
  }
  const rows = async (userId: string) =>
    (
      await env.DB.prepare("select (select count(*) from recommendations where user_id = ?1) + (select count(*) from user_activity where user_id = ?1) as n")
        .bind(userId)
        .first<{ n: number }>()
    )?.n;

  it("deletes the rows, then the user through Clerk's Backend API, and clears Clerk's cookies", async () => {
    await seed(USER);
    await seed("user_someone_else");
    const { response } = await viaClerk("/konto/radera", formPost(await signedInCookie(), { confirmation: "RADERA" }), deleteAccountAction);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/konto/radera?raderat=1");
    expect(calls).toEqual([{ method: "DELETE", url: `${CLERK_API_URL}/v1/users/${USER}`, authorization: `Bearer ${SECRET_KEY}` }]);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=;"))).toBe(true);
    expect(await rows(USER)).toBe(0);
    expect(await rows("user_someone_else")).toBe(2);
  });

  it("if Clerk fails: the rows are gone, the user stays signed in, is told so (503) and can try again", async () => {
    await seed(USER);
    clerkDown = true;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failed = await viaClerk("/konto/radera", formPost(await signedInCookie(), { confirmation: "RADERA" }), deleteAccountAction);
    expect(failed.response.status).toBe(503);
    expect(failed.response.headers.get("Set-Cookie")).toBeNull();
    expect(((await failed.response.json()) as { result: { error: Record<string, string[]> } }).result.error[""]?.[0]).toMatch(
      /^Dina sparade rekommendationer och önskemål är raderade, men kontot/,
    );
    expect(await rows(USER)).toBe(0);

    clerkDown = false;
    const retried = await viaClerk("/konto/radera", formPost(await signedInCookie(), { confirmation: "RADERA" }), deleteAccountAction);
    expect(retried.response.status).toBe(302);
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(2);
  });

  it("a wrong confirmation calls nothing at Clerk and deletes nothing", async () => {
    await seed(USER);
    const { response } = await viaClerk("/konto/radera", formPost(await signedInCookie(), { confirmation: "ja" }), deleteAccountAction);
    expect(response.status).toBe(400);
    expect(calls).toEqual([]);
    expect(await rows(USER)).toBe(2);
  });
});

describe("Clerk: the retention job deletes inactive users at Clerk too", () => {
  it("deletes the Clerk user, then the rows; if Clerk fails, the rows stay for the next run", async () => {
    await createRecommendationForUser("user_inactive", { input: buildInput(), recommendation: buildResult(1) }, testDb, testResults);
    await touchUserActivity("user_inactive", "2023-01-01", testDb);
    await touchUserActivity("user_recent", "2026-11-01", testDb);

    clerkDown = true;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await deleteInactiveAccounts(config, testStore, new Date("2026-11-22T03:17:00Z"))).toMatchObject({ deleted: 0, failed: 1 });
    expect((await env.DB.prepare("select count(*) as n from user_activity where user_id = 'user_inactive'").first<{ n: number }>())?.n).toBe(1);

    clerkDown = false;
    calls.length = 0;
    expect(await deleteInactiveAccounts(config, testStore, new Date("2026-11-22T03:17:00Z"))).toMatchObject({ deleted: 1, failed: 0 });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`DELETE ${CLERK_API_URL}/v1/users/user_inactive`]);
    expect((await env.DB.prepare("select count(*) as n from recommendations where user_id = 'user_inactive'").first<{ n: number }>())?.n).toBe(0);
    expect((await env.DB.prepare("select count(*) as n from user_activity where user_id = 'user_recent'").first<{ n: number }>())?.n).toBe(1);
  });
});

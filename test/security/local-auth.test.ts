import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createCookieSessionStorage, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveAuthConfig, LocalSignInInProductionError } from "#app/server/auth/auth-config.server";
import { authMiddleware, getSignedInUser, getUserId, requireUserId } from "#app/server/auth/auth.server";
import { createLocalSession, getLocalSessionUser, localUserIdForEmail, SESSION_MAX_AGE_SECONDS } from "#app/server/auth/local-session.server";
import { LOCAL_SESSION_COOKIE } from "#app/server/http/session-cookies.server";
import { InvalidEnvironmentError, parseAppEnv } from "#app/server/env.server";
import { servicesFor } from "#app/server/services.server";
import { action as loginAction, loader as loginLoader } from "#app/routes/login";
import { action as logoutAction } from "#app/routes/logout";
import { loader as homeLoader } from "#app/routes/home";
import { testContext } from "#test/setup/route-harness";
import worker from "#workers/app";

const ORIGIN = "http://localhost:5173";

function routeArgs(request: Request) {
  return { request, context: testContext(), params: {}, unstable_pattern: "" } as never;
}

function signInRequest(fields: Record<string, string>, headers: HeadersInit = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }) {
  return new Request(`${ORIGIN}/login`, { method: "POST", body: new URLSearchParams(fields), headers });
}

/** Runs an action the way React Router does for a POST: root middleware first. */
async function submit(action: (args: never) => unknown, request: Request): Promise<Response> {
  const args = routeArgs(request);
  try {
    const result = await authMiddleware(args, async () => {
      const value = await action(args);
      return value instanceof Response
        ? value
        : new Response(JSON.stringify((value as { data?: unknown })?.data ?? value), {
            status: (value as { init?: { status?: number } })?.init?.status ?? 200,
          });
    });
    return result as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const status = (thrown as { init?: { status?: number } })?.init?.status;
    if (status) return new Response(JSON.stringify((thrown as { data: unknown }).data), { status });
    throw thrown;
  }
}

function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  return setCookie.split(";")[0] ?? "";
}

describe("local sign-in (offline default)", () => {
  it("signs in with an e-mail address: signed HttpOnly SameSite=Lax cookie, redirect to the safe target", async () => {
    const response = await submit(loginAction, signInRequest({ email: "  Anna@Example.se ", redirectTo: "/recommendations/create" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/recommendations/create");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__drombil_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // Local development over plain http: no Secure flag (it would stop the cookie on localhost).
    expect(setCookie).not.toMatch(/Secure/i);

    const user = await getSignedInUser(routeArgs(new Request(`${ORIGIN}/`, { headers: { Cookie: cookieFrom(response) } })));
    expect(user).toEqual({ id: await localUserIdForEmail("anna@example.se"), displayName: "anna@example.se" });
  });

  it("gives the same user id for the same address, and different ids for different addresses", async () => {
    expect(await localUserIdForEmail("Anna@Example.se")).toBe(await localUserIdForEmail(" anna@example.se"));
    expect(await localUserIdForEmail("anna@example.se")).not.toBe(await localUserIdForEmail("bo@example.se"));
    expect(await localUserIdForEmail("anna@example.se")).toMatch(/^local_[0-9a-f]{32}$/);
  });

  it("rejects an invalid address with a Swedish message, keeps what was typed and sets no cookie", async () => {
    const response = await submit(loginAction, signInRequest({ email: "inte-en-adress", redirectTo: "/recommendations" }));
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.json()).toMatchObject({
      result: {
        status: "error",
        initialValue: { email: "inte-en-adress", redirectTo: "/recommendations" },
        error: { email: ["Ange en giltig e-postadress, till exempel namn@exempel.se."] },
      },
    });
  });

  it("rejects a tampered cookie", async () => {
    const response = await submit(loginAction, signInRequest({ email: "anna@example.se" }));
    const [name, value] = cookieFrom(response).split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const [payload, signature] = [decoded.slice(0, decoded.lastIndexOf(".")), decoded.slice(decoded.lastIndexOf(".") + 1)];
    const forgedPayload = btoa(JSON.stringify({ userId: "local_someone_else", email: "mallory@example.se" }));
    for (const cookie of [
      `${name}=${encodeURIComponent(`${forgedPayload}.${signature}`)}`,
      // The first character carries six whole bits of the signature; changing the last ones could be a no-op, since atob ignores the spare bits.
      `${name}=${encodeURIComponent(`${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`)}`,
      `${name}=${encodeURIComponent(forgedPayload)}`,
    ]) {
      expect(await getUserId(routeArgs(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } })))).toBeNull();
    }
  });

  it("signing out is a POST that clears the session", async () => {
    const signedIn = await submit(loginAction, signInRequest({ email: "anna@example.se" }));
    const cookie = cookieFrom(signedIn);
    const response = await submit(
      logoutAction,
      // The header's form has no fields: browsers still send an (empty) urlencoded form.
      new Request(`${ORIGIN}/logout`, {
        method: "POST",
        body: new URLSearchParams(),
        headers: { Cookie: cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cleared = response.headers.get("Set-Cookie") ?? "";
    expect(cleared).toMatch(/^__drombil_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await getUserId(routeArgs(new Request(`${ORIGIN}/`, { headers: { Cookie: cookieFrom(response) } })))).toBeNull();
  });

  it("refuses a cross-site sign-in or sign-out (CSRF) with 403 and sets no cookie", async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "https://evil.example" },
      { Origin: "null" },
      {},
    ]) {
      const response = await submit(loginAction, signInRequest({ email: "anna@example.se" }, headers));
      expect(response.status).toBe(403);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const logout = await submit(logoutAction, new Request(`${ORIGIN}/logout`, { method: "POST", headers }));
      expect(logout.status).toBe(403);
    }
  });

  it("never redirects off-site after sign-in (open redirect)", async () => {
    for (const target of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "/\t/evil.example",
      "http:evil.example",
    ]) {
      const response = await submit(loginAction, signInRequest({ email: "anna@example.se", redirectTo: target }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/recommendations");
    }
  });

  it("a signed-in visitor of /login or / is sent on to their recommendations", async () => {
    const cookie = cookieFrom(await submit(loginAction, signInRequest({ email: "anna@example.se" })));
    const loginVisit = await loginLoader(
      routeArgs(new Request(`${ORIGIN}/login?redirectTo=%2Frecommendations%2Fcreate`, { headers: { Cookie: cookie } })),
    ).catch((response: unknown) => response);
    expect((loginVisit as Response).headers.get("Location")).toBe("/recommendations/create");
    const homeVisit = await homeLoader(routeArgs(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }))).catch((response: unknown) => response);
    expect((homeVisit as Response).headers.get("Location")).toBe("/recommendations");
    // Signed out: the landing page itself (its content lists, no redirect).
    expect(await homeLoader(routeArgs(new Request(`${ORIGIN}/`)))).toMatchObject({ promoted: expect.any(Array), steps: expect.any(Array) });
  });

  it("requireUserId answers 401 'Not authenticated' without a session", async () => {
    await expect(requireUserId(routeArgs(new Request(`${ORIGIN}/recommendations`)))).rejects.toMatchObject({
      init: { status: 401 },
      data: "Not authenticated",
    });
  });
});

describe("configuration guard", () => {
  it("refuses local sign-in when the deployment is production and Clerk is not configured", () => {
    expect(() => resolveAuthConfig(parseAppEnv({ APP_ENV: "production" }))).toThrow(LocalSignInInProductionError);
    // A missing APP_ENV counts as production: forgetting the var must not open the local sign-in.
    expect(() => resolveAuthConfig(parseAppEnv({}))).toThrow(LocalSignInInProductionError);
    expect(resolveAuthConfig(parseAppEnv({ APP_ENV: "development" })).provider).toBe("local");
  });

  it("uses Clerk when both keys are set, and demands them together", () => {
    const publishable = `pk_live_${btoa("clerk.drombil.se$").replace(/=+$/, "")}`;
    const config = resolveAuthConfig(parseAppEnv({ APP_ENV: "production", CLERK_PUBLISHABLE_KEY: publishable, CLERK_SECRET_KEY: "sk_live_abc" }));
    expect(config).toMatchObject({ provider: "clerk", frontendApiOrigin: "https://clerk.drombil.se" });
    expect(() => parseAppEnv({ APP_ENV: "production", CLERK_PUBLISHABLE_KEY: publishable })).toThrow(InvalidEnvironmentError);
    expect(() => parseAppEnv({ CLERK_SECRET_KEY: "sk_live_abc" })).toThrow(/CLERK_PUBLISHABLE_KEY/);
    expect(() => parseAppEnv({ AI_RATE_LIMIT_MAX: "zero", SESSION_SECRET: "short" })).toThrow(/AI_RATE_LIMIT_MAX.*SESSION_SECRET/);
  });

  // The Worker's own entry with production's vars and no Clerk keys: what a deployment that forgot
  // its secrets would serve. Before any route, so nothing of the app answers.
  it("a production Worker without Clerk refuses to serve: 500 with a Swedish notice on every page, no session, a clear error in the log", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const production = { ...env, APP_ENV: "production", MARKETPLACE_SOURCE: "off" } as unknown as Env;
    const serve = (request: Request) => worker.fetch(request as never, production, createExecutionContext());
    for (const path of ["/", "/login", "/recommendations"]) {
      const response = await serve(new Request(`${ORIGIN}${path}`));
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Drömbil är inte tillgängligt just nu");
      expect(html).not.toContain("E-postadress");
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=/);
    }
    const signIn = await serve(signInRequest({ email: "mallory@example.se" }));
    expect(signIn.status).toBe(500);
    expect(signIn.headers.get("set-cookie")).toBeNull();
    expect(errors.mock.calls.flat().map(String).join(" ")).toContain("Clerk is not configured");
    vi.restoreAllMocks();
  });

  it("marks the local cookie Secure when the site is served over https", () => {
    const config = resolveAuthConfig(parseAppEnv({ APP_ENV: "development", PUBLIC_SITE_URL: "https://preview.drombil.se" }));
    expect(config).toMatchObject({ provider: "local", secureCookie: true });
  });
});

describe("local session: expiry inside the signed value, __Host- prefix over https", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const localConfig = () => {
    const config = resolveAuthConfig(servicesFor(env).appEnv);
    if (config.provider !== "local") throw new Error("the test environment uses the local sign-in");
    return config;
  };
  const day = 24 * 60 * 60 * 1000;

  it("a session is refused once its signed expiry has passed, even though the browser still sends the cookie", async () => {
    const signedInAt = new Date("2026-11-01T12:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(signedInAt);
    const cookie = cookieFrom(await submit(loginAction, signInRequest({ email: "gammal@example.se" })));
    const withCookie = () => routeArgs(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }));

    vi.setSystemTime(signedInAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000 - day);
    expect(await getUserId(withCookie())).toBe(await localUserIdForEmail("gammal@example.se"));
    vi.setSystemTime(signedInAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000 + 1000);
    expect(await getUserId(withCookie())).toBeNull();
  });

  it("a correctly signed session without an expiry (a copied cookie from before) is refused", async () => {
    const config = localConfig();
    const legacy = createCookieSessionStorage({ cookie: { name: LOCAL_SESSION_COOKIE, secrets: [config.sessionSecret], path: "/" } });
    const session = await legacy.getSession();
    session.set("userId", await localUserIdForEmail("kopia@example.se"));
    session.set("email", "kopia@example.se");
    const cookie = (await legacy.commitSession(session)).split(";")[0] ?? "";
    expect(await getLocalSessionUser(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }), config)).toBeNull();
    // The same storage with an expiry in the future is accepted: the signature was fine, the expiry was missing.
    session.set("expiresAt" as never, (Date.now() + day) as never);
    const withExpiry = (await legacy.commitSession(session)).split(";")[0] ?? "";
    expect(await getLocalSessionUser(new Request(`${ORIGIN}/`, { headers: { Cookie: withExpiry } }), config)).not.toBeNull();
  });

  it("over https the cookie is __Host-drombil_session: Secure, Path=/, no Domain; the unprefixed name is ignored there", async () => {
    const secure = { ...localConfig(), secureCookie: true };
    const setCookie = await createLocalSession(new Request("https://preview.drombil.se/login"), secure, "https@example.se");
    expect(setCookie).toMatch(/^__Host-drombil_session=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    const value = setCookie.split(";")[0]?.split("=").slice(1).join("=") ?? "";
    const read = (cookie: string) => getLocalSessionUser(new Request("https://preview.drombil.se/", { headers: { Cookie: cookie } }), secure);
    expect(await read(`__Host-drombil_session=${value}`)).toEqual({ userId: await localUserIdForEmail("https@example.se"), email: "https@example.se" });
    expect(await read(`${LOCAL_SESSION_COOKIE}=${value}`)).toBeNull();
  });
});

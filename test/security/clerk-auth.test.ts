import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ClerkAuthConfig } from "#app/server/auth/auth-config.server";
import { clerkConfig, encodeJson, type KeyPair, mintToken, PUBLISHABLE_KEY, rsaKeyPair } from "./clerk-harness";

// Clerk's backend binds `fetch` when its module loads, so the trap goes in before the import:
// any network attempt (for example fetching Clerk's JWKS) is recorded and fails.
const outbound: string[] = [];
vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
  outbound.push(input instanceof Request ? input.url : String(input));
  throw new Error("Network is disabled in this test");
});

// The workerd runtime outlives this file (isolate: false): the next file gets the real fetch back.
afterAll(() => {
  vi.unstubAllGlobals();
});
const { createAuthMiddleware, getSignedInUser, requireUserId } = await import("#app/server/auth/auth.server");
// After the fetch stub: the harness loads routes, and with them Clerk's SDK.
const { testContext } = await import("#test/setup/route-harness");
const { clerkFrontendApiOrigin } = await import("#app/server/auth/auth-config.server");

let signer: KeyPair;
let stranger: KeyPair;
let config: ClerkAuthConfig;

beforeAll(async () => {
  [signer, stranger] = await Promise.all([rsaKeyPair(), rsaKeyPair()]);
  config = clerkConfig(signer, { frontendApiOrigin: clerkFrontendApiOrigin(PUBLISHABLE_KEY) });
});

afterEach(() => {
  outbound.length = 0;
});

/** Runs the root middleware exactly as React Router does, then asks who is signed in. */
async function whoIs(headers: HeadersInit, authConfig: ClerkAuthConfig = config) {
  const request = new Request("https://drombil.test/recommendations", { headers });
  const args = { request, context: testContext(), params: {}, unstable_pattern: "/recommendations" };
  let userId: string | null | undefined;
  const response = await createAuthMiddleware(() => authConfig)(args as never, async () => {
    userId = (await getSignedInUser(args, authConfig))?.id ?? null;
    return new Response("ok");
  });
  return { userId, status: response instanceof Response ? response.status : undefined };
}

describe("Clerk sign-in verified offline with CLERK_JWT_KEY", () => {
  it("decodes the Frontend API origin from the publishable key", () => {
    expect(config.frontendApiOrigin).toBe("https://clerk.drombil.test");
  });

  it("a valid bearer token gives the Clerk user id, with no network request", async () => {
    const token = await mintToken(signer.privateKey);
    expect(await whoIs({ Authorization: `Bearer ${token}` })).toEqual({ userId: "user_clerk_123", status: 200 });
    expect(outbound).toEqual([]);
  });

  it("a valid session cookie on a document request gives the user id", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await mintToken(signer.privateKey, { iat: now - 5 });
    const result = await whoIs({
      Cookie: `__session=${token}; __client_uat=${now - 30}`,
      Accept: "text/html",
      "Sec-Fetch-Dest": "document",
    });
    expect(result).toEqual({ userId: "user_clerk_123", status: 200 });
    expect(outbound).toEqual([]);
  });

  it("a tampered token is signed out", async () => {
    const token = await mintToken(signer.privateKey);
    const [header, , signature] = token.split(".");
    const forgedPayload = encodeJson({ sub: "user_admin", iat: Math.floor(Date.now() / 1000) - 5, exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await whoIs({ Authorization: `Bearer ${header}.${forgedPayload}.${signature}` })).userId).toBeNull();
    expect(outbound).toEqual([]);
  });

  it("an expired token is signed out", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await mintToken(signer.privateKey, { iat: now - 600, nbf: now - 600, exp: now - 300 });
    expect((await whoIs({ Authorization: `Bearer ${token}` })).userId).toBeNull();
    expect(outbound).toEqual([]);
  });

  it("a token signed with someone else's key is signed out", async () => {
    const token = await mintToken(stranger.privateKey);
    expect((await whoIs({ Authorization: `Bearer ${token}` })).userId).toBeNull();
    expect(outbound).toEqual([]);
  });

  it("requireUserId answers 401 'Not authenticated' for a signed-out request", async () => {
    const request = new Request("https://drombil.test/recommendations");
    const args = { request, context: testContext(), params: {}, unstable_pattern: "/recommendations" };
    let thrown: unknown;
    await createAuthMiddleware(() => config)(args as never, async () => {
      thrown = await requireUserId(args).catch((error: unknown) => error);
      return new Response("ok");
    });
    expect(thrown).toMatchObject({ init: { status: 401 }, data: "Not authenticated" });
  });

  it("the network trap works: without CLERK_JWT_KEY Clerk tries to fetch its JWKS and the request is signed out", async () => {
    const token = await mintToken(signer.privateKey);
    const withoutJwtKey = { ...config, jwtKey: undefined };
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await whoIs({ Authorization: `Bearer ${token}` }, withoutJwtKey)).userId).toBeNull();
    expect(outbound.some((url) => url.includes("/jwks"))).toBe(true);
  });
});

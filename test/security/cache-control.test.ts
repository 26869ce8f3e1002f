import { describe, expect, it } from "vitest";
import { IMAGE_CACHE_CONTROL } from "#app/server/image-proxy.server";
import { carriesSession, PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE_CONTROL, withCachePolicy } from "#app/server/http/cache-policy.server";

/** The Workers Cache API's default cache (the DOM typings do not know it). */
const edgeCache = (caches as unknown as { default: Cache }).default;

/**
 * Private by default (app/server/http/cache-policy.server.ts, applied in workers/app.ts to every
 * response): both sides of the rule, for every kind of response. The same over HTTP against the
 * built app is in http.spec.ts ("Cache-Control").
 */

const ORIGIN = "https://drombil.se";
const LOCAL = { Cookie: "__drombil_session=eyJ1c2VySWQiOiJ4In0%3D.signature" };
const LOCAL_HTTPS = { Cookie: "theme=dark; __Host-drombil_session=abc.def" };
const CLERK = { Cookie: "__client_uat=1795000000; __session=eyJhbGciOi.x.y" };
const CLERK_SUFFIXED = { Cookie: "__session_Ab12Cd34=eyJ.x.y" };
const BEARER = { Authorization: "Bearer eyJ.x.y" };
const SIGNED_IN = [
  ["the local session", LOCAL],
  ["the local session over https", LOCAL_HTTPS],
  ["Clerk's cookies", CLERK],
  ["Clerk's suffixed cookie", CLERK_SUFFIXED],
  ["a bearer token", BEARER],
] as const;

const html = (init: ResponseInit = {}) =>
  new Response("<!doctype html>", { status: 200, ...init, headers: { "Content-Type": "text/html", ...(init.headers ?? {}) } });

function policy(path: string, response: Response, headers: Record<string, string> = {}, method = "GET") {
  return withCachePolicy(new Request(`${ORIGIN}${path}`, { method, headers }), response).headers.get("Cache-Control");
}

describe("Cache-Control: a signed-in request is never stored", () => {
  const responses: [string, string, () => Response][] = [
    ["a document", "/recommendations", () => html()],
    ["route data", "/recommendations.data", () => new Response("[]", { headers: { "Content-Type": "text/x-script" } })],
    ["the export", "/recommendations/export", () => new Response("{}", { headers: { "Cache-Control": "private, no-store" } })],
    ["the landing page", "/", () => html()],
    ["the privacy page", "/integritetspolicy", () => html()],
    ["the terms", "/anvandarvillkor", () => html()],
    ["the health check", "/healthz", () => Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } })],
    ["a route that asked for public caching", "/recommendations/abc", () => html({ headers: { "Cache-Control": "public, max-age=3600" } })],
    ["a redirect", "/login", () => new Response(null, { status: 302, headers: { Location: "/recommendations" } })],
    ["an error page", "/finns-inte", () => html({ status: 404 })],
    ["an image refusal", "/bild", () => new Response("nej", { status: 403, headers: { "Cache-Control": "no-store" } })],
  ];
  for (const [who, headers] of SIGNED_IN) {
    it(`with ${who}: private, no-store on documents, .data, resource routes, redirects and errors`, () => {
      for (const [name, path, response] of responses) expect(policy(path, response(), headers), name).toBe(PRIVATE_NO_STORE);
      expect(policy("/recommendations", html(), headers, "POST")).toBe(PRIVATE_NO_STORE);
    });
  }

  it("a stale or forged session cookie counts as signed in (errs towards private)", () => {
    expect(policy("/", html(), { Cookie: "__drombil_session=garbage" })).toBe(PRIVATE_NO_STORE);
  });

  it("the one exception: a proxied thumbnail keeps its private browser cache (the response is the same for everyone)", () => {
    const image = () => new Response(new Uint8Array([1]), { headers: { "Content-Type": "image/jpeg", "Cache-Control": IMAGE_CACHE_CONTROL } });
    expect(IMAGE_CACHE_CONTROL).toMatch(/^private, /);
    for (const [, headers] of SIGNED_IN) expect(policy("/bild", image(), headers)).toBe(IMAGE_CACHE_CONTROL);
  });
});

describe("Cache-Control: public caching only for the signed-out landing, terms and privacy pages", () => {
  it.each(["/", "/anvandarvillkor", "/integritetspolicy"])("signed-out GET %s is public for a few minutes, varying on Cookie", (path) => {
    const response = withCachePolicy(new Request(`${ORIGIN}${path}`), html());
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(response.headers.get("Vary")).toMatch(/Cookie/);
    expect(policy(path, html(), {}, "HEAD")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it("Clerk's signed-out marker (__client_uat=0) and unrelated cookies do not make a visitor signed in", () => {
    expect(policy("/", html(), { Cookie: "__client_uat=0; theme=dark; __session=" })).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(carriesSession(new Request(ORIGIN, { headers: { Cookie: "__client_uat=0" } }))).toBe(false);
  });

  it("not public: a response that sets a cookie, a non-200, a POST, route data, or any other page", () => {
    expect(policy("/", html({ headers: { "Set-Cookie": "__clerk_db_jwt=x" } }))).toBe(PRIVATE_NO_STORE);
    expect(policy("/", html({ status: 500 }))).toBe(PRIVATE_NO_STORE);
    expect(policy("/integritetspolicy", html(), {}, "POST")).toBe(PRIVATE_NO_STORE);
    expect(policy("/_root.data", new Response("[]"))).toBe(PRIVATE_NO_STORE);
    expect(policy("/login", html())).toBe(PRIVATE_NO_STORE);
    expect(policy("/recommendations", html({ status: 401 }))).toBe(PRIVATE_NO_STORE);
    expect(policy("/recommendations/abc", html({ headers: { "Cache-Control": "public, max-age=3600" } }))).toBe(PRIVATE_NO_STORE);
  });

  it("signed out, other responses keep what their route chose (never public)", () => {
    expect(policy("/healthz", Response.json({}, { headers: { "Cache-Control": "no-store" } }))).toBe("no-store");
    expect(policy("/bild", new Response("x", { headers: { "Cache-Control": IMAGE_CACHE_CONTROL } }))).toBe(IMAGE_CACHE_CONTROL);
  });

  it("works on responses with immutable headers (from fetch or the Cache API)", async () => {
    await edgeCache.put(new Request(`${ORIGIN}/cache-probe`), new Response("x", { headers: { "Cache-Control": "public, max-age=60" } }));
    const cached = await edgeCache.match(new Request(`${ORIGIN}/cache-probe`));
    expect(cached).toBeDefined();
    expect(withCachePolicy(new Request(`${ORIGIN}/recommendations`, { headers: LOCAL }), cached as Response).headers.get("Cache-Control")).toBe(
      PRIVATE_NO_STORE,
    );
  });
});

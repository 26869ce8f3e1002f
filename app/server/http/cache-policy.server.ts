import { LOCAL_SESSION_COOKIE, LOCAL_SESSION_COOKIE_HTTPS } from "#app/server/auth/local-session.server";

/**
 * Private by default. Every response the Worker produces gets a Cache-Control chosen here (in
 * workers/app.ts, after React Router and the webhook, before the security headers):
 *
 * - a request that carries a session (any sign-in cookie or an Authorization header) gets
 *   `private, no-store` on everything: documents, `.data`, resource routes, errors, redirects.
 *   Someone's recommendations and e-mail address must never sit in a shared cache, nor in the
 *   browser's cache for the next person at a shared computer to reach with Back;
 * - the signed-out landing, terms and privacy pages may be cached publicly for a few minutes;
 * - everything else keeps what its route set, or gets `private, no-store` when it set nothing.
 *
 * One deliberate exception: the image proxy's thumbnails keep their `private, max-age=…,
 * immutable` for signed-in requests too. The response is a function of the image URL alone (the
 * route never reads cookies), so it holds nothing of the user's, and no-store would make every
 * visit to a recommendation download every thumbnail again. `private` still keeps it out of
 * shared caches. Static assets never reach the Worker (`public/_headers`).
 */

export const PRIVATE_NO_STORE = "private, no-store";
/** Short: a policy or terms update should show within minutes. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=300";

const PUBLIC_PAGES = new Set(["/", "/anvandarvillkor", "/integritetspolicy"]);
const USER_INDEPENDENT_PATHS = new Set(["/bild"]);

/** Clerk's session cookies (optionally suffixed per instance); `__client_uat=0` means signed out. */
const CLERK_SESSION_COOKIE = /^__(session|client_uat)(_[A-Za-z0-9_-]+)?$/;

/** True when the request carries anything that can sign someone in, valid or not. */
export function carriesSession(request: Request): boolean {
  if (request.headers.has("Authorization")) return true;
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const separator = part.indexOf("=");
    const name = (separator === -1 ? part : part.slice(0, separator)).trim();
    const value = separator === -1 ? "" : part.slice(separator + 1).trim();
    if (value === "") continue;
    if (name === LOCAL_SESSION_COOKIE || name === LOCAL_SESSION_COOKIE_HTTPS) return true;
    if (CLERK_SESSION_COOKIE.test(name) && !(name.startsWith("__client_uat") && value === "0")) return true;
  }
  return false;
}

function isPublicPage(request: Request, response: Response): boolean {
  const method = request.method.toUpperCase();
  return (
    (method === "GET" || method === "HEAD") &&
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    PUBLIC_PAGES.has(new URL(request.url).pathname)
  );
}

/** The response with the Cache-Control this module decides (a copy: the original may be immutable). */
export function withCachePolicy(request: Request, response: Response): Response {
  if (response.status === 101) return response;
  const result = new Response(response.body, response);
  const own = response.headers.get("Cache-Control");
  const path = new URL(request.url).pathname;

  if (carriesSession(request)) {
    const keepOwn = USER_INDEPENDENT_PATHS.has(path) && own !== null && /^private\b/.test(own);
    if (!keepOwn) result.headers.set("Cache-Control", PRIVATE_NO_STORE);
  } else if (isPublicPage(request, response)) {
    result.headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    // The same URL answers a signed-in visitor differently (a redirect, a header with their name).
    result.headers.append("Vary", "Cookie");
  } else if (own === null || /\bpublic\b/.test(own)) {
    result.headers.set("Cache-Control", PRIVATE_NO_STORE);
  }
  return result;
}

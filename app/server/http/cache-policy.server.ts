import { CLERK_SESSION_COOKIE, LOCAL_SESSION_COOKIE, LOCAL_SESSION_COOKIE_HTTPS } from "./session-cookies.server";

// Private by default (docs/decisions/007-private-caching-and-account-lifecycle.md), applied in workers/app.ts.

export const PRIVATE_NO_STORE = "private, no-store";
/** Short: a policy or terms update should show within minutes. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=300";

const PUBLIC_PAGES = new Set(["/", "/anvandarvillkor", "/integritetspolicy"]);
const USER_INDEPENDENT_PATHS = new Set(["/bild"]);

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
    (method === "GET" || method === "HEAD") && response.status === 200 && !response.headers.has("Set-Cookie") && PUBLIC_PAGES.has(new URL(request.url).pathname)
  );
}

/** A copy: the original's headers may be immutable. */
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

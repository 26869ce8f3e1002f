import { data } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sec-Fetch-Site or Origin must say same origin; a request with neither is refused, as every supported browser sends one. */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  const origin = request.headers.get("Origin");
  if (origin === null || origin === "null") return false;
  return origin === new URL(request.url).origin;
}

export function assertSameOrigin(request: Request): void {
  if (isSameOriginRequest(request)) return;
  throw data("Förfrågan kom inte från Drömbil och har stoppats.", { status: 403 });
}

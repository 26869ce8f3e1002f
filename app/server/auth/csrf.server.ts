import { data } from "react-router";
import { FORM_BODY_COPY } from "#app/lib/failure-copy";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from our own pages. Browsers send Sec-Fetch-Site on
 * every request and Origin on every POST; either must say "same origin". A request with neither
 * is refused too: every browser we support sends at least one of them.
 */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  const origin = request.headers.get("Origin");
  if (origin === null || origin === "null") return false;
  return origin === new URL(request.url).origin;
}

/** Throws 403 for cross-site state-changing requests (CSRF). */
export function assertSameOrigin(request: Request): void {
  if (isSameOriginRequest(request)) return;
  throw data(FORM_BODY_COPY["cross-site"], { status: 403 });
}

import { createClerkClient } from "@clerk/react-router/server";
import type { ClerkAuthConfig } from "./auth-config.server";

/**
 * The two Backend API calls we make on a user's behalf, through Clerk's own client (which sends
 * the secret key and parses Clerk's errors). Both need the network; both may throw.
 */

function backend(config: ClerkAuthConfig) {
  return createClerkClient({ secretKey: config.secretKey, publishableKey: config.publishableKey, apiUrl: config.apiUrl });
}

/** Clerk answered with this HTTP status (ClerkAPIResponseError carries it). */
function hasStatus(error: unknown, status: number): boolean {
  return typeof error === "object" && error !== null && (error as { status?: unknown }).status === status;
}

/**
 * Ends the session at Clerk, so its refresh stops working everywhere (a copied cookie included),
 * not only in this browser. A session Clerk no longer knows counts as ended.
 */
export async function revokeClerkSession(config: ClerkAuthConfig, sessionId: string): Promise<void> {
  try {
    await backend(config).sessions.revokeSession(sessionId);
  } catch (error) {
    if (!hasStatus(error, 404)) throw error;
  }
}

/**
 * Deletes the user at Clerk (e-mail address, sign-in methods, every session). Clerk then sends
 * `user.deleted` to our webhook. A user Clerk no longer knows counts as deleted.
 */
export async function deleteClerkUser(config: ClerkAuthConfig, userId: string): Promise<void> {
  try {
    await backend(config).users.deleteUser(userId);
  } catch (error) {
    if (!hasStatus(error, 404)) throw error;
  }
}

/**
 * Set-Cookie values that remove Clerk's session cookies from this browser: `__session` and
 * `__client_uat` (and their per-instance suffixed twins) that the request carries, both host-only
 * and on the parent domain, where clerk-js sets `__client_uat`.
 */
export function clearClerkCookies(request: Request): string[] {
  const names = new Set(["__session", "__client_uat"]);
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const name = part.split("=", 1)[0]?.trim() ?? "";
    if (/^__(session|client_uat)(_[A-Za-z0-9_-]{1,64})?$/.test(name)) names.add(name);
  }
  const host = new URL(request.url).hostname;
  const parent = /^[0-9.]+$|^\[|^localhost$/.test(host) ? null : host.split(".").slice(-2).join(".");
  const expired = "Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax";
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return [...names].flatMap((name) => [
    `${name}=; ${expired}${secure}`,
    ...(parent && parent.includes(".") ? [`${name}=; Domain=${parent}; ${expired}${secure}`] : []),
  ]);
}

import { createClerkClient } from "@clerk/react-router/server";
import type { ClerkAuthConfig } from "./auth-config.server";

function backend(config: ClerkAuthConfig) {
  return createClerkClient({ secretKey: config.secretKey, publishableKey: config.publishableKey, apiUrl: config.apiUrl });
}

function hasStatus(error: unknown, status: number): boolean {
  return typeof error === "object" && error !== null && (error as { status?: unknown }).status === status;
}

/** At Clerk, so a copied cookie stops working too; a session Clerk no longer knows counts as ended. */
export async function revokeClerkSession(config: ClerkAuthConfig, sessionId: string): Promise<void> {
  try {
    await backend(config).sessions.revokeSession(sessionId);
  } catch (error) {
    if (!hasStatus(error, 404)) throw error;
  }
}

/** Clerk then sends `user.deleted` to our webhook; a user Clerk no longer knows counts as deleted. */
export async function deleteClerkUser(config: ClerkAuthConfig, userId: string): Promise<void> {
  try {
    await backend(config).users.deleteUser(userId);
  } catch (error) {
    if (!hasStatus(error, 404)) throw error;
  }
}

/** Host-only and on the parent domain (where clerk-js sets `__client_uat`), per-instance suffixed twins included. */
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

/** The account's primary e-mail address at Clerk; null for a user Clerk no longer knows or one without an address. */
export async function clerkPrimaryEmail(config: ClerkAuthConfig, userId: string): Promise<string | null> {
  try {
    const user = await backend(config).users.getUser(userId);
    return user.primaryEmailAddress?.emailAddress ?? null;
  } catch (error) {
    if (hasStatus(error, 404)) return null;
    throw error;
  }
}

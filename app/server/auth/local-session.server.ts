import { createCookieSessionStorage, type SessionStorage } from "react-router";
import { LOCAL_SESSION_COOKIE, LOCAL_SESSION_COOKIE_HTTPS } from "#app/server/http/session-cookies.server";
import type { LocalAuthConfig } from "./auth-config.server";

type LocalSessionData = { userId: string; email: string; expiresAt: number };
type LocalSessionUser = { userId: string; email: string };

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

const storages = new Map<string, SessionStorage<LocalSessionData>>();

function sessionStorage(config: LocalAuthConfig): SessionStorage<LocalSessionData> {
  const key = `${config.secureCookie}:${config.sessionSecret}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<LocalSessionData>({
      cookie: {
        name: config.secureCookie ? LOCAL_SESSION_COOKIE_HTTPS : LOCAL_SESSION_COOKIE,
        httpOnly: true,
        sameSite: "lax",
        secure: config.secureCookie,
        path: "/",
        maxAge: SESSION_MAX_AGE_SECONDS,
        secrets: [config.sessionSecret],
      },
    });
    storages.set(key, storage);
  }
  return storage;
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function localUserIdForEmail(email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normaliseEmail(email)));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `local_${hex.slice(0, 32)}`;
}

/** The expiry is inside the signed value: Max-Age only asks the browser to forget, and a copied value would live for ever. */
export async function getLocalSessionUser(request: Request, config: LocalAuthConfig): Promise<LocalSessionUser | null> {
  const session = await sessionStorage(config).getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  const email = session.get("email");
  const expiresAt = session.get("expiresAt");
  if (typeof userId !== "string" || typeof email !== "string" || typeof expiresAt !== "number") return null;
  return expiresAt > Date.now() ? { userId, email } : null;
}

export async function createLocalSession(request: Request, config: LocalAuthConfig, email: string): Promise<string> {
  const storage = sessionStorage(config);
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.set("userId", await localUserIdForEmail(email));
  session.set("email", normaliseEmail(email));
  session.set("expiresAt", Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  return storage.commitSession(session);
}

export async function destroyLocalSession(request: Request, config: LocalAuthConfig): Promise<string> {
  const storage = sessionStorage(config);
  return storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
}

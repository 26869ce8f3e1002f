import type { AppEnv } from "#app/server/env.server";

export type ClerkAuthConfig = {
  provider: "clerk";
  publishableKey: string;
  secretKey: string;
  /** With it, session tokens verify locally without fetching Clerk's JWKS. */
  jwtKey: string | undefined;
  /** Origin of the instance's Frontend API (from the publishable key); the CSP must allow it. */
  frontendApiOrigin: string;
};

export type LocalAuthConfig = {
  provider: "local";
  sessionSecret: string;
  secureCookie: boolean;
};

export type AuthConfig = ClerkAuthConfig | LocalAuthConfig;

/** Only ever used when APP_ENV is development, where local sign-in is allowed at all. */
const LOCAL_DEVELOPMENT_SESSION_SECRET = "drombil-local-development-only-session-secret";

export class LocalSignInInProductionError extends Error {
  constructor() {
    super(
      "Refusing to serve: APP_ENV is production but Clerk is not configured (CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY). " +
        "The local sign-in accepts any e-mail address and must never run in production.",
    );
    this.name = "LocalSignInInProductionError";
  }
}

/** `pk_live_Y2xlcmsuZXhhbXBsZS50ZXN0JA` → `https://clerk.example.test` (the key is base64 of "host$"). */
export function clerkFrontendApiOrigin(publishableKey: string): string {
  const encoded = publishableKey.replace(/^pk_(test|live)_/, "");
  const decoded = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
  const host = decoded.replace(/\$$/, "");
  if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/i.test(host)) throw new Error("CLERK_PUBLISHABLE_KEY does not encode a Frontend API host");
  return `https://${host}`;
}

/**
 * Clerk when its keys are configured, otherwise the local sign-in, which is allowed only in
 * development: a production deployment without Clerk throws LocalSignInInProductionError.
 */
export function resolveAuthConfig(appEnv: AppEnv): AuthConfig {
  if (appEnv.CLERK_PUBLISHABLE_KEY && appEnv.CLERK_SECRET_KEY) {
    return {
      provider: "clerk",
      publishableKey: appEnv.CLERK_PUBLISHABLE_KEY,
      secretKey: appEnv.CLERK_SECRET_KEY,
      jwtKey: appEnv.CLERK_JWT_KEY,
      frontendApiOrigin: clerkFrontendApiOrigin(appEnv.CLERK_PUBLISHABLE_KEY),
    };
  }
  if (appEnv.APP_ENV === "production") throw new LocalSignInInProductionError();
  return {
    provider: "local",
    sessionSecret: appEnv.SESSION_SECRET ?? LOCAL_DEVELOPMENT_SESSION_SECRET,
    // Plain http only for local development on localhost; anywhere served over https, Secure.
    secureCookie: new URL(appEnv.PUBLIC_SITE_URL).protocol === "https:",
  };
}

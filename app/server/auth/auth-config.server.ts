import type { AppEnv } from "#app/server/env.server";

export type ClerkAuthConfig = {
  provider: "clerk";
  publishableKey: string;
  secretKey: string;
  /** With it, session tokens verify locally without fetching Clerk's JWKS. */
  jwtKey: string | undefined;
  frontendApiOrigin: string;
  /** Our own site only: a token minted for another application on the same Clerk instance carries another azp. */
  authorizedParties: string[];
  apiUrl: string;
  webhookSigningSecret: string | undefined;
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

export class ClerkTestKeysInProductionError extends Error {
  constructor() {
    super(
      "Refusing to serve: APP_ENV is production but the Clerk keys are development keys (pk_test_/sk_test_). " +
        "A development instance has relaxed security (dev-browser tokens, shared test accounts); use the instance's pk_live_/sk_live_ keys.",
    );
    this.name = "ClerkTestKeysInProductionError";
  }
}

export const CLERK_API_URL = "https://api.clerk.com";

/** `pk_live_Y2xlcmsuZXhhbXBsZS50ZXN0JA` → `https://clerk.example.test` (the key is base64 of "host$"). */
export function clerkFrontendApiOrigin(publishableKey: string): string {
  const encoded = publishableKey.replace(/^pk_(test|live)_/, "");
  const decoded = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
  const host = decoded.replace(/\$$/, "");
  if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/i.test(host)) throw new Error("CLERK_PUBLISHABLE_KEY does not encode a Frontend API host");
  return `https://${host}`;
}

export function resolveAuthConfig(appEnv: AppEnv): AuthConfig {
  if (appEnv.CLERK_PUBLISHABLE_KEY && appEnv.CLERK_SECRET_KEY) {
    const testKeys = appEnv.CLERK_PUBLISHABLE_KEY.startsWith("pk_test_") || appEnv.CLERK_SECRET_KEY.startsWith("sk_test_");
    if (appEnv.APP_ENV === "production" && testKeys) throw new ClerkTestKeysInProductionError();
    return {
      provider: "clerk",
      publishableKey: appEnv.CLERK_PUBLISHABLE_KEY,
      secretKey: appEnv.CLERK_SECRET_KEY,
      jwtKey: appEnv.CLERK_JWT_KEY,
      frontendApiOrigin: clerkFrontendApiOrigin(appEnv.CLERK_PUBLISHABLE_KEY),
      authorizedParties: [new URL(appEnv.PUBLIC_SITE_URL).origin],
      apiUrl: CLERK_API_URL,
      webhookSigningSecret: appEnv.CLERK_WEBHOOK_SIGNING_SECRET,
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

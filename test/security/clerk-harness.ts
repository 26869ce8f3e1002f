import type { ClerkAuthConfig } from "#app/server/auth/auth-config.server";

/**
 * Offline Clerk for the security suite: an RSA key pair, session tokens signed with it, and the
 * auth config that verifies them with CLERK_JWT_KEY (no JWKS fetch). Deliberately imports nothing
 * of Clerk: each test file installs its network trap before it imports Clerk's SDK, which binds
 * `fetch` when it loads.
 */

export const FAPI_HOST = "clerk.drombil.test";
export const PUBLISHABLE_KEY = `pk_live_${btoa(`${FAPI_HOST}$`).replace(/=+$/, "")}`;
export const SECRET_KEY = "sk_live_test_only_not_a_secret";
export const SITE_ORIGIN = "https://drombil.test";
export const CLERK_API_URL = "https://api.clerk.com";

export type KeyPair = { privateKey: CryptoKey; publicPem: string };

export async function rsaKeyPair(): Promise<KeyPair> {
  const pair = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const spki = new Uint8Array((await crypto.subtle.exportKey("spki", pair.publicKey)) as ArrayBuffer);
  const base64 = btoa(String.fromCharCode(...spki));
  const publicPem = `-----BEGIN PUBLIC KEY-----\n${base64.match(/.{1,64}/g)?.join("\n")}\n-----END PUBLIC KEY-----`;
  return { privateKey: pair.privateKey, publicPem };
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
export const encodeJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

/** A Clerk v2 session token for `user_clerk_123` / `sess_123`, valid for a minute; `claims` override. */
export async function mintToken(key: CryptoKey, claims: Record<string, unknown> = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const body = `${encodeJson({ alg: "RS256", typ: "JWT", kid: "ins_test" })}.${encodeJson({
    sub: "user_clerk_123",
    sid: "sess_123",
    iss: `https://${FAPI_HOST}`,
    azp: SITE_ORIGIN,
    iat: now - 5,
    nbf: now - 5,
    exp: now + 60,
    v: 2,
    ...claims,
  })}`;
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(body));
  return `${body}.${base64url(new Uint8Array(signature))}`;
}

/** The config resolveAuthConfig builds for a production site at SITE_ORIGIN with these keys. */
export function clerkConfig(signer: KeyPair, overrides: Partial<ClerkAuthConfig> = {}): ClerkAuthConfig {
  return {
    provider: "clerk",
    publishableKey: PUBLISHABLE_KEY,
    secretKey: SECRET_KEY,
    jwtKey: signer.publicPem,
    frontendApiOrigin: `https://${FAPI_HOST}`,
    authorizedParties: [SITE_ORIGIN],
    apiUrl: CLERK_API_URL,
    webhookSigningSecret: undefined,
    ...overrides,
  };
}

import { z } from "zod";

// The digest's links work without signing in, so each carries what it may do, signed (HMAC-SHA-256) with WATCH_LINK_SECRET.

/** Development without a secret signs with this; production without one sends no digest (see the digest). */
const DEVELOPMENT_KEY = "drombil-development-watch-links-not-secret";

const LinkSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("stop-all"), userId: z.string().min(1).max(200) }),
  z.object({ action: z.literal("renew"), userId: z.string().min(1).max(200), watchId: z.string().min(1).max(40) }),
]);
export type WatchLink = z.infer<typeof LinkSchema>;

const encoder = new TextEncoder();
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));

function keyOf(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export function linkSecretOf(appEnv: { APP_ENV: string; WATCH_LINK_SECRET?: string | undefined }): string | null {
  return appEnv.WATCH_LINK_SECRET ?? (appEnv.APP_ENV === "production" ? null : DEVELOPMENT_KEY);
}

/** `<payload>.<signature>`, both base64url: goes in a query string as is. */
export async function signWatchLink(link: WatchLink, secret: string): Promise<string> {
  const payload = encoder.encode(JSON.stringify(link));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await keyOf(secret), payload));
  return `${base64url(payload)}.${base64url(signature)}`;
}

/** Null for anything not signed with the secret, malformed, or of another action. */
export async function verifyWatchLink(token: string | null, secret: string | null): Promise<WatchLink | null> {
  if (!token || !secret || token.length > 1_000) return null;
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  try {
    const bytes = fromBase64url(payload);
    if (!(await crypto.subtle.verify("HMAC", await keyOf(secret), fromBase64url(signature), bytes))) return null;
    const parsed = LinkSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

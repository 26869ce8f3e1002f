import { wishFromParam } from "#app/lib/search-options";

// The landing page's wish (and "Försök igen" after a failed recommendation) travels from a form POST to the
// create form in this cookie, never in a URL: a URL lands in the browser's history and in server and proxy logs.

/** Over https, `__Host-` makes browsers demand Secure, Path=/ and no Domain, so a sibling subdomain cannot plant it. */
const WISH_COOKIE = "drombil_onskemal";
const WISH_COOKIE_HTTPS = "__Host-drombil_onskemal";
/** Long enough to sign up (an e-mail code included); the create form clears it on first read. */
const WISH_COOKIE_SECONDS = 3600;
/** UTF-8 bytes kept: base64 makes them 4 000 characters, inside the 4 096 browsers allow a cookie's name and value. */
const WISH_COOKIE_MAX_BYTES = 3000;

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

function attributes(request: Request, maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isHttps(request) ? "; Secure" : ""}`;
}

function encode(text: string): string {
  let bytes = new TextEncoder().encode(text);
  // Cut at a character, never inside one: drop whole code points from the end until it fits.
  let kept = Array.from(text);
  while (bytes.length > WISH_COOKIE_MAX_BYTES) {
    kept = kept.slice(0, -Math.max(1, Math.ceil((bytes.length - WISH_COOKIE_MAX_BYTES) / 4)));
    bytes = new TextEncoder().encode(kept.join(""));
  }
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(value: string): string {
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return "";
  }
}

/** Set-Cookie for a posted wish, cleaned and capped like any description; an empty wish clears it. */
export function wishCookie(request: Request, posted: unknown): string {
  const wish = wishFromParam(posted);
  if (!wish) return clearWishCookie(request);
  return `${isHttps(request) ? WISH_COOKIE_HTTPS : WISH_COOKIE}=${encode(wish)}; ${attributes(request, WISH_COOKIE_SECONDS)}`;
}

export function clearWishCookie(request: Request): string {
  return `${isHttps(request) ? WISH_COOKIE_HTTPS : WISH_COOKIE}=; ${attributes(request, 0)}`;
}

/** The carried wish (cleaned again: a cookie is input too), or null when none was sent. */
export function readWishCookie(request: Request): string | null {
  const name = isHttps(request) ? WISH_COOKIE_HTTPS : WISH_COOKIE;
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    return wishFromParam(decode(part.slice(separator + 1).trim()));
  }
  return null;
}

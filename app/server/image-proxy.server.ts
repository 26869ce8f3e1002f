/**
 * The image proxy behind `/bild?url=…` (app/routes/image-proxy.ts). Marketplace thumbnails are
 * fetched by us and passed on, so the buyer's browser never talks to a third party (no tracking,
 * one CSP origin), and the proxy can be used for nothing else:
 *
 * - only `https://` URLs whose host is exactly on {@link IMAGE_PROXY_HOSTS}; the raw text of the
 *   host is checked before the URL parser normalises it, so userinfo, ports, IP literals,
 *   percent-encoded or Unicode hosts are refused without any outbound request;
 * - redirects are followed by hand, at most {@link MAX_REDIRECTS}, each target checked again;
 * - only raster image types (no SVG, which can carry script) up to {@link MAX_IMAGE_BYTES};
 * - successful answers are cached for a week (Cache-Control and the Workers Cache API).
 *
 * Pure apart from the injected `fetch` and cache: the unit tests import it in plain Node.
 */

/** Blocket's image CDN hosts (docs: /work/shared/reference/blocket-api.md §3). Exact hosts, no wildcards. */
export const IMAGE_PROXY_HOSTS: ReadonlySet<string> = new Set(["images.blocketcdn.se", "i.blocketcdn.se"]);

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 3;
export const MAX_URL_LENGTH = 2048;
export const UPSTREAM_TIMEOUT_MS = 8_000;
/** Blocket image URLs carry a unique id per picture: safe to keep for a week. */
export const IMAGE_CACHE_CONTROL = "public, max-age=604800, immutable";

/** Raster formats browsers show in <img>; image/svg+xml is deliberately absent. */
const ALLOWED_CONTENT_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type ProxyTarget =
  | { ok: true; url: string }
  | { ok: false; status: 400 | 403; reason: string };

export type ParseProxyTargetOptions = {
  /**
   * TEST ONLY: also accept `http://127.0.0.1:<port>/…`, for a fake image host in tests. Never set
   * from anything in a request; the route does not pass it.
   */
  allowLoopbackForTests?: boolean;
};

const refuse = (status: 400 | 403, reason: string): ProxyTarget => ({ ok: false, status, reason });

/**
 * Decides whether `raw` may be fetched. Returns the normalised URL (without fragment) or why not:
 * 400 for something that is not a plain absolute https URL, 403 for a host that is not ours to
 * fetch. Checks the raw text first and the parsed URL after, and both must agree.
 */
export function parseProxyTarget(raw: unknown, options: ParseProxyTargetOptions = {}): ProxyTarget {
  if (typeof raw !== "string" || raw === "") return refuse(400, "missing url");
  if (raw.length > MAX_URL_LENGTH) return refuse(400, "url too long");
  // Whitespace, control characters and backslashes are silently rewritten by the URL parser.
  if (/[\u0000-\u0020\u007f-\u00a0\\]/.test(raw)) return refuse(400, "url contains forbidden characters");

  const loopback = options.allowLoopbackForTests === true ? /^http:\/\/127\.0\.0\.1:\d{1,5}(?=[/?#]|$)/.exec(raw) : null;
  if (!loopback && !raw.startsWith("https://")) return refuse(400, "only https urls");

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(400, "not a url");
  }

  if (loopback) {
    if (url.protocol !== "http:" || url.hostname !== "127.0.0.1" || url.username !== "" || url.password !== "") {
      return refuse(403, "host not allowed");
    }
  } else {
    // The authority exactly as written: no "@", ":", "%", "[", Unicode or trailing dot survives this.
    const authority = raw.slice("https://".length).split(/[/?#]/, 1)[0] ?? "";
    if (!IMAGE_PROXY_HOSTS.has(authority.toLowerCase())) return refuse(403, "host not allowed");
    if (
      url.protocol !== "https:" ||
      !IMAGE_PROXY_HOSTS.has(url.hostname) ||
      url.host !== url.hostname ||
      url.port !== "" ||
      url.username !== "" ||
      url.password !== ""
    ) {
      return refuse(403, "host not allowed");
    }
  }

  url.hash = "";
  return { ok: true, url: url.href };
}

export type ProxyImageOptions = ParseProxyTargetOptions & {
  /** The outbound fetch; tests inject a recording stub. Defaults to the global fetch. */
  fetch?: typeof fetch;
  /**
   * Where answers are cached. Defaults to the Workers Cache API (`caches.default`) where it
   * exists; `null` turns caching off.
   */
  cache?: Cache | null;
  timeoutMs?: number;
};

/** The cache key: our own synthetic URL, so cached upstream answers never mix with other entries. */
function cacheKey(targetUrl: string): Request {
  return new Request(`https://image-proxy.drombil.invalid/?url=${encodeURIComponent(targetUrl)}`);
}

function defaultCache(): Cache | null {
  const storage = (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches;
  return storage?.default ?? null;
}

/** A refusal or failure: plain Swedish text, never cached, never sniffed. */
function failure(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const REFUSED = "Bilden kan inte visas via Drömbil.";

/** The media type without parameters, lower case ("image/jpeg; q=1" → "image/jpeg"). */
function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

/**
 * Reads at most `limit` bytes; null when the body is longer (then the stream is cancelled).
 * Content-Length alone is not trusted: it may be missing or wrong.
 */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(new ArrayBuffer(0));
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Fetches an allowlisted image and returns the response for the browser. Never throws: refusals
 * are 400/403 (before any outbound request when the URL itself is refused; after it for an
 * off-list redirect, a non-image type or an oversized body), upstream trouble is 404/502/504.
 */
export async function proxyImage(rawUrl: unknown, options: ProxyImageOptions = {}): Promise<Response> {
  const target = parseProxyTarget(rawUrl, options);
  if (!target.ok) return failure(target.status, REFUSED);

  const doFetch = options.fetch ?? fetch;
  const cache = options.cache === undefined ? defaultCache() : options.cache;
  const key = cacheKey(target.url);

  if (cache) {
    const cached = await cache.match(key).catch(() => undefined);
    if (cached) return cached;
  }

  const signal = AbortSignal.timeout(options.timeoutMs ?? UPSTREAM_TIMEOUT_MS);
  let current = target.url;
  let upstream: Response | undefined;
  try {
    for (let hop = 0; ; hop++) {
      const response = await doFetch(current, {
        method: "GET",
        redirect: "manual",
        signal,
        headers: { Accept: [...ALLOWED_CONTENT_TYPES].join(",") },
      });
      if (!REDIRECT_STATUSES.has(response.status)) {
        upstream = response;
        break;
      }
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get("Location");
      if (hop >= MAX_REDIRECTS || !location) return failure(502, "Bilden kunde inte hämtas.");
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        return failure(502, "Bilden kunde inte hämtas.");
      }
      const checked = parseProxyTarget(next.href, options);
      if (!checked.ok) return failure(403, REFUSED);
      current = checked.url;
    }

    if (upstream.status === 404 || upstream.status === 410) {
      await upstream.body?.cancel().catch(() => undefined);
      return failure(404, "Bilden finns inte längre.");
    }
    if (upstream.status !== 200) {
      await upstream.body?.cancel().catch(() => undefined);
      return failure(502, "Bilden kunde inte hämtas.");
    }

    const type = mediaType(upstream.headers.get("Content-Type"));
    if (!ALLOWED_CONTENT_TYPES.has(type)) {
      await upstream.body?.cancel().catch(() => undefined);
      return failure(403, REFUSED);
    }
    const declared = Number(upstream.headers.get("Content-Length") ?? "0");
    if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES) {
      await upstream.body?.cancel().catch(() => undefined);
      return failure(403, REFUSED);
    }
    const bytes = await readCapped(upstream.body, MAX_IMAGE_BYTES);
    if (!bytes) return failure(403, REFUSED);

    const response = new Response(bytes, {
      status: 200,
      headers: {
        "Content-Type": type,
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": IMAGE_CACHE_CONTROL,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-origin",
      },
    });
    if (cache) await cache.put(key, response.clone()).catch(() => undefined);
    return response;
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
      return failure(504, "Bilden tog för lång tid att hämta.");
    }
    console.error("image proxy: upstream fetch failed", error);
    return failure(502, "Bilden kunde inte hämtas.");
  }
}

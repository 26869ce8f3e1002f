// Why each check exists: docs/decisions/014-server-design-notes.md (image proxy).

import { IMAGE_COPY } from "#app/lib/failure-copy";
import { BLOCKET_IMAGE_HOSTS } from "#app/lib/image-url";
import { readCapped } from "./http/read-capped.server";

export const IMAGE_PROXY_HOSTS: ReadonlySet<string> = BLOCKET_IMAGE_HOSTS;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const MAX_URL_LENGTH = 2048;
const UPSTREAM_TIMEOUT_MS = 8_000;
/** A Blocket image URL names one picture for good; `private` because shared caches hold only public pages. */
export const IMAGE_CACHE_CONTROL = "private, max-age=604800, immutable";
/** The entry in our own edge cache: the Cache API refuses to store anything marked `private`. */
const EDGE_CACHE_CONTROL = "public, max-age=604800, immutable";

const IMAGE_QUERY_PARAMETERS: Readonly<Record<string, Readonly<Record<string, RegExp>>>> = {
  "images.blocketcdn.se": { width: /^\d{1,4}$/, height: /^\d{1,4}$/, format: /^[a-z]{2,5}$/, quality: /^\d{1,3}$/ },
  "i.blocketcdn.se": { type: /^[a-z0-9_]{1,32}$/i },
};

/** No image/svg+xml: SVG can carry script. */
const ALLOWED_CONTENT_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type ProxyTarget = { ok: true; url: string } | { ok: false; status: 400 | 403; reason: string };

export type ParseProxyTargetOptions = {
  /** TEST ONLY: never set from anything in a request. */
  allowLoopbackForTests?: boolean;
};

const refuse = (status: 400 | 403, reason: string): ProxyTarget => ({ ok: false, status, reason });

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

/** One spelling per image (cache key and first fetch), so `?cb=1`, `?cb=2` or `/%64…` cannot force fresh 5 MB downloads. */
function canonicalImageUrl(acceptedUrl: string): string {
  const url = new URL(acceptedUrl);
  const path = url.pathname
    .replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(char) ? char : escape.toUpperCase();
    })
    .replace(/\/{2,}/g, "/");
  const allowed = IMAGE_QUERY_PARAMETERS[url.hostname] ?? {};
  const query = new URLSearchParams();
  for (const name of Object.keys(allowed).sort()) {
    const value = url.searchParams.get(name);
    if (value !== null && allowed[name]?.test(value)) query.set(name, value);
  }
  const search = query.toString();
  return `${url.protocol}//${url.host}${path}${search ? `?${search}` : ""}`;
}

type UpstreamAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

export type ProxyImageOptions = ParseProxyTargetOptions & {
  /** The marketplace is switched off: no Blocket image is fetched, nor served from our copy of one. */
  marketplaceOff?: boolean;
  fetch?: typeof fetch;
  cache?: Cache | null;
  timeoutMs?: number;
  admitUpstreamFetch?: () => Promise<UpstreamAdmission>;
};

function cacheKey(targetUrl: string): Request {
  return new Request(`https://image-proxy.drombil.invalid/?url=${encodeURIComponent(targetUrl)}`);
}

function defaultCache(): Cache | null {
  const storage = (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches;
  return storage?.default ?? null;
}

function failure(status: number, message: string, extraHeaders: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...extraHeaders,
    },
  });
}

const REFUSED = IMAGE_COPY.refused;

function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

export async function proxyImage(rawUrl: unknown, options: ProxyImageOptions = {}): Promise<Response> {
  const target = parseProxyTarget(rawUrl, options);
  if (!target.ok) return failure(target.status, REFUSED);
  if (options.marketplaceOff) return failure(404, IMAGE_COPY.off);

  const doFetch = options.fetch ?? fetch;
  const cache = options.cache === undefined ? defaultCache() : options.cache;
  const canonical = canonicalImageUrl(target.url);
  const key = cacheKey(canonical);

  if (cache) {
    const cached = await cache.match(key).catch(() => undefined);
    if (cached) {
      // Rebuilt here, at the source: the cached response's headers are immutable.
      const response = new Response(cached.body, cached);
      response.headers.set("Cache-Control", IMAGE_CACHE_CONTROL);
      return response;
    }
  }

  if (options.admitUpstreamFetch) {
    let admission: UpstreamAdmission;
    try {
      admission = await options.admitUpstreamFetch();
    } catch (error) {
      // Without a working limiter the proxy stays closed rather than becoming an open relay.
      console.error("image proxy: rate limiter unavailable", error);
      return failure(503, IMAGE_COPY.unavailable);
    }
    if (!admission.allowed) return failure(429, admission.message, { "Retry-After": String(admission.retryAfterSeconds) });
  }

  const signal = AbortSignal.timeout(options.timeoutMs ?? UPSTREAM_TIMEOUT_MS);
  let current = canonical;
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
      if (hop >= MAX_REDIRECTS || !location) return failure(502, IMAGE_COPY.failed);
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        return failure(502, IMAGE_COPY.failed);
      }
      const checked = parseProxyTarget(next.href, options);
      if (!checked.ok) return failure(403, REFUSED);
      current = checked.url;
    }

    if (upstream.status === 404 || upstream.status === 410) {
      await upstream.body?.cancel().catch(() => undefined);
      return failure(404, IMAGE_COPY.gone);
    }
    if (upstream.status !== 200) {
      await upstream.body?.cancel().catch(() => undefined);
      return failure(502, IMAGE_COPY.failed);
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
    if (cache) {
      const entry = response.clone();
      entry.headers.set("Cache-Control", EDGE_CACHE_CONTROL);
      await cache.put(key, entry).catch(() => undefined);
    }
    return response;
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
      return failure(504, IMAGE_COPY.slow);
    }
    console.error("image proxy: upstream fetch failed", error);
    return failure(502, IMAGE_COPY.failed);
  }
}

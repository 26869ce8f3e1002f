import { env } from "cloudflare:workers";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ClerkAuthConfig } from "#app/server/auth/auth-config.server";
import { clerkConfig, rsaKeyPair, SITE_ORIGIN } from "./clerk-harness";

/** The Workers Cache API's default cache (the DOM typings do not know it). */
const edgeCache = (caches as unknown as { default: Cache }).default;

/**
 * `/bild` as production runs it: the real Clerk middleware in front, the Workers Cache API behind
 * (`caches.default`, whose responses have immutable headers, as in production), and the per-IP
 * limit in the RateLimiter Durable Object. The image host is a fetch stub installed before
 * Clerk's SDK loads (it binds `fetch` at import): it serves a JPEG for Blocket's image CDN and
 * records every request; anything else is refused.
 */

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
const upstream: string[] = [];
vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
  const url = input instanceof Request ? input.url : String(input);
  upstream.push(url);
  if (url.startsWith("https://images.blocketcdn.se/") || url.startsWith("https://i.blocketcdn.se/")) {
    return new Response(JPEG.slice(), { headers: { "Content-Type": "image/jpeg" } });
  }
  throw new Error(`Unexpected outbound request to ${url}`);
});

// The workerd runtime outlives this file (isolate: false): the next file gets the real fetch back.
afterAll(() => {
  vi.unstubAllGlobals();
});
const { createAuthMiddleware } = await import("#app/server/auth/auth.server");
// After the fetch stub: the harness loads routes, and with them Clerk's SDK.
const { testContext } = await import("#test/setup/route-harness");
const { loader: imageProxyLoader } = await import("#app/routes/image-proxy");
const { rateLimitRule } = await import("#app/server/rate-limit/rate-limit.server");
const { servicesFor } = await import("#app/server/services.server");

let config: ClerkAuthConfig;
beforeAll(async () => {
  config = clerkConfig(await rsaKeyPair());
});
afterEach(() => {
  upstream.length = 0;
});

let serial = 0;
/** A fresh image on Blocket's CDN (nothing cached for it yet). */
const freshImage = () =>
  `https://images.blocketcdn.se/dynamic/480x480c/item/${40_000_000 + ++serial}/0b7d3c1e-1111-4a2b-9c3d-${String(serial).padStart(12, "0")}`;

/** GET /bild?url=… through the root middleware with Clerk as the provider, as React Router runs it. */
async function viaClerk(target: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${SITE_ORIGIN}/bild?url=${encodeURIComponent(target)}`, { headers });
  const args = { request, context: testContext(), params: {}, unstable_pattern: "/bild" };
  return createAuthMiddleware(() => config)(args as never, async () => (await imageProxyLoader(args as never)) as Response) as Promise<Response>;
}

describe("/bild behind Clerk's middleware", () => {
  it("serves a cached image (immutable headers from caches.default) with Clerk's headers added, not a 500", async () => {
    const image = freshImage();
    const first = await viaClerk(image, { "CF-Connecting-IP": "198.51.100.1" });
    expect(first.status).toBe(200);
    // The second answer comes from edgeCache; Clerk appends its auth headers to it.
    const cached = await viaClerk(image, { "CF-Connecting-IP": "198.51.100.1" });
    expect(cached.status).toBe(200);
    expect(cached.headers.get("x-clerk-auth-status")).toBe("signed-out");
    expect(cached.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await cached.arrayBuffer())).toEqual(JPEG);
    expect(upstream).toEqual([image]);
  });

  it("a cached answer leaves the proxy with headers a middleware can still change", async () => {
    const image = freshImage();
    const client = { "CF-Connecting-IP": "198.51.100.2" };
    await viaClerk(image, client);
    // The entry as the Cache API hands it back is immutable (as in production), so what follows
    // is a test of the proxy's rebuild, not of the runtime.
    const raw = await edgeCache.match(new Request(`https://image-proxy.drombil.invalid/?url=${encodeURIComponent(image)}`));
    expect(() => raw?.headers.append("x-probe", "1")).toThrow();

    const request = new Request(`${SITE_ORIGIN}/bild?url=${encodeURIComponent(image)}`, { headers: client });
    const served = (await imageProxyLoader({ request, context: testContext(), params: {}, unstable_pattern: "/bild" } as never)) as Response;
    expect(upstream).toEqual([image]);
    expect(served.status).toBe(200);
    served.headers.set("x-probe", "1");
    expect(served.headers.get("x-probe")).toBe("1");
  });
});

describe("/bild: cache-busting cannot force repeated upstream downloads", () => {
  it("query strings and spellings the CDN does not use all hit the one cache entry", async () => {
    const image = freshImage();
    const variants = [
      image,
      `${image}?cb=1`,
      `${image}?cb=2&utm_source=x`,
      `${image}?width=abc`,
      `${image}#frag`,
      image.replace("/dynamic/", "/%64ynamic/"),
      image.replace("/item/", "//item/"),
    ];
    for (const variant of variants) expect((await viaClerk(variant, { "CF-Connecting-IP": "198.51.100.3" })).status, variant).toBe(200);
    expect(upstream).toEqual([image]);
  });

  it("the CDN's own sizing parameters are kept (a different image), in one canonical order", async () => {
    const image = freshImage();
    const client = { "CF-Connecting-IP": "198.51.100.4" };
    expect((await viaClerk(`${image}?width=480&height=360&cb=9`, client)).status).toBe(200);
    expect((await viaClerk(`${image}?height=360&width=480`, client)).status).toBe(200);
    expect(upstream).toEqual([`${image}?height=360&width=480`]);
  });
});

describe("/bild: per-IP limit on upstream fetches (RateLimiter Durable Object)", () => {
  it("refuses one address past the limit with a Swedish 429 and Retry-After, without fetching; others and cached images are unaffected", async () => {
    const { max } = rateLimitRule(servicesFor(env).appEnv, "image");
    const attacker = { "CF-Connecting-IP": "203.0.113.66" };
    const alreadyCached = freshImage();
    expect((await viaClerk(alreadyCached, { "CF-Connecting-IP": "192.0.2.10" })).status).toBe(200);
    upstream.length = 0;

    for (let index = 0; index < max; index++) expect((await viaClerk(freshImage(), attacker)).status).toBe(200);
    expect(upstream).toHaveLength(max);

    const refused = await viaClerk(freshImage(), attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    expect(await refused.text()).toMatch(/^För många bilder på kort tid\. Vänta \d+ sekunder? och försök igen\.$/);
    expect(upstream).toHaveLength(max);

    // A cached image costs nothing, so the limit does not stop it; another address has its own budget.
    expect((await viaClerk(alreadyCached, attacker)).status).toBe(200);
    expect((await viaClerk(freshImage(), { "CF-Connecting-IP": "203.0.113.67" })).status).toBe(200);
  });

  it("counts an IPv6 client per /64, so rotating addresses inside it does not reset the budget", async () => {
    const { clientAddress } = await import("#app/server/rate-limit/client-address.server");
    const at = (ip: string) => clientAddress(new Request(SITE_ORIGIN, { headers: { "CF-Connecting-IP": ip } }));
    expect(at("2001:db8:1:2::1")).toBe(at("2001:0db8:0001:0002:ffff:eeee:dddd:cccc"));
    expect(at("2001:db8:1:2::1")).not.toBe(at("2001:db8:1:3::1"));
    expect(at("203.0.113.5")).toBe("203.0.113.5");
    expect(at("not an address")).toBe("unknown");
    expect(clientAddress(new Request(SITE_ORIGIN))).toBe("unknown");
  });
});

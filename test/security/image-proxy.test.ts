import { afterEach, describe, expect, it, vi } from "vitest";
import { loader as imageProxyLoader } from "#app/routes/image-proxy";
import { IMAGE_CACHE_CONTROL, MAX_IMAGE_BYTES, proxyImage } from "#app/server/image-proxy.server";
import { testContext } from "#test/setup/route-harness";

const IMAGE_URL = "https://images.blocketcdn.se/dynamic/480x480c/item/30000001/0b7d3c1e-1111-4a2b-9c3d-000000000001";
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

type Call = { url: string; init: RequestInit | undefined };

/** A fake image host behind an injected fetch: records every outbound request. */
function fakeUpstream(respond: (url: string, init: RequestInit | undefined) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, init });
    return respond(url, init);
  }) as typeof fetch;
  return { calls, fetch: fetchStub };
}

const image = (body: BodyInit = JPEG.slice(), headers: Record<string, string> = { "Content-Type": "image/jpeg" }) =>
  new Response(body, { status: 200, headers });

/** Every URL here is refused from its text alone: no request may leave the Worker. */
const REFUSED_BEFORE_FETCH: [string, string | undefined][] = [
  ["another host", "https://evil.example/bild.jpg"],
  ["plain http", "http://images.blocketcdn.se/dynamic/default/item/1/a"],
  ["an IPv4 literal", "https://93.184.216.34/bild.jpg"],
  ["loopback IPv4", "https://127.0.0.1/bild.jpg"],
  ["a decimal IPv4", "https://2130706433/bild.jpg"],
  ["an IPv6 literal", "https://[2606:4700::1111]/bild.jpg"],
  ["loopback IPv6", "https://[::1]/bild.jpg"],
  ["userinfo before the allowed host", "https://user:pass@images.blocketcdn.se/dynamic/default/item/1/a"],
  ["the allowed host as userinfo", "https://images.blocketcdn.se@evil.example/bild.jpg"],
  ["a non-default port", "https://images.blocketcdn.se:8443/dynamic/default/item/1/a"],
  ["an explicit port", "https://images.blocketcdn.se:443/dynamic/default/item/1/a"],
  ["a percent-encoded dot", "https://images%2Eblocketcdn.se/dynamic/default/item/1/a"],
  ["a percent-encoded letter", "https://%69mages.blocketcdn.se/dynamic/default/item/1/a"],
  ["a Cyrillic lookalike", "https://іmages.blocketcdn.se/dynamic/default/item/1/a"],
  ["a punycode lookalike", "https://xn--mages-2ve.blocketcdn.se/dynamic/default/item/1/a"],
  ["a fullwidth dot", "https://images。blocketcdn.se/dynamic/default/item/1/a"],
  ["a subdomain of an allowed host", "https://evil.images.blocketcdn.se/bild.jpg"],
  ["an allowed host as prefix", "https://images.blocketcdn.se.evil.example/bild.jpg"],
  ["a trailing dot", "https://images.blocketcdn.se./dynamic/default/item/1/a"],
  ["a sibling host not on the list", "https://assets.blocketcdn.se/logo.png"],
  ["a backslash", "https://images.blocketcdn.se\\@evil.example/bild.jpg"],
  ["a tab inside the host", "https://images.blocket\tcdn.se/a"],
  ["a protocol-relative url", "//images.blocketcdn.se/dynamic/default/item/1/a"],
  ["a data url", "data:image/png;base64,iVBORw0KGgo="],
  ["a javascript url", "javascript:alert(1)"],
  ["ftp", "ftp://images.blocketcdn.se/a.jpg"],
  ["no url at all", undefined],
  ["an empty url", ""],
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("image proxy: allowed images", () => {
  it("serves an allowlisted image with a long cache lifetime, asking upstream once without following redirects", async () => {
    const upstream = fakeUpstream(() => image());
    const response = await proxyImage(IMAGE_URL, { fetch: upstream.fetch, cache: null });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe(IMAGE_CACHE_CONTROL);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(JPEG);
    expect(upstream.calls.map((call) => call.url)).toEqual([IMAGE_URL]);
    expect(upstream.calls[0]?.init?.redirect).toBe("manual");
  });

  it("serves the legacy image host too and drops the fragment", async () => {
    const upstream = fakeUpstream(() => image(JPEG.slice(), { "Content-Type": "image/webp" }));
    const response = await proxyImage("https://i.blocketcdn.se/pictures/asl/1/1.jpg?type=thumb#x", { fetch: upstream.fetch, cache: null });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(upstream.calls.map((call) => call.url)).toEqual(["https://i.blocketcdn.se/pictures/asl/1/1.jpg?type=thumb"]);
  });

  it("follows a redirect that stays on the allowlist", async () => {
    const target = "https://i.blocketcdn.se/pictures/asl/1/1.jpg";
    const upstream = fakeUpstream((url) => (url === IMAGE_URL ? new Response(null, { status: 301, headers: { Location: target } }) : image()));
    const response = await proxyImage(IMAGE_URL, { fetch: upstream.fetch, cache: null });
    expect(response.status).toBe(200);
    expect(upstream.calls.map((call) => call.url)).toEqual([IMAGE_URL, target]);
  });

  it("answers a second request from the cache without asking upstream again", async () => {
    const cache = await caches.open("image-proxy-test");
    const upstream = fakeUpstream(() => image());
    expect((await proxyImage(IMAGE_URL, { fetch: upstream.fetch, cache })).status).toBe(200);
    const again = await proxyImage(IMAGE_URL, { fetch: upstream.fetch, cache });
    expect(again.status).toBe(200);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(JPEG);
    expect(upstream.calls).toHaveLength(1);
  });

  it("accepts a loopback fake host only through the explicit test-only option", async () => {
    const upstream = fakeUpstream(() => image());
    const loopback = "http://127.0.0.1:9999/bild.jpg";
    expect((await proxyImage(loopback, { fetch: upstream.fetch, cache: null })).status).toBe(400);
    expect(upstream.calls).toHaveLength(0);
    expect((await proxyImage(loopback, { fetch: upstream.fetch, cache: null, allowLoopbackForTests: true })).status).toBe(200);
    expect(upstream.calls.map((call) => call.url)).toEqual([loopback]);
  });
});

describe("image proxy: refused before any outbound request", () => {
  it.each(REFUSED_BEFORE_FETCH)("refuses %s with 400/403 and no outbound request", async (_name, url) => {
    const upstream = fakeUpstream(() => image());
    const response = await proxyImage(url, { fetch: upstream.fetch, cache: null });
    expect([400, 403]).toContain(response.status);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(upstream.calls).toHaveLength(0);
  });

  it("the /bild route refuses the same URLs, extra parameters cannot loosen it, and the global fetch is never called", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const route = (query: string) =>
      imageProxyLoader({
        request: new Request(`http://localhost:5173/bild${query}`),
        context: testContext(),
        params: {},
        unstable_pattern: "",
      } as never) as Promise<Response>;

    for (const [, url] of REFUSED_BEFORE_FETCH) {
      const response = await route(url === undefined ? "" : `?url=${encodeURIComponent(url)}`);
      expect([400, 403]).toContain(response.status);
    }
    const loopback = await route(`?url=${encodeURIComponent("http://127.0.0.1:9999/a.jpg")}&allowLoopbackForTests=true`);
    expect(loopback.status).toBe(400);
    const twice = await route(`?url=${encodeURIComponent(IMAGE_URL)}&url=${encodeURIComponent("https://evil.example/a.jpg")}`);
    expect(twice.status).toBe(400);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("image proxy: refused after asking upstream", () => {
  it("does not follow a redirect off the allowlist", async () => {
    for (const location of ["https://evil.example/bild.jpg", "http://images.blocketcdn.se/a", "https://169.254.169.254/latest/meta-data", "//evil.example/x"]) {
      const upstream = fakeUpstream(() => new Response(null, { status: 302, headers: { Location: location } }));
      const response = await proxyImage(IMAGE_URL, { fetch: upstream.fetch, cache: null });
      expect(response.status).toBe(403);
      expect(upstream.calls.map((call) => call.url)).toEqual([IMAGE_URL]);
    }
  });

  it("gives up after a few redirects", async () => {
    let hop = 0;
    const upstream = fakeUpstream(() => new Response(null, { status: 307, headers: { Location: `${IMAGE_URL}?hop=${++hop}` } }));
    const response = await proxyImage(IMAGE_URL, { fetch: upstream.fetch, cache: null });
    expect(response.status).toBe(502);
    expect(upstream.calls).toHaveLength(4);
  });

  it.each([
    ["html", "text/html; charset=utf-8"],
    ["svg (can carry script)", "image/svg+xml"],
    ["json", "application/json"],
    ["a missing content type", undefined],
  ])("refuses %s with 403", async (_name, contentType) => {
    const upstream = fakeUpstream(() => image("<svg onload=alert(1)>", contentType ? { "Content-Type": contentType } : {}));
    const response = await proxyImage(IMAGE_URL, { fetch: upstream.fetch, cache: null });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
  });

  it("refuses an image declared larger than the cap", async () => {
    const upstream = fakeUpstream(() => image(JPEG.slice(), { "Content-Type": "image/jpeg", "Content-Length": String(MAX_IMAGE_BYTES + 1) }));
    expect((await proxyImage(IMAGE_URL, { fetch: upstream.fetch, cache: null })).status).toBe(403);
  });

  it("refuses an image that streams past the cap without declaring its size", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_IMAGE_BYTES + chunk.byteLength) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk.slice());
      },
    });
    const upstream = fakeUpstream(() => image(body, { "Content-Type": "image/png" }));
    expect((await proxyImage(IMAGE_URL, { fetch: upstream.fetch, cache: null })).status).toBe(403);
    expect(sent).toBeLessThanOrEqual(MAX_IMAGE_BYTES + 2 * chunk.byteLength);
  });

  it("maps upstream trouble: 404 stays 404, errors become 502, a hang becomes 504", async () => {
    const notFound = fakeUpstream(() => new Response("nej", { status: 404 }));
    expect((await proxyImage(IMAGE_URL, { fetch: notFound.fetch, cache: null })).status).toBe(404);
    const broken = fakeUpstream(() => new Response("fel", { status: 500, headers: { "Content-Type": "image/jpeg" } }));
    expect((await proxyImage(IMAGE_URL, { fetch: broken.fetch, cache: null })).status).toBe(502);
    const unreachable = fakeUpstream(() => Promise.reject(new TypeError("network down")));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await proxyImage(IMAGE_URL, { fetch: unreachable.fetch, cache: null })).status).toBe(502);
    const hanging = fakeUpstream(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    expect((await proxyImage(IMAGE_URL, { fetch: hanging.fetch, cache: null, timeoutMs: 50 })).status).toBe(504);
  });
});

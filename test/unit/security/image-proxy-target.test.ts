import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IMAGE_PROXY_HOSTS, parseProxyTarget } from "#app/server/image-proxy.server";

const ALLOWED = [...IMAGE_PROXY_HOSTS];

/** What every accepted target must be: plain https on an allowlisted host, nothing else in the authority. */
function expectSafe(raw: string) {
  const target = parseProxyTarget(raw);
  if (!target.ok) return;
  const url = new URL(target.url);
  expect(url.protocol).toBe("https:");
  expect(IMAGE_PROXY_HOSTS.has(url.hostname)).toBe(true);
  expect(url.host).toBe(url.hostname);
  expect(url.username).toBe("");
  expect(url.password).toBe("");
  expect(url.hash).toBe("");
}

// Characters that make hosts tricky: separators, userinfo, ports, encodings, lookalikes.
const trickyChar = fc.constantFrom(
  ..."@:%.[]\\/?#-_ \t\n0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".split(""),
  "\u0456", // Cyrillic i
  "\u3002", // ideographic full stop
  "\uff0e", // fullwidth full stop
  "%2e",
  "%40",
  "xn--",
  "\u0000",
);
const trickyText = fc.array(trickyChar, { maxLength: 12 }).map((parts) => parts.join(""));

describe("parseProxyTarget", () => {
  it("never accepts a host outside the allowlist, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (raw) => expectSafe(raw)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.webUrl({ withFragments: true, withQueryParameters: true }), (raw) => expectSafe(raw)),
      { numRuns: 2000 },
    );
  });

  it("accepts a generated https URL exactly when its host is on the allowlist", () => {
    fc.assert(
      fc.property(fc.oneof(fc.domain(), fc.constantFrom(...ALLOWED)), fc.webPath(), (host, path) => {
        const target = parseProxyTarget(`https://${host}${path}`);
        expect(target.ok).toBe(IMAGE_PROXY_HOSTS.has(host));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses anything written around an allowed host: userinfo, ports, encodings, lookalikes, suffixes", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALLOWED), trickyText, trickyText, fc.webPath(), (host, before, after, path) => {
        fc.pre(before !== "" || after !== "");
        // Only text that stays inside the authority counts: "/", "?" and "#" would end it.
        fc.pre(!/^[/?#]/.test(after));
        const raw = `https://${before}${host}${after}${path}`;
        expectSafe(raw);
        expect(parseProxyTarget(raw).ok).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it("refuses every non-https scheme and every IP literal", () => {
    fc.assert(
      fc.property(fc.constantFrom("http", "ftp", "ws", "wss", "file", "data", "javascript", "blob", "HTTP"), fc.constantFrom(...ALLOWED), (scheme, host) => {
        expect(parseProxyTarget(`${scheme}://${host}/a.jpg`).ok).toBe(false);
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.ipV4(),
          fc.ipV4Extended(),
          fc.ipV6().map((ip) => `[${ip}]`),
        ),
        (ip) => {
          expect(parseProxyTarget(`https://${ip}/a.jpg`).ok).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("ignores the test-only loopback option unless it is passed explicitly", () => {
    expect(parseProxyTarget("http://127.0.0.1:8080/a.jpg").ok).toBe(false);
    expect(parseProxyTarget("http://127.0.0.1:8080/a.jpg", { allowLoopbackForTests: true }).ok).toBe(true);
    // Even with the option: only 127.0.0.1 over http, no userinfo, no other host.
    for (const raw of ["http://127.0.0.1@evil.example/a", "http://127.0.0.1.evil.example:80/a", "http://localhost:8080/a", "http://127.0.0.2:8080/a"]) {
      expect(parseProxyTarget(raw, { allowLoopbackForTests: true }).ok).toBe(false);
    }
  });
});

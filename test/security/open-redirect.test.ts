import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "#app/routes/login";
import { run, type Session, signIn } from "#test/setup/route-harness";

/**
 * Every place a return target is read from the request must end on our own site: the sign-in
 * page's `?redirectTo=` (redirect when already signed in, and the value handed to Clerk's widget
 * and the hidden field), and the sign-in form's `redirectTo` (redirect after success, and the
 * value echoed back after a validation error). `safe-redirect.test.ts` covers the function itself.
 */

const HOSTILE_TARGETS = [
  "https://evil.example/",
  "http://evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example/x",
  "/\\evil.example",
  "\\\\evil.example",
  "/%2F/evil.example",
  "/%5C%5Cevil.example",
  "/\t/evil.example",
  "/\r\n/evil.example",
  "/ /evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "https:evil.example",
  "evil.example",
  "@evil.example",
  "/@evil.example",
  "%2F%2Fevil.example",
  "／／evil.example",
  "\u3002evil.example",
];

const target = fc.oneof(
  fc.constantFrom(...HOSTILE_TARGETS),
  fc.webUrl(),
  fc.string({ maxLength: 60 }),
  fc.tuple(fc.constantFrom("/", "//", "/\\", "\\", "/%2F", "https:", ""), fc.domain(), fc.webPath()).map(([prefix, host, path]) => `${prefix}${host}${path}`),
);

/** Resolves a returned target like a browser would, against our origin: it must stay there. */
function expectOwnSite(location: string | null | undefined) {
  expect(typeof location).toBe("string");
  const value = location ?? "";
  expect(value.startsWith("/")).toBe(true);
  expect(value.startsWith("//")).toBe(false);
  expect(value).not.toMatch(/[\\\u0000-\u001f\u007f]/);
  expect(new URL(value, "https://drombil.se").origin).toBe("https://drombil.se");
}

let signedIn: Session;
beforeAll(async () => {
  signedIn = await signIn("omdirigering@example.se");
});

describe("open redirect: every return target read from a request stays on our own site", () => {
  it("/login?redirectTo= for a signed-in visitor redirects only to our own paths", async () => {
    await fc.assert(
      fc.asyncProperty(target, async (value) => {
        const response = await run(loginLoader, `/login?redirectTo=${encodeURIComponent(value)}`, { cookie: signedIn.cookie });
        expect(response.status).toBe(302);
        expectOwnSite(response.headers.get("Location"));
      }),
      { numRuns: 300 },
    );
  });

  it("/login?redirectTo= for a signed-out visitor hands only our own paths to the sign-in widget and form", async () => {
    await fc.assert(
      fc.asyncProperty(target, async (value) => {
        const response = await run(loginLoader, `/login?redirectTo=${encodeURIComponent(value)}`);
        expect(response.status).toBe(200);
        expectOwnSite(((await response.json()) as { redirectTo: string }).redirectTo);
      }),
      { numRuns: 300 },
    );
  });

  it("the sign-in form's redirectTo redirects only to our own paths after success", async () => {
    await fc.assert(
      fc.asyncProperty(target, async (value) => {
        const response = await run(loginAction, "/login", { method: "POST", fields: { email: "anna@example.se", redirectTo: value } });
        expect(response.status).toBe(302);
        expectOwnSite(response.headers.get("Location"));
      }),
      { numRuns: 300 },
    );
  });

  it("the sign-in form's redirectTo is echoed back only as our own path after a validation error", async () => {
    await fc.assert(
      fc.asyncProperty(target, async (value) => {
        const response = await run(loginAction, "/login", { method: "POST", fields: { email: "inte-en-adress", redirectTo: value } });
        expect(response.status).toBe(400);
        expectOwnSite(((await response.json()) as { result: { initialValue: { redirectTo: string } } }).result.initialValue.redirectTo);
      }),
      { numRuns: 300 },
    );
  });

  it("every hand-picked trick stays on our site, and all but literal paths fall back to the recommendations list", async () => {
    for (const value of HOSTILE_TARGETS) {
      const response = await run(loginAction, "/login", { method: "POST", fields: { email: "anna@example.se", redirectTo: value } });
      expectOwnSite(response.headers.get("Location"));
      // "/%2F…", "/ /…" and "/@…" are odd but literal paths on our site; everything else falls back.
      if (!/^\/[%@ ]/.test(value)) expect(response.headers.get("Location"), value).toBe("/recommendations");
    }
  });
});

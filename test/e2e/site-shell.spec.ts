import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage, screenshot, seriousAccessibilityViolations } from "./browser";

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ baseURL: baseUrl(), locale: "sv-SE", viewport: { width: 1280, height: 900 } });
});

const PAGES = [
  { path: "/", name: "landing", status: 200, heading: "Hitta rätt begagnad bil – innan du börjar scrolla annonser" },
  { path: "/anvandarvillkor", name: "terms", status: 200, heading: "Användarvillkor" },
  { path: "/integritetspolicy", name: "privacy", status: 200, heading: "Integritetspolicy" },
  { path: "/finns-inte-har", name: "not-found", status: 404, heading: "Sidan finns inte" },
  { path: "/recommendations", name: "signed-out-recommendations", status: 401, heading: "Du behöver logga in" },
] as const;

describe("site shell in Chromium", () => {
  it("the accessibility check itself reports what it should: low contrast, a nameless button, an image without alt", async () => {
    const { page } = await openPage(context);
    await page.setContent(
      '<html lang="sv"><body><main><h1>Prov</h1><p style="color:#bbb;background:#fff">Blek text</p><button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>',
    );
    const found = (await seriousAccessibilityViolations(page)).map((violation) => violation.split(" ")[0]);
    expect(found).toEqual(expect.arrayContaining(["color-contrast", "button-name", "image-alt"]));
  });

  for (const { path, name, status, heading } of PAGES) {
    it(`${path} answers ${status} with a Swedish page, the header and footer, security headers and no serious axe findings`, async () => {
      const { page, errors } = await openPage(context);
      const response = await page.goto(path, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(status);

      expect(await page.locator("html").getAttribute("lang")).toBe("sv");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
      const header = page.getByRole("banner");
      expect(await header.getByRole("link", { name: "Drömbil – till startsidan" }).getAttribute("href")).toBe("/");
      expect(await header.getByRole("link", { name: "Så fungerar det" }).getAttribute("href")).toBe("/#hur-det-fungerar");
      expect(await header.getByRole("link", { name: "Logga in" }).getAttribute("href")).toMatch(/^\/login(\?redirectTo=.*)?$/);
      expect(await header.getByRole("link", { name: "Hitta drömbil" }).getAttribute("href")).toBe("/#primary");
      const footer = page.getByRole("contentinfo");
      for (const [label, href] of [
        ["Kontakt", "mailto:kontakt@drombil.se"],
        ["Integritetspolicy", "/integritetspolicy"],
        ["Användarvillkor", "/anvandarvillkor"],
      ] as const) {
        expect(await footer.getByRole("link", { name: label }).getAttribute("href")).toBe(href);
      }
      expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Drömbil`);

      const headers = response?.headers() ?? {};
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, name);
      // Hydration ran under the CSP without a single refused script or runtime error.
      expect(errors.filter((error) => !error.includes("status of 40"))).toEqual([]);
    });
  }

  it("the landing page has its primary, how-it-works and top-5 sections and full metadata", async () => {
    const { page } = await openPage(context);
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await page.locator("#primary").count()).toBe(1);
    expect(await page.locator("#hur-det-fungerar").count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Fem säkra kort på begagnatmarknaden" }).count()).toBe(1);
    expect(await page.locator("section[aria-labelledby=top-heading] ol > li").count()).toBe(5);
    await expect.poll(() => page.title()).toBe("Drömbil – hitta rätt begagnad bil");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/bilförslag/);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/$/);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe("Drömbil – hitta rätt begagnad bil");
    expect(await page.locator('meta[name="twitter:card"]').getAttribute("content")).toBe("summary_large_image");
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await (await fetch(new URL(manifestHref ?? "", baseUrl()))).json()) as { lang: string; icons: { src: string }[] };
    expect(manifest.lang).toBe("sv-SE");
    expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
    for (const icon of manifest.icons) {
      expect((await fetch(new URL(icon.src, baseUrl()))).status).toBe(200);
    }
    expect((await fetch(new URL("/favicon.ico", baseUrl()))).status).toBe(200);
  });

  it("the header's 'Så fungerar det' scrolls to the how-it-works section after hydration", async () => {
    const { page } = await openPage(context);
    await page.goto("/anvandarvillkor", { waitUntil: "networkidle" });
    await page.getByRole("banner").getByRole("link", { name: "Så fungerar det" }).click();
    await page.waitForURL(/\/#hur-det-fungerar$/);
    await expect.poll(() => page.locator("#hur-det-fungerar").isVisible()).toBe(true);
  });

  it("the signed-out error page links to sign-in with a return path to the wanted page", async () => {
    const { page } = await openPage(context);
    await page.goto("/recommendations/create");
    const loginLink = page.getByRole("main").getByRole("link", { name: "Logga in" });
    expect(await loginLink.getAttribute("href")).toBe("/login?redirectTo=%2Frecommendations%2Fcreate");
  });

  it("resource routes, data requests, redirects and refusals carry the same security headers", async () => {
    for (const [path, init] of [
      ["/healthz", {}],
      ["/bild?url=https%3A%2F%2Fevil.example%2Fa.jpg", {}],
      ["/recommendations.data", {}],
      ["/recommendations/export", {}],
      ["/logout", { redirect: "manual" }],
      ["/login", { method: "POST", body: new URLSearchParams({ email: "a@b.se" }), headers: { Origin: "https://evil.example" } }],
    ] as const) {
      const response = await fetch(new URL(path, baseUrl()), init as RequestInit);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
    }
    const [first, second] = await Promise.all([fetch(baseUrl()), fetch(baseUrl())]);
    const nonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce(first)).toBeDefined();
    expect(nonce(first)).not.toBe(nonce(second));
  });

  it("a mobile viewport keeps the header usable", async () => {
    const mobile = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 740 }, isMobile: true });
    const page = await mobile.newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await page.getByRole("banner").getByRole("link", { name: "Hitta drömbil" }).isVisible()).toBe(true);
    await screenshot(page, "landing-mobile");
    await mobile.close();
  });
});

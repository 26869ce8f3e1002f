import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { LOCAL_SESSION_COOKIE, LOCAL_SESSION_COOKIE_HTTPS } from "#app/server/http/session-cookies.server";

export const screenshotDir = path.resolve(import.meta.dirname, "../../test-results");

export function baseUrl(): string {
  return inject("baseUrl");
}

/** The shared Chromium that global setup launched; closing it closes only this file's contexts. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject("browserWsEndpoint"));
}

/** A page that records console errors and uncaught exceptions (CSP violations land there too). */
export async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors };
}

/**
 * Screenshots are for people looking at the pages (`E2E_SCREENSHOTS=1 npx vitest run --project e2e`);
 * they assert nothing and a dozen full-page captures cost seconds, so `npm test` skips them.
 */
export const takeScreenshots = process.env.E2E_SCREENSHOTS === "1";

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!takeScreenshots) return;
  mkdirSync(screenshotDir, { recursive: true });
  // From the top: a full-page capture of a scrolled page draws the sticky header over the content at the scroll offset.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * axe-core's serious and critical findings, formatted so a failing assertion says what is wrong.
 * `within` limits the run to one part of the page, for a part that appeared on a page whose rest was
 * checked a step before at the same viewport: a full run of an unlocked result (ten cards) takes
 * 3–7 s here, most of the journey's time.
 */
export async function seriousAccessibilityViolations(page: Page, within?: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself. The default also opens a blank page (a new renderer) to
  // merge per-frame results, which cost 2–13 s per call here; our pages have no iframes to merge.
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).setLegacyMode().analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * A browser context signed in on `base` by posting the /login form's fields from the context itself,
 * so the session cookie lands in its jar. Saves two page loads per context; the sign-in pages
 * themselves, with and without JavaScript, are driven in auth.spec.ts.
 */
export async function signedInContext(
  browser: Browser,
  base: string,
  email: string,
  options: Pick<BrowserContextOptions, "javaScriptEnabled" | "viewport" | "reducedMotion"> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, locale: "sv-SE", ...options });
  const response = await context.request.post("/login", {
    form: { email, redirectTo: "/recommendations" },
    headers: { Origin: new URL(base).origin, "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  if (response.status() !== 302 || !(await context.cookies()).some((cookie) => [LOCAL_SESSION_COOKIE, LOCAL_SESSION_COOKIE_HTTPS].includes(cookie.name))) {
    throw new Error(`Signing in ${email} failed: ${response.status()} ${await response.text()}`);
  }
  return context;
}

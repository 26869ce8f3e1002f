import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";

export const screenshotDir = path.resolve(import.meta.dirname, "../../test-results");

export function baseUrl(): string {
  return inject("baseUrl");
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** axe-core's serious and critical findings, formatted so a failing assertion says what is wrong. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** A browser context signed in through the /login page's form (local sign-in) on `base`. */
export async function signedInContext(
  browser: Browser,
  base: string,
  email: string,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, locale: "sv-SE", ...options });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("main").getByLabel("E-postadress").fill(email);
  await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
  await page.waitForURL((url) => url.pathname === "/recommendations");
  await page.close();
  return context;
}

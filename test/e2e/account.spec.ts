import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { seedRecommendations, snapshotServedRecommendations, localUserId } from "../security/served-app";
import { baseUrl, launchBrowser, openPage, screenshot, seriousAccessibilityViolations } from "./browser";

/**
 * "Radera mitt konto" in the local mode, as a newcomer meets it: sign in, find the button on the
 * list page, type the confirmation, and everything is gone; with JavaScript and without.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("main").getByLabel("E-postadress").fill(email);
  await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
  await page.waitForURL((url) => url.pathname === "/recommendations");
  return page;
}

async function deleteAccountJourney(javaScriptEnabled: boolean, email: string) {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: "sv-SE", javaScriptEnabled });
  try {
    const { errors } = await openPage(context);
    const page = await signIn(context, email);
    // What the newcomer has saved so far (written straight into the served app's D1).
    await seedRecommendations([
      { email, input: buildInput({ description: "Min första sökning" }), recommendation: buildResult(2), isLocked: true },
      { email, input: buildInput({ description: "Min andra sökning" }), recommendation: buildResult(2), isLocked: false },
    ]);
    const neighbour = `granne-${email}`;
    await seedRecommendations([{ email: neighbour, input: buildInput(), recommendation: buildResult(1), isLocked: true }]);
    await page.goto("/recommendations");
    expect(await page.getByTestId("recommendation-row").count()).toBe(2);

    await page.getByRole("main").getByRole("link", { name: "Radera mitt konto" }).click();
    await page.waitForURL((url) => url.pathname === "/konto/radera");
    // With JavaScript the URL changes before the new page renders: wait for what it shows.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Radera mitt konto");
    if (javaScriptEnabled) {
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, "account-delete");
    }

    // A wrong confirmation is explained next to the field and deletes nothing.
    const field = page.getByLabel("Skriv RADERA för att bekräfta");
    await field.fill("ja");
    await page.getByRole("button", { name: "Radera mitt konto" }).click();
    await expect.poll(() => page.getByText("Skriv RADERA för att bekräfta. Inget har raderats.").count()).toBe(1);
    expect(await page.getByLabel("Skriv RADERA för att bekräfta").getAttribute("aria-invalid")).toBe("true");
    expect(await snapshotServedRecommendations()).toContain(localUserId(email));

    await page.getByLabel("Skriv RADERA för att bekräfta").fill("radera");
    await page.getByRole("button", { name: "Radera mitt konto" }).click();
    await page.waitForURL((url) => url.pathname === "/konto/radera" && url.searchParams.get("raderat") === "1");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Ditt konto är raderat");
    await expect.poll(() => page.getByRole("banner").getByRole("link", { name: "Logga in" }).count()).toBe(1);
    if (javaScriptEnabled) await screenshot(page, "account-deleted");

    const stored = await snapshotServedRecommendations();
    expect(stored).not.toContain(localUserId(email));
    expect(stored).toContain(localUserId(neighbour));
    expect((await page.goto("/recommendations"))?.status()).toBe(401);

    // Coming back with the same address starts from nothing.
    const again = await signIn(context, email);
    await expect.poll(() => again.getByText("Du har inga sparade rekommendationer än").count()).toBe(1);
    expect(await again.getByTestId("recommendation-row").count()).toBe(0);
    expect(errors.filter((error) => !error.includes("status of 40"))).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("a newcomer deletes their account (local mode)", () => {
  it("with JavaScript", async () => {
    await deleteAccountJourney(true, "nykomling-js@example.se");
  });

  it("without JavaScript (plain form posts)", async () => {
    await deleteAccountJourney(false, "nykomling-utan-js@example.se");
  });
});

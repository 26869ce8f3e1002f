import type { Browser, BrowserContext, Page } from "playwright-core";
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

async function expectSignedInHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect.poll(() => header.getByRole("link", { name: "Rekommendationer" }).count()).toBe(1);
  expect(await header.getByRole("button", { name: "Logga ut" }).count()).toBe(1);
  expect(await header.getByRole("link", { name: "Hitta drömbil" }).getAttribute("href")).toBe("/recommendations/create");
  expect(await header.getByRole("link", { name: "Logga in" }).count()).toBe(0);
}

async function expectSignedOutHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect.poll(() => header.getByRole("link", { name: "Logga in" }).count()).toBe(1);
  expect(await header.getByRole("link", { name: "Rekommendationer" }).count()).toBe(0);
}

describe("local sign-in in Chromium (JavaScript on)", () => {
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ baseURL: baseUrl(), locale: "sv-SE" });
  });

  it("signs in from the header's modal dialog, switches the header, and signs out", async () => {
    const { page, errors } = await openPage(context);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("banner").getByRole("link", { name: "Logga in" }).click();
    const dialog = page.getByRole("dialog", { name: "Logga in på Drömbil" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("Lokalt läge");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "sign-in-dialog");

    // A bad address is explained inside the dialog, next to the field, and what was typed stays.
    await dialog.getByLabel("E-postadress").fill("anna-at-example");
    await dialog.getByRole("button", { name: "Logga in" }).click();
    await expect.poll(() => dialog.getByText("Ange en giltig e-postadress, till exempel namn@exempel.se.").isVisible()).toBe(true);
    expect(await dialog.getByLabel("E-postadress").inputValue()).toBe("anna-at-example");
    expect(await dialog.getByLabel("E-postadress").getAttribute("aria-invalid")).toBe("true");

    await dialog.getByLabel("E-postadress").fill("anna@example.se");
    await dialog.getByRole("button", { name: "Logga in" }).click();
    await page.waitForURL("**/recommendations");
    await expectSignedInHeader(page);
    await screenshot(page, "signed-in-header");

    // The landing page now sends a signed-in buyer on to their recommendations.
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/recommendations");

    await page.getByRole("banner").getByRole("button", { name: "Logga ut" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectSignedOutHeader(page);
    const response = await page.goto("/recommendations");
    expect(response?.status()).toBe(401);
    expect(errors.filter((error) => !error.includes("status of 40"))).toEqual([]);
  });

  it("signs in from /login", async () => {
    const { page } = await openPage(context);
    await page.goto("/login", { waitUntil: "networkidle" });
    const main = page.getByRole("main");
    expect(await main.getByText("Lokalt läge.").count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "login");
    await main.getByLabel("E-postadress").fill("bo@example.se");
    await main.getByRole("button", { name: "Logga in" }).click();
    await page.waitForURL("**/recommendations");
    await expectSignedInHeader(page);
  });

  it("the 401 page's 'Logga in' brings the buyer back to the page they wanted", async () => {
    const { page } = await openPage(context);
    const response = await page.goto("/recommendations", { waitUntil: "networkidle" });
    expect(response?.status()).toBe(401);
    await page.getByRole("main").getByRole("link", { name: "Logga in" }).click();
    await page.waitForURL("**/login?redirectTo=%2Frecommendations");
    await page.getByRole("main").getByLabel("E-postadress").fill("cecilia@example.se");
    await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
    await page.waitForURL((url) => url.pathname === "/recommendations");
    await expectSignedInHeader(page);
  });

  it("a forged return target leads to our own recommendations, not off-site", async () => {
    const { page } = await openPage(context);
    await page.goto("/login?redirectTo=%2F%2Fevil.example%2Fphish", { waitUntil: "networkidle" });
    await page.getByRole("main").getByLabel("E-postadress").fill("david@example.se");
    await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
    await page.waitForURL((url) => url.pathname === "/recommendations");
    expect(new URL(page.url()).origin).toBe(baseUrl());
  });
});

describe("local sign-in in Chromium without JavaScript", () => {
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ baseURL: baseUrl(), locale: "sv-SE", javaScriptEnabled: false });
  });

  it("the header's 'Logga in' is a link to /login, and the whole sign-in and sign-out work as plain forms", async () => {
    const { page } = await openPage(context);
    await page.goto("/integritetspolicy");
    await page.getByRole("banner").getByRole("link", { name: "Logga in" }).click();
    await page.waitForURL("**/login?redirectTo=%2Fintegritetspolicy");

    await page.getByRole("main").getByLabel("E-postadress").fill("inte en adress");
    await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
    await page.waitForLoadState();
    expect(await page.getByText("Ange en giltig e-postadress, till exempel namn@exempel.se.").count()).toBe(1);
    expect(await page.getByRole("main").getByLabel("E-postadress").inputValue()).toBe("inte en adress");

    await page.getByRole("main").getByLabel("E-postadress").fill("erik@example.se");
    await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
    await page.waitForURL((url) => url.pathname === "/integritetspolicy");
    await expectSignedInHeader(page);

    await page.getByRole("banner").getByRole("button", { name: "Logga ut" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectSignedOutHeader(page);
  });
});

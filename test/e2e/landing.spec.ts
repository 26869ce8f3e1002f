import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage, screenshot, seriousAccessibilityViolations } from "./browser";

/** The landing page's call to action works signed out, with the wish carried along. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WISH = "Vi är fyra och en hund, pendlar sex mil om dagen och vill ha dragkrok – högst 250 000 kr.";

async function expectCreateFormWith(page: Page, wish: string) {
  await page.waitForURL((url) => url.pathname === "/recommendations/create");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Hitta din drömbil");
  expect(await page.getByLabel("Beskriv vad du letar efter").inputValue()).toBe(wish);
}

describe("the landing page's call to action, signed out", () => {
  it("with JavaScript: opens the sign-in dialog, then lands on the create form with the wish filled in", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: "sv-SE", viewport: { width: 390, height: 844 } });
    const { page, errors } = await openPage(context);
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Vad letar du efter?").fill(WISH);
    await screenshot(page, "landing-phone");
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "landing-desktop");

    await page.getByRole("button", { name: "Hitta din drömbil" }).click();
    const dialog = page.getByRole("dialog", { name: "Logga in på Drömbil" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");
    // A bad address is explained inside the dialog, in Swedish, next to the field.
    await dialog.getByLabel("E-postadress").fill("inte en adress");
    await dialog.getByRole("button", { name: "Logga in" }).click();
    await expect.poll(() => dialog.getByText("Ange en giltig e-postadress, till exempel namn@exempel.se.").count()).toBe(1);
    await dialog.getByLabel("E-postadress").fill("landning@example.se");
    await dialog.getByRole("button", { name: "Logga in" }).click();

    await expectCreateFormWith(page, WISH);
    expect(new URL(page.url()).search).toBe("");
    expect(await dialog.isVisible()).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "create-with-wish-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "create-with-wish-phone");
    expect(errors.filter((error) => !error.includes("status of 40"))).toEqual([]);
    await context.close();
  });

  it("typing before the page is interactive: the text survives hydration with no error, and the first tap opens the dialog", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: "sv-SE", viewport: { width: 390, height: 844 } });
    const { page, errors } = await openPage(context);
    await page.goto("/", { waitUntil: "commit" });
    const box = page.getByLabel("Vad letar du efter?");
    const typed = WISH.slice(0, 40);
    await box.pressSequentially(typed, { delay: 10 });
    // Hydrated: React has attached its props to the textarea (React's own internal key).
    await page.waitForFunction(() => {
      const wish = document.getElementById("wish");
      return wish !== null && Object.keys(wish).some((key) => key.startsWith("__reactProps"));
    });
    expect(await box.inputValue()).toBe(typed);
    await page.getByRole("button", { name: "Hitta din drömbil" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Logga in på Drömbil" }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");
    // A hydration mismatch is reported as a console error (minified in production builds).
    expect(errors.filter((error) => !error.includes("status of 40"))).toEqual([]);
    await context.close();
  });

  it("with JavaScript and nothing typed: the create form, empty", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: "sv-SE" });
    const { page } = await openPage(context);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Hitta din drömbil" }).click();
    const dialog = page.getByRole("dialog", { name: "Logga in på Drömbil" });
    await dialog.getByLabel("E-postadress").fill("landning-tom@example.se");
    await dialog.getByRole("button", { name: "Logga in" }).click();
    await expectCreateFormWith(page, "");
    expect(new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("without JavaScript: /login with a safe return path, then the create form with the wish filled in", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: "sv-SE", javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByLabel("Vad letar du efter?").fill(WISH);
    await screenshot(page, "landing-nojs-phone");
    await page.getByRole("button", { name: "Hitta din drömbil" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    const login = new URL(page.url());
    expect(login.searchParams.get("redirectTo")).toBe("/recommendations/create");
    // Posted into a cookie, never in a URL.
    expect(login.search).not.toContain("onskemal");

    // A refused address keeps the way back to the wish.
    await page.getByRole("main").getByLabel("E-postadress").fill("inte en adress");
    await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
    await page.waitForLoadState();
    expect(await page.getByText("Ange en giltig e-postadress, till exempel namn@exempel.se.").count()).toBe(1);
    await page.getByRole("main").getByLabel("E-postadress").fill("landning-utanjs@example.se");
    await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();

    await expectCreateFormWith(page, WISH);
    expect(new URL(page.url()).search).toBe("");
    await screenshot(page, "create-with-wish-nojs-phone");
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "create-with-wish-nojs-desktop");
    await page.goto("/logout").catch(() => undefined);
    await context.close();
  });
});

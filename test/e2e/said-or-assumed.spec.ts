import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, screenshot, screenshotDir, signedInContext as signedInAt, takeScreenshots } from "./browser";

/**
 * A family that names neither safety nor space, in Chromium: the live reading, the saved result and
 * "Ändra tolkningen" each show both as our assumption ("vi antog"), apart from what the buyer said,
 * and the needs we cannot search on as "noterat".
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DETAIL = /\/recommendations\/[A-Za-z0-9_-]{22}$/;
const FAMILY = "Vi är en familj med två barn och en hund. Gärna snål, och gärna massage i stolarna.";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function signedInContext(email: string): Promise<BrowserContext> {
  return signedInAt(browser, inject("blocketAppUrl"), email, { viewport: PHONE });
}

const liveRow = (page: Page, text: string) => page.getByTestId("live-reading").getByTestId("reading-row").filter({ hasText: text });

async function both(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-phone`);
}

describe("said apart from inferred", () => {
  it("a family's unstated safety and space read 'vi antog' on the live reading, the result and 'Ändra tolkningen'", async () => {
    const context = await signedInContext("antaget@example.se");
    const { page, errors } = await openPage(context);
    await page.goto("/recommendations/create", { waitUntil: "networkidle" });
    await page.getByLabel("Beskriv vad du letar efter").fill(FAMILY);
    await page.getByLabel("Maxpris (kr)").fill("250 000");

    await liveRow(page, "Säkerhet").waitFor();
    expect(await liveRow(page, "Säkerhet").getAttribute("data-status")).toBe("assumed");
    expect(await liveRow(page, "Säkerhet").textContent()).toMatch(/vi antog.*Du skrev: ”familj”/u);
    expect(await liveRow(page, "Låg förbrukning").getAttribute("data-status")).toBe("said");
    const noted = page.getByTestId("live-reading").getByTestId("noted-item").filter({ hasText: "massage i stolarna" });
    expect(await noted.textContent()).toMatch(/^noterat/u);
    await both(page, "said-live");

    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    await page.waitForURL(DETAIL);
    await page.getByTestId("car").first().waitFor({ timeout: 60_000 });
    const understood = page.getByTestId("understood");
    const assumed = await understood.getByTestId("assumed").allTextContents();
    expect(assumed.join(" ")).toMatch(/Säkerhet och gott om plats – vi antog det för "familj"/u);
    expect(await understood.textContent()).not.toMatch(/Gärna: [^V]*säkerhet/u);
    expect((await understood.getByTestId("noted").allTextContents()).join(" ")).toContain("massage i stolarna");
    // Folded, the line names the assumption in its text and stays one line on a phone (no flag: it enforces nothing).
    const line = page.getByTestId("interpretation-line");
    expect(await line.locator("summary").first().textContent()).toMatch(/vi antog det för "familj"/u);
    expect((await line.boundingBox())?.height).toBeLessThanOrEqual(48);
    await line.locator("summary").first().click();
    await both(page, "said-result");
    if (takeScreenshots) await understood.screenshot({ path: `${screenshotDir}/said-result-understood-phone.png` });

    await page.getByRole("link", { name: "Ändra tolkningen" }).first().click();
    await page.waitForURL(/\/tolkning$/u);
    const row = page.getByTestId("reading-row").filter({ hasText: "Säkerhet" });
    expect(await row.getAttribute("data-status")).toBe("assumed");
    expect(await page.getByTestId("noted-item").filter({ hasText: "massage i stolarna" }).count()).toBe(1);
    await both(page, "said-reading-page");
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});

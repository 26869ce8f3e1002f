import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, screenshot, seriousAccessibilityViolations, signedInContext as signedInAt } from "./browser";

/**
 * Corrections a buyer can finish, in Chromium with and without JavaScript: a need the readers missed
 * added (the towing weight of a horse trailer), a requirement made a wish and back, corrections that
 * accumulate from version to version, one card per search in the list with its versions inside, and
 * an unlock carried to the new version. On the production-like server (five creates in a row).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DETAIL = /\/recommendations\/[A-Za-z0-9_-]{22}$/;
const WISH = "Två islandshästar o en Böckmann-transport, fullastat ca 2 400 kg. Måste ha automat.";
const TOWING = "Dragvikt minst 2\u00a0400\u00a0kg";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function signedInContext(email: string, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return signedInAt(browser, inject("blocketAppUrl"), email, { viewport: PHONE, javaScriptEnabled });
}

/** The saved result's "Så tolkade vi dig", once the pending page has become the result. */
async function understoodOfResult(page: Page): Promise<string> {
  await page.getByTestId("car").first().waitFor({ timeout: 90_000 });
  return (await page.getByTestId("understood").textContent()) ?? "";
}

const row = (page: Page, text: string) => page.getByTestId("reading-row").filter({ hasText: text });

async function addNeed(page: Page, what: string, value: string, kind: "Krav" | "Önskemål"): Promise<void> {
  const addition = page.getByTestId("reading-addition").last();
  await addition.getByLabel("Vad").selectOption({ label: what });
  if (value) await addition.getByLabel("Värde").fill(value);
  await addition.getByRole("radio", { name: new RegExp(`^${kind}`, "u") }).check();
}

async function unlock(page: Page): Promise<void> {
  const id = new URL(page.url()).pathname.split("/").at(-1);
  await page.goto(`/recommendations/${id}/unlock`);
  await page.getByRole("button", { name: "Lås upp" }).click();
  await page.waitForURL(DETAIL);
}

/** "Ändra tolkningen" of the result shown, posted; the new version's result. */
async function correctOnPage(page: Page, change: () => Promise<void>): Promise<string> {
  const before = new URL(page.url()).pathname;
  await page.goto(`${before}/tolkning`);
  await change();
  await page.getByRole("button", { name: "Ta fram nya förslag" }).click();
  await page.waitForURL(DETAIL, { timeout: 30_000 }).catch(async () => {
    throw new Error(
      `still on ${page.url()}: ${await page
        .getByRole("alert")
        .textContent({ timeout: 1_000 })
        .catch(() => "no alert")}`,
    );
  });
  expect(new URL(page.url()).pathname).not.toBe(before);
  return understoodOfResult(page);
}

/** The list: one card for the search, its number, and the earlier versions inside, each opening its own result. */
async function expectOneCardWithVersions(
  page: Page,
  newest: number,
  first: { has: string; lacks: string; javaScript: boolean },
  screenshotName?: string,
): Promise<void> {
  await page.goto("/recommendations");
  const cards = page.getByTestId("recommendation-row");
  expect(await cards.count()).toBe(1);
  expect(await cards.getByTestId("search-version").textContent()).toBe(`Version ${newest}`);
  expect(await cards.getByText("Upplåst").count()).toBe(1);
  await cards.getByText(`Tidigare versioner (${newest - 1})`).click();
  if (screenshotName) {
    await screenshot(page, `${screenshotName}-phone`);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `${screenshotName}-desktop`);
    await page.setViewportSize(PHONE);
  }
  // axe runs in the page: only where JavaScript does.
  if (first.javaScript) expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await cards.getByRole("link", { name: /^Version 1,/u }).click();
  await page.waitForURL(DETAIL);
  const understood = await understoodOfResult(page);
  expect(understood).toContain(first.has);
  expect(understood).not.toContain(first.lacks);
}

// The two buyers share nothing but the browser process: they run side by side (about 13 s of the file's 33 s).
// In a concurrent block, expect.poll needs the test's own expect (its context argument), not the global one.
describe.concurrent("corrections a buyer can finish", () => {
  it("without JavaScript: add a missed need, soften, harden back; the corrections accumulate, the list shows the versions, the unlock carries", async () => {
    const context = await signedInContext("versioner-utan-js@example.se", false);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto("/recommendations/create");
    await page.getByLabel("Beskriv vad du letar efter").fill(WISH);
    await page.getByLabel("Maxpris (kr)").fill("400 000");
    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    await page.waitForURL(DETAIL);
    const first = await understoodOfResult(page);
    expect(first).not.toContain(TOWING);
    expect(first).toContain("Automatlåda");
    await unlock(page);

    // A need that cannot be a wish: a Swedish 400 under its field, and what was typed is kept.
    await page.goto(`${new URL(page.url()).pathname}/tolkning`);
    await addNeed(page, "Lägsta dragvikt (kg)", "2 400", "Önskemål");
    await row(page, "Automatlåda")
      .getByLabel(/^Bara önskemål/u)
      .check();
    await page.getByRole("button", { name: "Ta fram nya förslag" }).click();
    expect(await page.getByRole("alert").textContent()).toContain("Tolkningen kunde inte sparas");
    expect(await page.getByText("Lägsta dragvikt kan bara vara ett krav").count()).toBe(1);
    expect(await page.getByTestId("reading-addition").getByLabel("Värde").inputValue()).toBe("2 400");
    expect(
      await row(page, "Automatlåda")
        .getByLabel(/^Bara önskemål/u)
        .isChecked(),
    ).toBe(true);
    await screenshot(page, "reading-correction-form-phone");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "reading-correction-form-desktop");
    await page.setViewportSize(PHONE);

    await page.getByTestId("reading-addition").getByRole("radio", { name: /^Krav/u }).check();
    await page.getByRole("button", { name: "Ta fram nya förslag" }).click();
    await page.waitForURL(DETAIL);
    const second = await understoodOfResult(page);
    expect(second).toContain(TOWING);
    expect(second).toContain("Gärna automat");
    expect(second).not.toContain("Automatlåda");

    // The second correction keeps the first: the towing weight stays, marked as the buyer's.
    const third = await correctOnPage(page, async () => {
      expect(await row(page, "Dragvikt minst").textContent()).toContain("ändrat av dig");
      await row(page, "Gärna automat")
        .getByLabel(/^Gör till krav/u)
        .check();
    });
    expect(third).toContain(TOWING);
    expect(third).toContain("Automatlåda");
    expect(third).not.toContain("Gärna automat");

    await expectOneCardWithVersions(page, 3, { has: "Automatlåda", lacks: TOWING, javaScript: false }, "reading-versions-list");
    await context.close();
  }, 150_000);

  it("with JavaScript: added and softened on the live reading, hardened on 'Ändra tolkningen'; versions and the unlock as without", async () => {
    const context = await signedInContext("versioner-js@example.se", true);
    const { page, errors } = await openPage(context);
    await page.goto("/recommendations/create", { waitUntil: "networkidle" });
    await page.getByLabel("Beskriv vad du letar efter").fill(WISH);
    await page.getByLabel("Maxpris (kr)").fill("400 000");
    await row(page, "Automatlåda").waitFor();
    // With JavaScript the value box follows the choice: a fuel needs none.
    const addition = page.getByTestId("reading-addition");
    await addition.getByLabel("Vad").selectOption({ label: "Drivmedel: Bensin" });
    expect(await addition.getByLabel("Värde").isVisible()).toBe(false);
    await addNeed(page, "Lägsta dragvikt (kg)", "2 400", "Krav");
    await row(page, "Automatlåda")
      .getByLabel(/^Bara önskemål/u)
      .check();
    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    await page.waitForURL(DETAIL);
    const first = await understoodOfResult(page);
    expect(first).toContain(TOWING);
    expect(first).toContain("Gärna automat");
    await unlock(page);

    const second = await correctOnPage(page, async () => {
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await row(page, "Gärna automat")
        .getByLabel(/^Gör till krav/u)
        .check();
      await addNeed(page, "Märke (skriv märket)", "Volvo", "Önskemål");
    });
    expect(second).toContain(TOWING);
    expect(second).toContain("Automatlåda");
    expect(second).toContain("Gärna märke: Volvo");

    await expectOneCardWithVersions(page, 2, { has: "Gärna automat", lacks: "Volvo", javaScript: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage, screenshot, seriousAccessibilityViolations, signedInContext as signedInAt } from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DESCRIPTION =
  "Vi är två vuxna, två barn och en hund. Jag pendlar sex mil om dagen och vi åker till fjällen på vintern. Dragkrok är ett måste.";

function signedInContext(email: string, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  return signedInAt(browser, baseUrl(), email, options);
}

async function fillCreateForm(page: Page, values: { description: string; maxPrice: string; carType?: string; sellerType?: string }) {
  await page.getByLabel("Beskriv vad du letar efter").fill(values.description);
  await page.getByLabel("Maxpris (kr)").fill(values.maxPrice);
  if (values.carType) await page.getByLabel("Biltyp").selectOption(values.carType);
  if (values.sellerType) await page.getByLabel("Säljare").selectOption(values.sellerType);
}

const PHONE = { width: 390, height: 844 };

/** At 390 × 844 the first car's name, score and the start of "why it fits" are on the first screen. */
async function expectPhoneFirstScreen(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const first = page.getByTestId("car").first();
  for (const locator of [
    first.getByRole("heading", { level: 2 }),
    first.getByRole("img", { name: /^Slutbetyg/ }),
    first.getByRole("heading", { name: "Därför passar den dig" }),
  ]) {
    const box = await locator.boundingBox();
    expect(box, (await locator.textContent()) ?? "").not.toBeNull();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/**
 * The top pick's market window is in view without unfolding anything (total ads, median, cheapest,
 * where our price stands), demo data says so, and demo ads show a drawing of the body, not a grey box.
 */
async function expectMarketWindowAndPictures(page: Page) {
  const first = page.getByTestId("car").first();
  const market = first.getByTestId("market-window");
  expect(await market.isVisible()).toBe(true);
  expect(await market.getByTestId("market-ad-count").textContent()).toMatch(/^\d[\d\s]*\sannons(er)?$/);
  expect(await market.textContent()).toContain("i exempeldata");
  for (const id of ["market-median", "market-cheapest", "market-middle"]) expect(await market.getByTestId(id).textContent()).toMatch(/kr$/);
  expect(await market.getByTestId("price-position").textContent()).toMatch(/^Vårt prisförslag, .* ligger .+\.$/);
  expect(await first.getByTestId("body-drawing").count()).toBeGreaterThanOrEqual(1);
  expect(await first.getByTestId("body-drawing").first().isVisible()).toBe(true);
  expect(await page.getByText("Ingen bild").count()).toBe(0);
  // Demo ads have no photos, so no request leaves for one.
  expect(await page.getByTestId("ad-photo").count()).toBe(0);
}

const decimal = (text: string | null) => Number((text ?? "").replace(/\s/g, "").replace(",", "."));

/** Every car's breakdown on the page obeys finalScore = 0.7 × overall + 0.3 × availability, in rank order. */
async function expectRankedByFormula(page: Page, expectedCars: number) {
  const cars = page.getByTestId("car");
  expect(await cars.count()).toBe(expectedCars);
  const finals: number[] = [];
  for (let index = 0; index < expectedCars; index++) {
    const car = cars.nth(index);
    expect(await car.textContent()).toContain(`Plats ${index + 1}`);
    const final = decimal(await car.getByTestId("final-score").first().textContent());
    finals.push(final);
    if ((await car.getByTestId("score-breakdown").count()) > 0) {
      const overall = decimal(await car.getByTestId("overall-score").textContent());
      const availability = decimal(await car.getByTestId("availability-score").textContent());
      expect([0, 20, 60, 90]).toContain(availability);
      // Both the final score and the overall are shown to one decimal: up to 0.05 + 0.7 × 0.05 apart.
      expect(Math.abs(final - (0.7 * overall + 0.3 * availability))).toBeLessThanOrEqual(0.09);
    }
  }
  expect(finals).toEqual([...finals].sort((a, b) => b - a));
}

describe("the recommendation journey in Chromium (JavaScript on)", () => {
  it("create with progress → locked detail → unlock → list → delete", async () => {
    const context = await signedInContext("resan@example.se");
    const { page, errors } = await openPage(context);
    await page.goto("/recommendations/create", { waitUntil: "networkidle" });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "create-desktop");
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, "create-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // Hold the create request for a few seconds so the progress UI can be observed.
    await page.route("**/recommendations/create*", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await fillCreateForm(page, { description: DESCRIPTION, maxPrice: "250 000", carType: "alla", sellerType: "alla" });
    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    const progress = page.getByRole("progressbar");
    await expect.poll(() => progress.isVisible()).toBe(true);
    expect(await page.getByTestId("create-status").textContent()).toBe("Genererar AI rekommendation...");
    await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 5_000 }).toBeGreaterThanOrEqual(2.5);
    await page.waitForURL(/\/recommendations\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
    const detailPath = new URL(page.url()).pathname;
    await page.unroute("**/recommendations/create*");

    // Locked: ten ranked cars, the full analysis for the first only.
    // The URL changes before React commits the new page: wait for the page itself.
    await expect.poll(() => page.getByRole("heading", { name: "Rekommendationen är låst" }).count()).toBe(1);
    await expectRankedByFormula(page, 10);
    expect(await page.getByTestId("deep-dive").count()).toBe(1);
    expect(await page.getByText("Exempelannonser.").count()).toBeGreaterThanOrEqual(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectMarketWindowAndPictures(page);
    await screenshot(page, "detail-locked-desktop");
    await page.setViewportSize(PHONE);
    await expectPhoneFirstScreen(page);
    // A locked result stays short on a phone: the top pick in full, the rest as one-line teasers.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(6 * PHONE.height);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "detail-locked-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    const lockedHtml = await (await context.request.get(detailPath)).text();
    const lockedData = await (await context.request.get(`${detailPath}.data`)).text();

    await page.getByRole("link", { name: "Lås upp alla förslag" }).click();
    await page.waitForURL(`**${detailPath}/unlock`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "unlock-desktop");
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, "unlock-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Lås upp" }).click();
    await page.waitForURL(`**${detailPath}`);
    await expect.poll(() => page.getByTestId("deep-dive").count()).toBe(10);
    expect(await page.getByRole("heading", { name: "Rekommendationen är låst" }).count()).toBe(0);
    await expectRankedByFormula(page, 10);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.getByTestId("market-window").count()).toBe(10);
    await screenshot(page, "detail-unlocked-desktop");
    await page.setViewportSize(PHONE);
    await expectPhoneFirstScreen(page);
    await screenshot(page, "detail-unlocked-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // What unlocking revealed was never in the locked page's HTML or route data.
    const revealed = await page.getByTestId("deep-dive").allTextContents();
    for (const text of revealed.slice(1)) {
      expect(lockedHtml).not.toContain(text.slice(0, 60));
      expect(lockedData).not.toContain(text.slice(0, 60));
    }

    // Compare two cars side by side.
    await page.getByRole("checkbox", { name: /^1\. / }).check();
    await page.getByRole("checkbox", { name: /^2\. / }).check();
    await page.getByRole("checkbox", { name: /^3\. / }).check();
    await page.getByRole("button", { name: "Jämför valda" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Jämförelse" }).count(), { timeout: 20_000 }).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "compare-desktop");
    // Three cars fit a phone: no sideways scrolling, neither of the page nor of the table.
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const table = page.getByTestId("compare").getByRole("region");
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page.getByTestId("compare").getByRole("columnheader", { name: /^Plats \d/ }).count()).toBe(3);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "compare-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto("/recommendations", { waitUntil: "networkidle" });
    expect(await page.locator(`a[href="${detailPath}"]`).count()).toBeGreaterThanOrEqual(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "list-desktop");
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, "list-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(detailPath, { waitUntil: "networkidle" });
    await page.locator("summary", { hasText: "Ta bort" }).first().click();
    await page.getByRole("button", { name: "Ja, ta bort" }).first().click();
    await page.waitForURL((url) => url.pathname === "/recommendations");
    await expect.poll(() => page.locator(`a[href="${detailPath}"]`).count()).toBe(0);
    expect((await context.request.get(detailPath)).status()).toBe(404);
    expect(errors.filter((error) => !error.includes("status of 40"))).toEqual([]);
    await context.close();
    // Seven axe runs and a dozen full-page screenshots: give a loaded machine room.
  }, 150_000);

  it("keeps what was typed and explains bad input in Swedish", async () => {
    const context = await signedInContext("valideraren@example.se");
    const { page } = await openPage(context);
    await page.goto("/recommendations/create", { waitUntil: "networkidle" });
    for (const [values, field, message] of [
      [{ description: "", maxPrice: "250 000" }, "Beskriv vad du letar efter", "Beskriv vilken bil du letar efter."],
      [{ description: "För kort", maxPrice: "250 000" }, "Beskriv vad du letar efter", "Beskriv dina önskemål med minst 10 tecken."],
      [{ description: DESCRIPTION, maxPrice: "abc" }, "Maxpris (kr)", "Ange ett maxpris i hela kronor, till exempel 250 000."],
      [{ description: DESCRIPTION, maxPrice: "-5000" }, "Maxpris (kr)", "Maxpriset måste vara minst 10 000 kr."],
    ] as const) {
      await fillCreateForm(page, values);
      await page.getByRole("button", { name: "Hitta min drömbil" }).click();
      await expect.poll(() => page.getByText(message).count()).toBe(1);
      const control = page.getByLabel(field);
      expect(await control.getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Beskriv vad du letar efter").inputValue()).toBe(values.description);
      expect(await page.getByLabel("Maxpris (kr)").inputValue()).toBe(values.maxPrice);
      // The message is tied to its field for screen readers.
      const errorId = (await page.getByText(message).getAttribute("id")) ?? "";
      expect((await control.getAttribute("aria-describedby"))?.split(" ")).toContain(errorId);
    }
    // Native constraints come from the same schema as the action's: no more than the action accepts.
    expect(await page.getByLabel("Beskriv vad du letar efter").getAttribute("maxlength")).toBe("2000");
    expect(await page.getByLabel("Beskriv vad du letar efter").getAttribute("required")).not.toBeNull();
    await context.close();
  });
});

describe("the recommendation journey without JavaScript", () => {
  it("creates through a plain form post and lands on the new recommendation; a second create is refused with the wait", async () => {
    const context = await signedInContext("utanjs@example.se", { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/recommendations/create");
    await fillCreateForm(page, { description: "Liten och snål stadsbil för pendling, gärna el", maxPrice: "150000", carType: "smabil", sellerType: "handlare" });
    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    await page.waitForURL(/\/recommendations\/[A-Za-z0-9_-]{22}$/);
    // Without JavaScript the page reloads itself until the result is saved.
    await page.getByTestId("car").first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("car").count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByText("Småbil upp till 150").count()).toBe(1);

    await page.goto("/recommendations/create");
    await fillCreateForm(page, { description: "Ytterligare en sökning direkt efteråt", maxPrice: "150000" });
    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("alert").textContent()).toMatch(/Vänta \d+ sekunder/);
    expect(await page.getByLabel("Beskriv vad du letar efter").inputValue()).toBe("Ytterligare en sökning direkt efteråt");
    await context.close();
  });
});

describe("another user", () => {
  it("gets 404 for someone else's detail, unlock and delete, and changes nothing", async () => {
    const owner = await signedInContext("agare@example.se");
    const ownerPage = await owner.newPage();
    await ownerPage.goto("/recommendations/create");
    await fillCreateForm(ownerPage, { description: DESCRIPTION, maxPrice: "300 000" });
    await ownerPage.getByRole("button", { name: "Hitta min drömbil" }).click();
    await ownerPage.waitForURL(/\/recommendations\/[A-Za-z0-9_-]{22}$/);
    const detailPath = new URL(ownerPage.url()).pathname;
    const id = detailPath.split("/").at(-1) ?? "";

    const stranger = await signedInContext("framling@example.se");
    const sameOrigin = { Origin: baseUrl(), "Sec-Fetch-Site": "same-origin" };
    expect((await stranger.request.get(detailPath)).status()).toBe(404);
    expect((await stranger.request.get(`${detailPath}.data`)).status()).toBe(404);
    expect((await stranger.request.post(`${detailPath}/unlock`, { headers: sameOrigin, form: {} })).status()).toBe(404);
    expect((await stranger.request.post("/recommendations", { headers: sameOrigin, form: { intent: "delete", id } })).status()).toBe(404);

    // The owner still has it, still locked.
    await ownerPage.reload();
    await expect.poll(() => ownerPage.getByRole("heading", { name: "Rekommendationen är låst" }).count()).toBe(1);
    await owner.close();
    await stranger.close();
  });
});

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

const DESCRIPTION = "Vi är två vuxna, två barn och en hund. Jag pendlar sex mil om dagen och vi åker till fjällen på vintern. Dragkrok är ett måste.";

function signedInContext(email: string, options: Parameters<typeof signedInAt>[3] = {}): Promise<BrowserContext> {
  return signedInAt(browser, baseUrl(), email, options);
}

async function fillCreateForm(page: Page, values: { description: string; maxPrice: string; carType?: string; sellerType?: string }) {
  await page.getByLabel("Beskriv vad du letar efter").fill(values.description);
  await page.getByLabel("Maxpris (kr)").fill(values.maxPrice);
  if (values.carType) await page.getByLabel("Biltyp").selectOption(values.carType);
  if (values.sellerType) await page.getByLabel("Säljare").selectOption(values.sellerType);
}

const PHONE = { width: 390, height: 844 };

/**
 * At 390 × 844 the first screen holds the top car: its name, picture, score in words, price
 * window and ad count, with the interpretation folded to one line above it.
 */
async function expectPhoneFirstScreen(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const first = page.getByTestId("car").first();
  for (const locator of [
    page.getByTestId("interpretation-line"),
    first.getByRole("heading", { level: 2 }),
    first.getByTestId("body-drawing").first(),
    first.getByRole("img", { name: /^Slutbetyg/ }),
    first.getByTestId("score-words"),
    first.getByTestId("price-window"),
    first.getByTestId("market-line").getByTestId("market-ad-count"),
  ]) {
    const box = await locator.boundingBox();
    expect(box, (await locator.textContent()) ?? "").not.toBeNull();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
  }
  expect(await first.getByTestId("price-window").textContent()).toMatch(/^\d[\d\s]*–\d[\d\s]*kr$/);
  expect(await first.getByTestId("score-words").textContent()).toMatch(/av 100\), (inga|få|några|gott om) annonser$/);
  // Folded to one line: no taller than two lines of text plus its padding.
  expect((await page.getByTestId("interpretation-line").boundingBox())?.height).toBeLessThanOrEqual(48);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // Each tagline is one whole sentence, never cut with "…".
  for (const tagline of await page.getByTestId("tagline").all())
    expect(await tagline.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  await expectUnderstoodClearsHeader(page);
}

/** Jumped or scrolled to, "Så tolkade vi dig" starts below the sticky header. */
async function expectUnderstoodClearsHeader(page: Page) {
  const summary = page.getByTestId("interpretation-line").locator("summary").first();
  await summary.click();
  const understood = page.getByTestId("understood").first();
  await understood.evaluate((el) => el.scrollIntoView({ block: "start" }));
  const headerBottom = await page
    .locator("body > header, header.sticky")
    .first()
    .evaluate((el) => el.getBoundingClientRect().bottom);
  expect(await understood.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);
  await summary.click();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Page height in phone screens at the current (390 × 844) size. */
const phoneScreens = (page: Page) => page.evaluate((height) => document.documentElement.scrollHeight / height, PHONE.height);

/**
 * The top pick's market in one line is in view (total ads, demo data said so, the typical price),
 * and the full market window with the strip's labelled ends and the ads are one tap away, folded.
 */
async function expectMarketWindowAndPictures(page: Page) {
  const first = page.getByTestId("car").first();
  const line = first.getByTestId("market-line");
  expect(await line.isVisible()).toBe(true);
  expect(await line.getByTestId("market-ad-count").textContent()).toMatch(/^\d[\d\s]*\sannons(er)?$/);
  expect(await line.textContent()).toContain("i exempeldata");
  const market = first.getByTestId("market-window");
  expect(await market.isVisible()).toBe(false);
  await first.getByTestId("ads-fold").locator("summary").click();
  expect(await market.isVisible()).toBe(true);
  for (const id of ["market-median", "market-cheapest", "market-middle"]) expect(await market.getByTestId(id).textContent()).toMatch(/kr$/);
  expect(await market.getByTestId("strip-ends").textContent()).toMatch(/^\d[\d\s]*kr\d[\d\s]*kr$/);
  expect(await market.getByTestId("price-position").textContent()).toMatch(/^Vårt prisförslag, .* ligger .+\.$/);
  expect(await first.getByTestId("body-drawing").count()).toBeGreaterThanOrEqual(2);
  expect(await first.getByTestId("body-drawing").first().isVisible()).toBe(true);
  expect(await page.getByText("Ingen bild").count()).toBe(0);
  // Demo ads have no photos, so no request leaves for one.
  expect(await page.getByTestId("ad-photo").count()).toBe(0);
  await first.getByTestId("ads-fold").locator("summary").click();
  // The formula is one tap away, with this car's own numbers.
  const formula = first.getByText("Så räknas betyget");
  await formula.click();
  expect(await first.getByTestId("score-breakdown").textContent()).toMatch(/Slutbetyg: \d+(,\d)? = 0,7 × \d+(,\d)? \+ 0,3 × (0|20|60|90)$/);
  await formula.click();
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

// Every test signs in as a buyer of its own and spends most of its time waiting on the served app, so
// all but the journey run side by side; the journey runs alone, as its progress-bar checks are timed.
// Beside others, expect.poll needs the test's own expect.
describe("the recommendation journey in Chromium (JavaScript on)", () => {
  it("create with progress → locked detail → unlock → list → delete", async ({ expect }) => {
    // Reduced motion, as a buyer may set it: scrolling jumps instead of gliding, so where the progress box
    // lands is read once it is there, not mid-glide on a loaded machine.
    const context = await signedInContext("resan@example.se", { reducedMotion: "reduce" });
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
    // Submitted on a phone: the progress bar and its text come into view, not below the fold.
    await page.setViewportSize(PHONE);
    await fillCreateForm(page, { description: DESCRIPTION, maxPrice: "250 000", carType: "alla", sellerType: "alla" });
    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    const progress = page.getByRole("progressbar");
    await expect.poll(() => progress.isVisible()).toBe(true);
    for (const locator of [progress, page.getByTestId("create-status")]) {
      await expect.poll(async () => (await locator.boundingBox())?.y ?? -1, { timeout: 2_500 }).toBeGreaterThanOrEqual(0);
      await expect
        .poll(
          async () => {
            const box = await locator.boundingBox();
            return (box?.y ?? Infinity) + (box?.height ?? 0);
          },
          { timeout: 2_500 },
        )
        .toBeLessThanOrEqual(PHONE.height);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
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
    expect(await phoneScreens(page)).toBeLessThanOrEqual(4);
    // The mileage is quoted from the buyer's words, not claimed as a yearly figure they wrote.
    expect(await page.getByTestId("interpretation-line").textContent()).toContain("(räknat från sex mil om dagen)");
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
    // Ten cars unlocked: summaries, whole taglines and paragraphs open, the rest folded, within nine phone screens.
    await screenshot(page, "detail-unlocked-phone");
    expect(await phoneScreens(page)).toBeLessThanOrEqual(9);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // What unlocking revealed was never in the locked page's HTML or route data.
    const revealed = await page.getByTestId("deep-dive").allTextContents();
    for (const text of revealed.slice(1)) {
      expect(lockedHtml).not.toContain(text.slice(0, 60));
      expect(lockedData).not.toContain(text.slice(0, 60));
    }

    // Compare two cars side by side.
    // Folded at the end of the list; opens with one tap (or a link to #jamfor).
    await page.locator("summary", { hasText: "Jämför 2–3 bilar" }).click();
    await page.getByRole("checkbox", { name: /^1\. / }).check();
    await page.getByRole("checkbox", { name: /^2\. / }).check();
    await page.getByRole("checkbox", { name: /^3\. / }).check();
    await page.getByRole("button", { name: "Jämför valda" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Jämförelse" }).count(), { timeout: 20_000 }).toBe(1);
    // The rest of the page is the unlocked result checked above at both sizes: the comparison is what is new.
    expect(await seriousAccessibilityViolations(page, '[data-testid="compare"]')).toEqual([]);
    await screenshot(page, "compare-desktop");
    // Three cars fit a phone: no sideways scrolling, neither of the page nor of the table.
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const compare = page.getByTestId("compare");
    const table = compare.getByRole("region");
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await compare.getByRole("columnheader", { name: /^Plats \d/ }).count()).toBe(3);
    for (const label of ["Slutbetyg", "Dragvikt", "Drivmedel", "Växellåda", "Drivning", "Bagage", "Säten", "Kostnad per år"]) {
      expect(await compare.getByRole("rowheader", { name: label, exact: true }).count(), label).toBe(1);
    }
    // No word broken mid-word: every cell's widest word fits inside the cell.
    const overflowing = await compare
      .locator("th, td")
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1 && getComputedStyle(cell).position !== "absolute").map((cell) => cell.textContent),
      );
    expect(overflowing).toEqual([]);
    expect(
      await compare.evaluate((element) => [...element.querySelectorAll("*")].some((node) => /break-all|break-words/.test(node.className.toString()))),
    ).toBe(false);
    expect(await seriousAccessibilityViolations(page, '[data-testid="compare"]')).toEqual([]);
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

  it.concurrent("keeps what was typed and explains bad input in Swedish", async ({ expect }) => {
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

  it.concurrent("starts without the validator and checks a field in the browser once the form is used", async ({ expect }) => {
    const context = await signedInContext("lata-valideraren@example.se");
    const { page, errors } = await openPage(context);
    const scripts: string[] = [];
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await page.goto("/recommendations/create", { waitUntil: "networkidle" });
    const validator = (path: string) => path.includes("create-form-validation");
    expect(scripts.filter(validator)).toEqual([]);

    // The validator's file is held back until the field has been left: the check must still come.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/create-form-validation-*.js", async (route) => {
      await held;
      await route.continue();
    });
    const description = page.getByLabel("Beskriv vad du letar efter");
    await description.focus();
    await expect.poll(() => scripts.filter(validator).length).toBe(1);
    await description.fill("För kort");
    await description.blur();
    expect(await page.getByText("Beskriv dina önskemål med minst 10 tecken.").count()).toBe(0);
    release();
    await expect.poll(() => page.getByText("Beskriv dina önskemål med minst 10 tecken.").count()).toBe(1);
    expect(await description.getAttribute("aria-invalid")).toBe("true");
    // Checked in the browser: the only posts are the live reading's, never the form's action.
    expect(posts.filter((path) => path === "/recommendations/create")).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.concurrent("the recommendation journey without JavaScript", () => {
  it("creates through a plain form post and lands on the new recommendation; a second create is refused with the wait", async ({ expect }) => {
    const context = await signedInContext("utanjs@example.se", { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/recommendations/create");
    await fillCreateForm(page, {
      description: "Liten och snål stadsbil för pendling, gärna el",
      maxPrice: "150000",
      carType: "smabil",
      sellerType: "handlare",
    });
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

describe.concurrent("another user", () => {
  it("gets 404 for someone else's detail, unlock and delete, and changes nothing", async ({ expect }) => {
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

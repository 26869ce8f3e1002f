import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecommendedCar } from "#app/lib/saved-recommendation";
import { baseUrl, launchBrowser, openPage } from "../e2e/browser";
import { buildCar, buildInput } from "../fixtures/recommendations";
import { seedRecommendations } from "./served-app";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SCRIPT = "<script>window.__xss = 1; alert('xss')</script>";
const IMG = `<img src=x onerror="window.__xss = 2; alert('xss')">`;
const SVG = `<svg onload="window.__xss = 4; alert('xss')"></svg>`;
const BREAKOUT = `</script><script>window.__xss = 5; alert('xss')</script>`;
/** Links a compromised marketplace could hand us; only the https one may become clickable. */
const HOSTILE_LINKS = [
  "javascript:window.__xss=3",
  "JaVaScRiPt:window.__xss=3",
  " java\tscript:window.__xss=3",
  "data:text/html,<script>window.__xss=3</script>",
  "http://blocket.example/annons",
];

function hostileCar(rank: number): RecommendedCar {
  return buildCar(rank, {
    carName: `Volvo ${rank} ${SCRIPT}`,
    carTagline: IMG,
    pros: [SCRIPT, IMG, SVG],
    cons: [BREAKOUT],
    whyItFits: `Passar ${SCRIPT}`,
    deepDiveAnalysis: `Analys ${IMG}`,
    commonFlaws: `Fel ${BREAKOUT}`,
    availability: {
      status: "known",
      source: "blocket",
      adCount: HOSTILE_LINKS.length + 1,
      countIsEstimate: false,
      adsUrl: rank === 1 ? "javascript:window.__xss=6" : "https://www.blocket.se/mobility/search/car?q=volvo",
      marketWindow: null,
      ads: ["https://www.blocket.se/mobility/item/1", ...HOSTILE_LINKS].slice(0, 6).map((link, index) => ({
        link,
        heading: `Annons ${index} ${IMG}`,
        price: { amount: "100000" },
        car: { location: { city: SCRIPT }, fuel: IMG, gearbox: "Manuell", regDate: 2018, mileage: 9000 },
      })),
    } as RecommendedCar["availability"],
  });
}

describe("hostile upstream strings", () => {
  it("AI and marketplace strings carrying HTML and script render inert on the detail, comparison and list pages; only https links are clickable", async () => {
    const email = "xss@example.se";
    const [id = ""] = await seedRecommendations([
      {
        email,
        input: buildInput({ description: `Familjebil ${SCRIPT} ${BREAKOUT}` }),
        recommendation: { source: "openai", cars: [hostileCar(1), hostileCar(2), hostileCar(3)] },
        isLocked: false,
      },
    ]);
    const context = await browser.newContext({ baseURL: baseUrl(), locale: "sv-SE" });
    const { page } = await openPage(context);
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await page.goto("/login");
    await page.getByRole("main").getByLabel("E-postadress").fill(email);
    await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
    await page.waitForURL((url) => url.pathname === "/recommendations");

    for (const path of [`/recommendations/${id}`, `/recommendations/${id}?jamfor=1&jamfor=2`, "/recommendations"]) {
      const response = await page.goto(path, { waitUntil: "networkidle" });
      expect(response?.status(), path).toBe(200);
      // The strings are shown as text…
      expect(await page.getByText(SCRIPT, { exact: false }).count(), path).toBeGreaterThan(0);
      // …never as markup or script.
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
      expect(await page.locator("main img[src='x'], main svg[onload], main [onerror]").count(), path).toBe(0);
      expect(await page.locator("main script").count(), path).toBe(0);
      const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
      for (const href of hrefs) expect(new URL(href).protocol, `${path}: ${href}`).toMatch(/^(https?|mailto):$/);
      for (const href of hrefs.filter((href) => !href.startsWith(baseUrl()))) expect(href, path).toMatch(/^(https:|mailto:)/);
      const html = await (await context.request.get(path)).text();
      for (const payload of [SCRIPT, IMG, SVG, BREAKOUT]) expect(html, path).not.toContain(payload);
    }
    // The detail page still lists the https ad (hostile strings did not break rendering).
    await page.goto(`/recommendations/${id}`, { waitUntil: "networkidle" });
    expect(await page.locator('a[href="https://www.blocket.se/mobility/item/1"]').count()).toBeGreaterThan(0);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});

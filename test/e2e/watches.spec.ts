import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MarketplaceQuerySchema } from "#app/lib/marketplace";
import { marketplaceCacheKey } from "#app/server/marketplace/marketplace-cache.server";
import { BLOCKET_APP_FAKE_KEY } from "#test/setup/e2e-server";
import { launchBrowser, screenshotDir, signedInContext, takeScreenshots } from "./browser";

/**
 * "Bevaka" end to end on the production-like server (the Blocket adapter against the fake Blocket,
 * local sign-in, the dev outbox), with JavaScript (a car's watch through the fetcher, the list) and
 * without (the whole search, the result page's "Nytt", the unsubscribe page as plain forms). After
 * the watches are made, the fake lists two ads published since for the watched car's query, one
 * that fits and one above the price window, and its cache entry expires (as it would in the 4 hours
 * between runs); the next cron and queue run find both and record the fitting one.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DETAIL = /\/recommendations\/[A-Za-z0-9_-]{22}/;
const EMAIL = "bevaka-e2e@example.se";
const WATCH_CRON = "23 */4 * * *";
const PHOTO = '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#d6d3d1"/></svg>';

let browser: Browser;
let app: string;
beforeAll(async () => {
  browser = await launchBrowser();
  app = inject("blocketAppUrl");
});
afterAll(async () => {
  await browser?.close();
});

/** The served app's test-only seeding route: SQL in one batch, and marketplace cache entries to expire. */
async function seed(body: { statements?: string[]; expireCacheKeys?: string[] }): Promise<unknown[][]> {
  const response = await fetch(new URL("/__e2e/sql", app), {
    method: "POST",
    headers: { Authorization: `Bearer ${inject("seedToken")}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Seeding failed with ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: unknown[][] }).results;
}

/** The cron as Cloudflare would start it (wrangler dev --test-scheduled); the queue then delivers within its batch timeout. */
async function runCron(): Promise<void> {
  const response = await fetch(new URL(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(WATCH_CRON)}`, app));
  expect(response.status).toBe(200);
}

async function newCount(page: Page, url: string): Promise<string> {
  await page.goto(url);
  return (
    (await page
      .getByTestId("watch-new-count")
      .first()
      .textContent()
      .catch(() => null)) ?? ""
  );
}

/**
 * With E2E_SCREENSHOTS=1: `<name>-390.png` and `<name>-1280.png`. With `show`, the viewport with it
 * scrolled to the top (below the sticky header, by its scroll margin); else the whole page from the top.
 */
async function shoot(page: Page, name: string, show?: Locator): Promise<void> {
  if (!takeScreenshots) return;
  mkdirSync(screenshotDir, { recursive: true });
  const before = page.viewportSize() ?? PHONE;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    if (show) await show.evaluate((element) => element.scrollIntoView({ block: "start", behavior: "instant" }));
    else await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${size.width}.png`), fullPage: !show });
  }
  await page.setViewportSize(before);
}

describe("Bevaka", () => {
  let withJs: BrowserContext;
  let withoutJs: BrowserContext;
  beforeAll(async () => {
    [withJs, withoutJs] = await Promise.all([
      signedInContext(browser, app, EMAIL, { viewport: PHONE }),
      signedInContext(browser, app, EMAIL, { viewport: PHONE, javaScriptEnabled: false }),
    ]);
    // The ads' photos come through /bild from Blocket's image host, which is not reachable offline: a grey stand-in,
    // so no page waits for the proxy's upstream timeout.
    for (const context of [withJs, withoutJs]) {
      await context.route("**/bild?*", (route) => route.fulfill({ status: 200, contentType: "image/svg+xml", body: PHOTO }));
    }
  });
  afterAll(async () => {
    await withJs?.close();
    await withoutJs?.close();
  });

  it("create → unlock → Bevaka → Blocket lists a fitting and a non-fitting ad → cron and queue → Nytt: 1 with why it fits → one digest → unsubscribe → account deletion leaves nothing", async () => {
    const page = await withJs.newPage();
    await page.goto("/recommendations/create");
    await page.getByLabel("Beskriv vad du letar efter").fill("Familjebil med dragkrok för husvagn, automat och diesel.");
    await page.getByLabel("Maxpris (kr)").fill("250 000");
    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    await page.waitForURL(DETAIL);
    const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    await page.getByTestId("car").first().waitFor({ timeout: 60_000 });
    // The unlock page's form, posted from the context (its page is driven in recommendations.spec.ts).
    const unlocked = await withJs.request.post(`/recommendations/${id}/unlock`, {
      form: {},
      headers: { Origin: new URL(app).origin, "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect(unlocked.status()).toBe(302);
    await page.goto(`/recommendations/${id}`);

    // Side by side (two tabs of one buyer): with JavaScript the first car, through the fetcher; without, the whole
    // search, a plain form post.
    const plain = await withoutJs.newPage();
    await Promise.all([
      (async () => {
        const panel = page.getByTestId("watch-panel");
        await panel.getByTestId("watch-button").first().waitFor();
        await shoot(page, "watch-button", panel);
        await panel.getByTestId("watch-button").first().click();
        await page.waitForURL(/bevakning=startad/);
        await expect.poll(() => panel.getByTestId("watching").count()).toBe(1);
      })(),
      (async () => {
        await plain.goto(`/recommendations/${id}`);
        await plain.getByRole("button", { name: "Bevaka hela sökningen" }).click();
        await plain.waitForURL(/bevakning=startad/);
        expect(await plain.getByText("Hela sökningen bevakas.").count()).toBe(1);
      })(),
    ]);

    // The watched car's query as stored: Blocket lists two ads for it, and its cached answer expires.
    const [targets] = (await seed({
      statements: [
        `select w.user_id, t.query from watches w join watch_targets t on t.watch_id = w.id where w.car_key is not null and w.local_mail_to = '${EMAIL}'`,
      ],
    })) as { user_id: string; query: string }[][];
    expect(targets).toHaveLength(1);
    const userId = targets![0]!.user_id;
    const query = MarketplaceQuerySchema.parse(JSON.parse(targets![0]!.query));
    const listed = await fetch(`${inject("fakeBlocketUrl")}/__fake/list-later?key=${BLOCKET_APP_FAKE_KEY}&price_to=${query.maxPrice}`, { method: "POST" });
    expect(listed.status).toBe(200);
    await seed({ expireCacheKeys: [marketplaceCacheKey(query)] });

    await runCron();
    // The car's watch and the whole search's both found the one fitting ad: one new ad on the list.
    await expect.poll(() => newCount(page, "/recommendations"), { timeout: 20_000 }).toBe("Nytt: 1");
    await Promise.all([
      (async () => {
        const rows = page.getByTestId("watch-row");
        expect(await rows.count()).toBe(2);
        for (const row of await rows.all()) {
          expect(await row.getByTestId("new-ad").count()).toBe(1);
          expect(await row.getByTestId("need-shown").allTextContents()).toEqual(
            expect.arrayContaining([expect.stringContaining("inom ditt prisfönster"), expect.stringContaining("Dragkrok")]),
          );
        }
        await shoot(page, "watch-nytt-list");
      })(),
      // The result page says the same, without JavaScript.
      (async () => expect(await newCount(plain, `/recommendations/${id}`)).toBe("Nytt: 1"))(),
    ]);

    // The next run sends the digest (one a day) to the outbox, the ad in it once.
    await runCron();
    await expect.poll(async () => (await page.goto("/utkorg"), page.getByTestId("outbox-mail").count()), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId("outbox-subject").textContent()).toBe("Nya bilar som passar din bevakning");
    await shoot(page, "watch-mail");
    const text = (await page.getByTestId("outbox-text").textContent()) ?? "";
    expect(text).toContain("Vi har hittat en ny annons");
    expect(text).toContain("✓ Dragkrok");
    const unsubscribe = /http:\/\/\S+\/bevakning\/avsluta\?t=\S+/.exec(text)?.[0] ?? "";
    expect(unsubscribe).not.toBe("");

    // The link, without JavaScript and without trusting the mail's host: its confirm page asks, its button acts.
    const link = new URL(unsubscribe);
    await plain.goto(`${link.pathname}${link.search}`);
    expect(await plain.getByTestId("watch-list").count()).toBe(0);
    await plain.getByRole("button", { name: "Avsluta bevakningarna" }).click();
    expect(await plain.getByTestId("watch-link-done").textContent()).toContain("avslutade");
    await plain.goto("/recommendations");
    expect(await plain.getByTestId("watch-list").count()).toBe(0);

    const [watchRows] = (await seed({ statements: [`select id from watches where user_id = '${userId}'`] })) as { id: string }[][];
    const watchIds = watchRows!.map((row) => row.id);
    expect(watchIds).toHaveLength(2);
    // Deleting the account removes the (stopped) watches and every record of them.
    await page.goto("/konto/radera");
    await page.getByLabel("Skriv RADERA för att bekräfta").fill("RADERA");
    await page.getByRole("button", { name: "Radera mitt konto" }).click();
    await page.waitForURL((url) => url.searchParams.get("raderat") === "1");
    const ids = watchIds.map((watchId) => `'${watchId}'`).join(", ");
    const left = await seed({
      statements: [
        `select count(*) as n from watches where user_id = '${userId}'`,
        `select count(*) as n from watch_targets where watch_id in (${ids})`,
        `select count(*) as n from watch_seen_ads where watch_id in (${ids})`,
        `select count(*) as n from watch_matches where user_id = '${userId}'`,
        `select count(*) as n from watch_digests where user_id = '${userId}'`,
        `select count(*) as n from dev_outbox where user_id = '${userId}'`,
      ],
    });
    expect(left.map((rows) => (rows[0] as { n: number }).n)).toEqual([0, 0, 0, 0, 0, 0]);
  }, 120_000);
});

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl, launchBrowser, screenshot, signedInContext } from "./browser";

/**
 * "Bevaka" end to end on the main server (demo marketplace, local sign-in, the dev outbox), with
 * JavaScript (a car's watch through the fetcher) and without (the whole search, renew and the
 * unsubscribe page as plain forms). The demo ads never change, so a fitting and a non-fitting new
 * ad are stood in for by making the watch forget one seen ad inside the advised price window and
 * one above it (through the test-only seeding route): the next cron and queue run see both as new.
 */

const PHONE = { width: 390, height: 844 };
const DETAIL = /\/recommendations\/[A-Za-z0-9_-]{22}/;
const EMAIL = "bevaka-e2e@example.se";
const WATCH_CRON = "23 */4 * * *";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function sql(statements: string[]): Promise<unknown[][]> {
  const response = await fetch(new URL("/__e2e/sql", baseUrl()), {
    method: "POST",
    headers: { Authorization: `Bearer ${inject("seedToken")}`, "Content-Type": "application/json" },
    body: JSON.stringify({ statements }),
  });
  if (!response.ok) throw new Error(`Seeding failed with ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: unknown[][] }).results;
}

/** The cron as Cloudflare would start it (wrangler dev --test-scheduled); the queue then delivers within its batch timeout. */
async function runCron(): Promise<void> {
  const response = await fetch(new URL(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(WATCH_CRON)}`, baseUrl()));
  expect(response.status).toBe(200);
}

async function newCount(page: Page): Promise<string> {
  await page.goto("/recommendations");
  return (
    (await page
      .getByTestId("watch-new-count")
      .first()
      .textContent()
      .catch(() => null)) ?? ""
  );
}

describe("Bevaka", () => {
  let withJs: BrowserContext;
  let withoutJs: BrowserContext;
  beforeAll(async () => {
    withJs = await signedInContext(browser, baseUrl(), EMAIL, { viewport: PHONE });
    withoutJs = await signedInContext(browser, baseUrl(), EMAIL, { viewport: PHONE, javaScriptEnabled: false });
  });
  afterAll(async () => {
    await withJs?.close();
    await withoutJs?.close();
  });

  it("create → unlock → Bevaka → new ads → cron and queue → Nytt: 1 with why it fits → one digest → its unsubscribe stops the watches", async () => {
    const page = await withJs.newPage();
    await page.goto("/recommendations/create");
    await page.getByLabel("Beskriv vad du letar efter").fill("Familjebil med dragkrok för husvagn, automat och diesel.");
    await page.getByLabel("Maxpris (kr)").fill("250 000");
    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    await page.waitForURL(DETAIL);
    const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    await page.getByTestId("car").first().waitFor({ timeout: 60_000 });
    await page.goto(`/recommendations/${id}/unlock`);
    await page.getByRole("button", { name: "Lås upp" }).click();
    await page.waitForURL(new RegExp(`/recommendations/${id}$`));

    // With JavaScript: the first car, through the fetcher.
    const panel = page.getByTestId("watch-panel");
    await screenshot(page, "watch-button");
    await panel.getByTestId("watch-button").first().click();
    await page.waitForURL(/bevakning=startad/);
    await expect.poll(() => panel.getByTestId("watching").count()).toBe(1);

    // Without JavaScript: the whole search, a plain form post.
    const plain = await withoutJs.newPage();
    await plain.goto(`/recommendations/${id}`);
    await plain.getByRole("button", { name: "Bevaka hela sökningen" }).click();
    await plain.waitForURL(/bevakning=startad/);
    expect(await plain.getByText("Hela sökningen bevakas.").count()).toBe(1);

    const [watch] = (await sql([`select id from watches where car_key is not null and local_mail_to = '${EMAIL}'`]))[0] as { id: string }[];
    const forget = (comparison: "<=" | ">") =>
      `delete from watch_seen_ads where rowid in (select s.rowid from watch_seen_ads s join watch_targets t on t.watch_id = s.watch_id
        where s.watch_id = '${watch!.id}' and s.last_price ${comparison} json_extract(t.advice, '$.maxPrice') limit 1) returning ad_key`;
    const [fitting, above] = await sql([forget("<="), forget(">")]);
    expect(fitting).toHaveLength(1);
    expect(above).toHaveLength(1);

    await runCron();
    await expect.poll(() => newCount(page), { timeout: 20_000 }).toBe("Nytt: 1");
    const row = page.getByTestId("watch-row").filter({ has: page.getByTestId("new-ad") });
    expect(await row.getByTestId("new-ad").count()).toBe(1);
    expect(await row.getByTestId("need-shown").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("inom ditt prisfönster")]));
    await screenshot(page, "watch-nytt-list");

    // The next run sends the digest (one a day) to the outbox.
    await runCron();
    await expect.poll(async () => (await page.goto("/utkorg"), page.getByTestId("outbox-mail").count()), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId("outbox-subject").textContent()).toBe("Nya bilar som passar din bevakning");
    await screenshot(page, "watch-mail");
    const text = (await page.getByTestId("outbox-text").textContent()) ?? "";
    expect(text).toContain("✓ ");
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
  }, 120_000);
});

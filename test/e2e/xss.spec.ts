import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { projectRoot, wrangler } from "../setup/e2e-server";
import { buildCar, buildInput } from "../fixtures/recommendations";
import { baseUrl, launchBrowser, openPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SCRIPT = "<script>window.__xss = 1; alert('xss')</script>";
const IMG = `<img src=x onerror="window.__xss = 2; alert('xss')">`;

/** Seeds a recommendation straight into the served app's D1, as a hostile upstream could have filled it. */
function seedHostileRecommendation(email: string): string {
  const userId = `local_${createHash("sha256").update(email).digest("hex").slice(0, 32)}`;
  const id = randomBytes(16).toString("base64url");
  const car = buildCar(1, {
    carName: `Volvo ${SCRIPT}`,
    carTagline: IMG,
    pros: [SCRIPT, IMG],
    whyItFits: `Passar ${SCRIPT}`,
    deepDiveAnalysis: `Analys ${IMG}`,
    availability: {
      status: "known",
      source: "blocket",
      adCount: 1,
      countIsEstimate: false,
      adsUrl: "https://www.blocket.se/mobility/search/car?q=volvo",
      marketWindow: null,
      ads: [
        {
          link: "javascript:window.__xss=3",
          heading: `Annons ${IMG}`,
          price: { amount: "100000" },
          car: { location: { city: SCRIPT }, fuel: IMG, gearbox: "Manuell", regDate: 2018, mileage: 9000 },
        },
      ],
    },
  });
  const recommendation = JSON.stringify({ source: "openai", cars: [car] });
  const input = JSON.stringify(buildInput({ description: `Familjebil ${SCRIPT}` }));
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const sql = `insert into recommendations (id, user_id, is_locked, input, recommendation) values (${quote(id)}, ${quote(userId)}, 0, ${quote(input)}, ${quote(recommendation)});`;
  const dir = mkdtempSync(path.join(tmpdir(), "drombil-seed-"));
  const file = path.join(dir, "seed.sql");
  writeFileSync(file, sql);
  const result = spawnSync(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", inject("persistDir"), "--file", file, "--yes"], {
    cwd: projectRoot,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    encoding: "utf8",
  });
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`Seeding failed:\n${result.stdout}\n${result.stderr}`);
  return id;
}

describe("hostile upstream strings", () => {
  it("AI and marketplace strings carrying HTML and script render inert, and javascript: links are not rendered", async () => {
    const email = "xss@example.se";
    const id = seedHostileRecommendation(email);
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

    const response = await page.goto(`/recommendations/${id}`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    // The strings are shown as text…
    expect(await page.getByRole("heading", { name: `Volvo ${SCRIPT}` }).count()).toBe(1);
    // …never as markup or script.
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator("main img[src='x']").count()).toBe(0);
    expect(await page.locator("main script").count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    const html = await (await context.request.get(`/recommendations/${id}`)).text();
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain(IMG);
    await context.close();
  });
});

/**
 * How long each page is on a phone: page height ÷ 844 px at 390 px wide, for the landing page, a
 * result being made (pending), the locked and the unlocked result, the comparison and the list.
 * Also saves a full-page screenshot of each at 390 × 844 and 1280 × 800, and each phone screen
 * on its own, to look at.
 *
 *   npm run build && node scripts/screen-counts.ts [--out=/tmp/shots]   (default: test-results/screens)
 *
 * Serves the production build on local defaults except the AI, which is the fake OpenAI at
 * real-world rates, so the pending page stays on screen long enough to be measured. A benchmark,
 * not a test: the e2e suite asserts the limits (unlocked result ≤ 8 phone screens).
 */
export {};

await import("./ts-resolve-hook.mjs");
const { mkdirSync } = await import("node:fs");
const path = await import("node:path");
const { chromium } = await import("playwright-core");
const { startBuiltApp } = await import("../test/setup/e2e-server.ts");
const { startFakeOpenAI } = await import("../test/fakes/openai.ts");
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import("../test/setup/chromium.ts");

type Page = import("playwright-core").Page;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const outArg = process.argv.find((value) => value.startsWith("--out="));
const outDir = path.resolve(outArg?.split("=")[1] ?? "test-results/screens");
mkdirSync(outDir, { recursive: true });

const fake = await startFakeOpenAI({ ttftMs: 500, tokensPerSecond: 80 });
const app = await startBuiltApp({
  vars: { OPENAI_API_KEY: "sk-screen-counts", OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: "ok/screen-counts" },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const counts: { page: string; screens: number; desktopScreens: number }[] = [];
const consoleErrors: string[] = [];

/** Screen count at 390 px and both screenshots; leaves the page at phone size. */
async function measure(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  const desktopHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: path.join(outDir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: path.join(outDir, `${name}-phone.png`), fullPage: true });
  // One file per phone screen as well, to look at each at full size.
  for (let screen = 0; screen * PHONE.height < height; screen++) {
    const clip = { x: 0, y: screen * PHONE.height, width: PHONE.width, height: Math.min(PHONE.height, height - screen * PHONE.height) };
    await page.screenshot({ path: path.join(outDir, `${name}-phone-screen-${screen + 1}.png`), fullPage: true, clip });
  }
  counts.push({ page: name, screens: height / PHONE.height, desktopScreens: desktopHeight / DESKTOP.height });
}

try {
  const context = await browser.newContext({ baseURL: app.baseUrl, locale: "sv-SE", viewport: PHONE });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));

  await page.goto("/", { waitUntil: "networkidle" });
  await measure(page, "landing");

  await page.goto("/login");
  await page.getByRole("main").getByLabel("E-postadress").fill("skarmar@example.se");
  await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
  await page.waitForURL((url) => url.pathname === "/recommendations");

  await page.goto("/recommendations/create");
  await page
    .getByLabel("Beskriv vad du letar efter")
    .fill("Vi är två vuxna, två barn och en hund. Jag pendlar 4 mil om dagen och vi åker till fjällen på vintern. Dragkrok är ett måste.");
  await page.getByLabel("Maxpris (kr)").fill("250 000");
  await page.getByRole("button", { name: "Hitta min drömbil" }).click();
  await page.waitForURL(/\/recommendations\/[A-Za-z0-9_-]{22}$/);
  const detailPath = new URL(page.url()).pathname;
  await page.getByTestId("pending-recommendation").waitFor({ timeout: 15_000 });
  await measure(page, "pending");

  await page.getByTestId("car").first().waitFor({ timeout: 90_000 });
  await page.goto(detailPath, { waitUntil: "networkidle" });
  await measure(page, "locked");

  await page.goto(`${detailPath}/unlock`);
  await page.getByRole("button", { name: "Lås upp" }).click();
  await page.waitForURL(`**${detailPath}`);
  await page.getByRole("heading", { name: "Rekommendationen är låst" }).waitFor({ state: "detached" });
  await page.goto(detailPath, { waitUntil: "networkidle" });
  await measure(page, "unlocked");

  await page.goto(`${detailPath}?jamfor=1&jamfor=2&jamfor=3`, { waitUntil: "networkidle" });
  await measure(page, "comparison");

  await page.goto("/recommendations", { waitUntil: "networkidle" });
  await measure(page, "list");
  await context.close();

  console.log(`Screens per page (page height ÷ ${PHONE.height} px at ${PHONE.width} px; desktop ÷ ${DESKTOP.height} px at ${DESKTOP.width} px)`);
  for (const row of counts) {
    console.log(`  ${row.page.padEnd(11)} ${row.screens.toFixed(1).padStart(5)} phone screens   ${row.desktopScreens.toFixed(1).padStart(5)} desktop screens`);
  }
  console.log(`Screenshots in ${outDir}`);
  console.log(consoleErrors.length ? `Console errors:\n  ${consoleErrors.join("\n  ")}` : "No console errors.");
} finally {
  await browser.close();
  app.stop();
  await fake.close();
}

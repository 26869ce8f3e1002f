/**
 * For reading results as a buyer would: each wish of a JSON file through the served production
 * build on local defaults (the local engine, demo ads), signed in, created, unlocked, and saved as
 * the page shows it: the whole unlocked page's text (`<id>.txt`) and phone screenshots at 390 px of
 * "Så tolkade vi dig" and of the whole page (`<id>-understood.png`, `<id>-phone.png`).
 *
 *   npm run build && node scripts/read-results.ts --wishes=wishes.json [--out=test-results/read]
 *
 * wishes.json: [{ "id": "…", "wish": "…", "maxPrice": 150000 }]. A tool for the people who read the
 * cards (docs/advice-quality.md), not a test: it asserts nothing.
 */
export {};

await import("./ts-resolve-hook.mjs");
const { mkdirSync, readFileSync, writeFileSync } = await import("node:fs");
const path = await import("node:path");
const { chromium } = await import("playwright-core");
const { startBuiltApp } = await import("../test/setup/e2e-server.ts");
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import("../test/setup/chromium.ts");

type Wish = { id: string; wish: string; maxPrice: number };

const argument = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const wishesFile = argument("wishes");
if (!wishesFile) throw new Error("Usage: node scripts/read-results.ts --wishes=wishes.json [--out=dir]");
const wishes = JSON.parse(readFileSync(wishesFile, "utf8")) as Wish[];
const outDir = path.resolve(argument("out") ?? "test-results/read");
mkdirSync(outDir, { recursive: true });

const PHONE = { width: 390, height: 844 };
// Each wish is its own buyer, so the create limit of one a minute per account never waits.
const app = await startBuiltApp();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const [index, wish] of wishes.entries()) {
    const context = await browser.newContext({ baseURL: app.baseUrl, locale: "sv-SE", viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("main").getByLabel("E-postadress").fill(`lasare${index}@example.se`);
    await page.getByRole("main").getByRole("button", { name: "Logga in" }).click();
    await page.waitForURL((url) => url.pathname === "/recommendations");

    await page.goto("/recommendations/create");
    await page.getByLabel("Beskriv vad du letar efter").fill(wish.wish);
    await page.getByLabel("Maxpris (kr)").fill(String(wish.maxPrice));
    await page.getByRole("button", { name: "Hitta min drömbil" }).click();
    await page.waitForURL(/\/recommendations\/[A-Za-z0-9_-]{22}$/);
    const detailPath = new URL(page.url()).pathname;
    // Server-rendered while the job runs; gone once the result (or the page saying nothing fits) is there.
    await page.getByTestId("pending-recommendation").waitFor({ state: "detached", timeout: 90_000 });
    // The saved page as the server renders it, not the client's swap from the pending page.
    await page.goto(detailPath, { waitUntil: "networkidle" });
    if ((await page.getByTestId("car").count()) > 0) {
      await page.goto(`${detailPath}/unlock`);
      await page.getByRole("button", { name: "Lås upp" }).click();
      await page.waitForURL(`**${detailPath}`);
      await page.getByRole("heading", { name: "Rekommendationen är låst" }).waitFor({ state: "detached" });
    }
    await page.goto(detailPath, { waitUntil: "networkidle" });
    // Every card's folded parts (pros and cons, costs, analysis, ads) open, as a reader would open them.
    await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
    const text = await page.getByRole("main").innerText();
    writeFileSync(path.join(outDir, `${wish.id}.txt`), `${wish.wish}\n(maxpris ${wish.maxPrice} kr)\n\n${text}\n`);
    const understood = page.getByTestId("understood").first();
    if ((await understood.count()) > 0) await understood.screenshot({ path: path.join(outDir, `${wish.id}-understood.png`) });
    await page.screenshot({ path: path.join(outDir, `${wish.id}-phone.png`), fullPage: true });
    console.log(`${wish.id}: ${await page.getByTestId("car").count()} cars → ${path.join(outDir, `${wish.id}.txt`)}`);
    await context.close();
  }
} finally {
  await browser.close();
  app.stop();
}

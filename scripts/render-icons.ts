/**
 * Renders the PNG icons, favicon.ico and the Open Graph image from public/icon.svg with Debian's
 * Chromium. Run after changing the logo: `node scripts/render-icons.ts`. Output is committed.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/setup/chromium.ts";

const publicDir = path.join(import.meta.dirname, "..", "public");
const svg = await readFile(path.join(publicDir, "icon.svg"), "utf8");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function render(html: string, width: number, height: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  const png = await page.screenshot({ omitBackground: true });
  await page.close();
  return png;
}

const icon = (size: number, padding = 0) =>
  render(
    `<div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:${padding ? "#0f3d2e" : "transparent"}">
       <div style="width:${size - 2 * padding}px;height:${size - 2 * padding}px">${svg.replace("<svg ", '<svg width="100%" height="100%" ')}</div></div>`,
    size,
    size,
  );

for (const size of [192, 512]) await writeFile(path.join(publicDir, `icon-${size}.png`), await icon(size));
await writeFile(path.join(publicDir, "icon-512-maskable.png"), await icon(512, 64));
await writeFile(path.join(publicDir, "apple-touch-icon.png"), await icon(180));

// favicon.ico: an ICO container holding one 32×32 PNG (supported by every current browser).
const png32 = await icon(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18); // offset of the image data
await writeFile(path.join(publicDir, "favicon.ico"), Buffer.concat([header, png32]));

const og = await render(
  `<div style="width:1200px;height:630px;background:#0f3d2e;color:white;font-family:sans-serif;display:flex;align-items:center;gap:64px;padding:0 96px;box-sizing:border-box">
     <div style="width:240px;height:240px;flex:none">${svg.replace("<svg ", '<svg width="100%" height="100%" ')}</div>
     <div><div style="font-size:96px;font-weight:700">Drömbil</div>
     <div style="font-size:40px;margin-top:16px;color:#d8f3e3">Hitta rätt begagnad bil – tio förslag efter dina behov, med aktuella annonser.</div></div></div>`,
  1200,
  630,
);
await writeFile(path.join(publicDir, "og-image.png"), og);
await browser.close();
console.log("Rendered icons, favicon.ico and og-image.png into public/");

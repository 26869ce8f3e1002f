import { existsSync } from "node:fs";

/**
 * Debian's Chromium, driven by playwright-core (never `playwright install`: no downloads here).
 * The flags keep it from calling home, which this machine's closed network refuses noisily.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser tests' Chromium: Debian's headless shell (`chromium-headless-shell`, the same Blink
 * without the browser's UI layers) when installed. It halved the browser's CPU time in the suite
 * (246 to 114 CPU seconds) on this 2-core machine. Lighthouse (`bench:budgets`) uses it too; the other
 * scripts keep the full browser.
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium; tools/stack/ensure-chromium.mjs installs it before the e2e step of `npm test`. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

// No sandbox (tests may run as root), and nothing that reaches out to the network on its own.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * A headless Chromium. Playwright gives every launch a fresh temporary profile and every context its own
 * cookies, so one browser serves several people in a test file without them sharing a session.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run node tools/stack/ensure-chromium.mjs`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 });
}

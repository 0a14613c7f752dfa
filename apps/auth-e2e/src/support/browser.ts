import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from '@cs/testing';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium; tools/stack/ensure-chromium.mjs installs it before the e2e step of `npm test`. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Screenshots of our pages, kept as test artifacts (the directory is gitignored). */
export const ARTIFACTS_DIR = join(WORKSPACE_ROOT, 'test-artifacts', 'auth');

/**
 * A headless Chromium. Playwright gives every launch a fresh temporary profile and every context its own
 * cookies, so one browser serves several people in a test file without them sharing a session.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run node tools/stack/ensure-chromium.mjs`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser/chromium';
import { ready } from '../hook-value';

/** Per test file: a headless Chromium launched in beforeAll and closed in afterAll; call the result for it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => ready(browser, 'The browser');
}

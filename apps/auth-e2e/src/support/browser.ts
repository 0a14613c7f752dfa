import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from '@cs/testing';
import type { Page } from 'playwright-core';

/** Screenshots of our pages, kept as test artifacts (the directory is gitignored). */
export const ARTIFACTS_DIR = join(WORKSPACE_ROOT, 'test-artifacts', 'auth');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

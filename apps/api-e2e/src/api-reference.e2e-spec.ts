import { launchBrowser } from '@cs/testing';
import type { Browser, Page } from 'playwright-core';
// The Chromium launcher of the browser tests (Debian's Chromium, no background networking, a fresh profile).
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment();

interface Served {
  info: { title: string; version: string };
  paths: Record<string, unknown>;
}

let browser: Browser;

/**
 * The page's rendered text once every path is in it: the renderer fetches the document, then fills the page. A blank
 * page or a script that never loads shows what it has after 30 s.
 */
async function renderedText(page: Page, paths: string[]): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = await page.locator('body').innerText();
    if (paths.every((path) => text.includes(path)) || Date.now() > deadline) return text;
    await page.waitForTimeout(250);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the API reference at /api/v1/docs', () => {
  it('serves the page and the scripts it links without credentials, as the document describes them', async () => {
    const page = await env.client().request<string>('GET', '/api/v1/docs');
    expect(page.status).toBe(200);
    const files = [...page.body.matchAll(/<script src="\/api\/v1\/docs\/([^"]+)"><\/script>/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect((await env.client().request('GET', '/api/v1/docs/{file}', { pathParams: { file } })).status).toBe(200);
    expect((await env.client().request('GET', '/api/v1/docs/{file}', { pathParams: { file: 'redoc.js' } })).status).toBe(404);
  });

  it('renders every path of the served document in Chromium with a link to it, no CSP violation and no request outside the api', async () => {
    const served = (await env.client().request<Served>('GET', '/api/v1/openapi.json')).body;
    const paths = Object.keys(served.paths);
    expect(paths.length).toBeGreaterThan(10);

    const context = await browser.newContext();
    const origin = new URL(env.baseUrl).origin;
    const outside: string[] = [];
    const violations: string[] = [];
    const errors: string[] = [];
    // Every request of the page and its workers, those the CSP then blocks included.
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:') outside.push(request.url());
    });
    await context.exposeBinding('reportViolation', (_source, text: string) => violations.push(text));
    // Runs before the page's own scripts, outside its CSP (a DevTools init script, not an inline one).
    await context.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (e) =>
        reportViolation(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber));`,
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    try {
      const response = await page.goto(`${env.baseUrl}/api/v1/docs`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(`${served.info.title} ${served.info.version}`);
      const text = await renderedText(page, paths);
      expect(paths.filter((path) => !text.includes(path))).toEqual([]);
      // A visible link to the raw document.
      await expect(page.locator('a[href="/api/v1/openapi.json"]').first().isVisible()).resolves.toBe(true);
      // Whatever the page loads or injects right after rendering is reported too (it holds a request open, so
      // Playwright's networkidle never comes).
      await page.waitForTimeout(1_000);
      expect({ violations, outside, errors }).toEqual({ violations: [], outside: [], errors: [] });
    } finally {
      await context.close();
    }
  });
});

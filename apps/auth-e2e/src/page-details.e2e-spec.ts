import { type TestWorkspace, useBrowser } from '@cs/testing';
import { type Person, useAuthStack } from './support/auth-stack';
import { join } from 'node:path';
import { ARTIFACTS_DIR, screenshot } from './support/browser';
import { BrowserUser } from './support/browser-user';

/**
 * Issue 19's smaller defects and the Copy buttons, measured in Chromium: a logo that fails to load leaves its letter,
 * redirect URIs wrap inside their own element, the delivery-log card fits a 390 px wide screen, and a revealed
 * secret has a Copy button only when JavaScript runs.
 */
const stack = useAuthStack();
const browser = useBrowser();

let workspace: TestWorkspace;
let admin: Person;

beforeAll(async () => {
  workspace = await stack.workspace('Acme Details');
  admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'details-admin' });
}, 120_000);

async function signedIn<T>(run: (user: BrowserUser) => Promise<T>, options: { javaScript?: boolean; width?: number } = {}): Promise<T> {
  const user = await BrowserUser.open(browser(), admin, options);
  try {
    await user.signIn(stack.authUrl, '/developer');
    return await run(user);
  } finally {
    await user.close();
  }
}

const LONG_URI = 'https://integrations.example-partner-company.test/oauth2/callback/conversation-service/production/eu-west-1';

describe('small defects', () => {
  it('a logo that fails to load shows the letter, not a broken image', async () => {
    const client = await stack.client(admin, { name: 'Broken Logo App' });
    await stack.db.dataSource.query(`UPDATE oauth_clients SET logo_uri = 'https://127.0.0.1:9/missing-logo.png' WHERE id = $1`, [client.clientId]);
    await signedIn(async (user) => {
      await user.page.goto(`${stack.authUrl}/developer?workspace=${workspace.id}`);
      await user.page.waitForLoadState('networkidle');
      const row = user.page.locator('table.oauth-apps tr', { hasText: 'Broken Logo App' });
      const letter = row.locator('.logo-letter');
      expect(await letter.innerText()).toBe('B');
      expect(await letter.isVisible()).toBe(true);
      // Nothing on the page is an image that failed (the old <img> showed the broken-image icon here).
      const broken = await user.page.locator('img').evaluateAll((imgs) => (imgs as { complete: boolean; naturalWidth: number; src: string }[]).filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src));
      expect(broken).toEqual([]);
      // The logo is a background on the layer over the letter: when it fails, the layer stays transparent.
      const layer = await row.locator('.logo-image').evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundImage);
      expect(layer).toContain('missing-logo.png');
      await row.locator('.logo').screenshot({ path: join(ARTIFACTS_DIR, 'logo-fallback.png') });
    });
  });

  it('at 390 px, redirect URIs wrap inside their own element and the delivery-log card does not overflow', async () => {
    await stack.client(admin, { name: 'Long Redirect App', redirectUris: [LONG_URI, 'http://localhost:8080/callback'] });
    await signedIn(
      async (user) => {
        await user.page.goto(`${stack.authUrl}/developer?workspace=${workspace.id}`);
        const uris = user.page.locator('table.oauth-apps .url-list li');
        expect(await uris.count()).toBeGreaterThanOrEqual(2);
        // Each piece between two separators is a text node of its own: one that spans two lines broke mid-word.
        const lines = await uris.evaluateAll((els) =>
          els.map((el) => {
            const range = el.ownerDocument.createRange();
            const pieces = [...el.childNodes].filter((node) => node.nodeType === 3);
            const splitPieces = pieces.filter((node) => {
              range.selectNodeContents(node);
              return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
            });
            range.selectNodeContents(el);
            const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return { uri: el.textContent, lines: lineTops.size, splitPieces: splitPieces.map((node) => node.textContent) };
          }),
        );
        const long = lines.find((line) => line.uri === LONG_URI);
        expect(long?.lines).toBeGreaterThan(1); // it does wrap at 390 px…
        for (const line of lines) expect(line.splitPieces).toEqual([]); // …but never inside a piece
        expect(await uris.evaluateAll((els) => els.map((el) => el.scrollWidth - el.clientWidth))).toEqual(lines.map(() => 0));
        await screenshot(user.page, 'developer-settings-390');

        // A webhook with a delivery in each state, then its page at 390 px.
        await user.page.goto(`${stack.authUrl}/developer/webhooks/new?workspace=${workspace.id}`);
        await user.page.locator('#webhook-url').fill('https://hooks.example-partner-company.test/conversation-service/webhooks/in');
        await user.submit('button[name="action"][value="save_webhook"]');
        await user.submit('button[name="action"][value="send_test_event"]');
        const card = user.page.locator('section[aria-labelledby="deliveries-title"] .table-card');
        const widths = {
          card: await card.evaluate((el) => el.scrollWidth - el.clientWidth),
          page: await user.page.locator('html').evaluate((el) => el.scrollWidth - (el.ownerDocument.defaultView?.innerWidth ?? 0)),
        };
        expect(widths).toEqual({ card: 0, page: 0 });
        await screenshot(user.page, 'webhook-delivery-log-390');
      },
      { width: 390 },
    );
  });
});

describe('Copy buttons for secrets (progressive enhancement)', () => {
  it('with JavaScript: a Copy button copies the secret and says so', async () => {
    await signedIn(async (user) => {
      await user.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.authUrl });
      await user.page.goto(`${stack.authUrl}/account`);
      await user.page.locator('#api-key-name').fill('Copied key');
      await user.submit('button[name="action"][value="create_api_key"]');
      const key = await user.page.locator('#revealed-value').innerText();
      const copy = user.page.getByRole('button', { name: /^Copy API key/ });
      expect(await copy.isVisible()).toBe(true);
      await copy.click();
      await user.page.getByText('Copied', { exact: true }).waitFor();
      expect(await user.page.locator('html').evaluate((el) => el.ownerDocument.defaultView?.navigator.clipboard.readText())).toBe(key);
      await screenshot(user.page, 'account-key-copied');
    });
  });

  it('without JavaScript: no Copy button, the secret is on the page to select', async () => {
    await signedIn(
      async (user) => {
        await user.page.goto(`${stack.authUrl}/account`);
        await user.page.locator('#api-key-name').fill('Selectable key');
        await user.submit('button[name="action"][value="create_api_key"]');
        expect(await user.page.locator('#revealed-value').innerText()).toMatch(/^sk_/);
        expect(await user.page.locator('button[data-copy]').isVisible()).toBe(false);
        await screenshot(user.page, 'account-key-no-js');
      },
      { javaScript: false },
    );
  });
});

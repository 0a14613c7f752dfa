import { type TestWorkspace, useBrowser } from '@cs/testing';
import { type Person, useAuthStack } from './support/auth-stack';
import { screenshot } from './support/browser';
import { BrowserUser } from './support/browser-user';
import { connectApp } from './support/connect-app';
import { oauthError, ThirdPartyApp } from './support/third-party-app';

/**
 * Issue 19, developer settings and account pages, driven in Chromium: POST/redirect/GET after every create and
 * rotate (a reload never re-posts, a new secret is shown exactly once and only in the session that made it),
 * confirm pages for destructive actions that work without JavaScript, and client-secret rotation with an overlap.
 */
const stack = useAuthStack();
const browser = useBrowser();

let workspace: TestWorkspace;
let admin: Person;

beforeAll(async () => {
  workspace = await stack.workspace('Acme Settings');
  admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'settings-admin' });
}, 120_000);

const signedIn = <T>(run: (user: BrowserUser) => Promise<T>, options: { javaScript?: boolean; person?: Person } = {}): Promise<T> =>
  BrowserUser.with(browser(), options.person ?? admin, run, { ...options, signIn: { authUrl: stack.authUrl, returnTo: '/developer' } });

const button = (value: string) => `button[name="action"][value="${value}"]`;
const count = async (sql: string, params: unknown[]) => (await stack.db.dataSource.query<{ n: number }[]>(sql, params))[0]?.n;
const settingsUrl = () => `${stack.authUrl}/developer?workspace=${workspace.id}`;

describe('POST/redirect/GET: a reload never re-posts, a secret is shown once', () => {
  it('register app: the secret survives exactly one view, and reloading creates no second app', async () => {
    await signedIn(async (user) => {
      await user.page.goto(`${stack.authUrl}/developer/clients/new?workspace=${workspace.id}`);
      await user.page.locator('#client-name').fill('Reload Safe App');
      await user.page.locator('#client-redirect-uris').fill('https://reload.example/cb');
      expect((await user.submit(button('save_client'))).status()).toBe(303);
      const secret = await user.page.locator('.secret-value').innerText();
      expect(secret).toMatch(/^cs_/);
      expect(user.page.url()).toContain('revealed=');
      expect(user.page.url()).not.toContain(secret);
      await screenshot(user.page, 'settings-app-registered-secret');

      const reloaded = await user.page.reload();
      expect(reloaded?.request().method()).toBe('GET');
      expect(await user.page.locator('.secret-value').count()).toBe(0);
      expect(await user.page.content()).not.toContain(secret);
      expect(await count(`SELECT count(*)::int AS n FROM oauth_clients WHERE name = 'Reload Safe App'`, [])).toBe(1);
    });
  });

  it('create API key: reloading shows no secret and creates no second key', async () => {
    await signedIn(async (user) => {
      await user.page.goto(`${stack.authUrl}/account`);
      await user.page.locator('#api-key-name').fill('Reload Safe Key');
      expect((await user.submit(button('create_api_key'))).status()).toBe(303);
      const key = await user.page.locator('.secret-value').innerText();
      expect(key.length).toBeGreaterThan(20);
      await user.page.reload();
      expect(await user.page.content()).not.toContain(key);
      expect(await count(`SELECT count(*)::int AS n FROM api_keys WHERE name = 'Reload Safe Key'`, [])).toBe(1);
    });
  });

  it('add webhook and rotate its secret: each redirect shows the secret once; reloads re-post nothing', async () => {
    await signedIn(async (user) => {
      await user.page.goto(`${stack.authUrl}/developer/webhooks/new?workspace=${workspace.id}`);
      await user.page.locator('#webhook-url').fill('http://127.0.0.1:9/reload-hook');
      expect((await user.submit(button('save_webhook'))).status()).toBe(303);
      const secret = await user.page.locator('#revealed-secret').inputValue();
      await user.page.reload();
      expect(await user.page.content()).not.toContain(secret);
      expect(await count(`SELECT count(*)::int AS n FROM webhooks WHERE url = 'http://127.0.0.1:9/reload-hook'`, [])).toBe(1);

      const digestBefore = await stack.db.dataSource.query(`SELECT secret_sealed FROM webhooks WHERE url = 'http://127.0.0.1:9/reload-hook'`);
      await user.page.getByRole('link', { name: 'Rotate secret' }).click();
      expect((await user.submit(button('rotate_secret'))).status()).toBe(303);
      const rotated = await user.page.locator('#revealed-secret').inputValue();
      expect(rotated).not.toBe(secret);
      const sealedAfterRotation = await stack.db.dataSource.query(`SELECT secret_sealed FROM webhooks WHERE url = 'http://127.0.0.1:9/reload-hook'`);
      expect(sealedAfterRotation).not.toEqual(digestBefore);
      await user.page.reload();
      expect(await user.page.content()).not.toContain(rotated);
      expect(await stack.db.dataSource.query(`SELECT secret_sealed FROM webhooks WHERE url = 'http://127.0.0.1:9/reload-hook'`)).toEqual(sealedAfterRotation);
    });
  });

  it('binds the one view to the session that made the secret: the redirect opened in another session shows nothing, and leaves it', async () => {
    const other = await BrowserUser.open(browser(), admin);
    try {
      await other.signIn(stack.authUrl, '/developer');
      await signedIn(async (user) => {
        await user.page.goto(`${stack.authUrl}/account`);
        const csrf = await user.page.locator('form[action="/account/api-keys"] input[name="_csrf"]').inputValue();
        const answer = await user.page.request.post(`${stack.authUrl}/account/api-keys`, {
          form: { _csrf: csrf, workspace_id: workspace.id, name: 'Bound Key', action: 'create_api_key' },
          maxRedirects: 0,
        });
        expect(answer.status()).toBe(303);
        const location = answer.headers()['location'] ?? '';
        expect(location).toMatch(/[?&]revealed=[A-Za-z0-9_-]{22}(&|$)/);

        await other.page.goto(`${stack.authUrl}${location}`);
        expect(await other.page.locator('.secret-value').count()).toBe(0);
        await user.page.goto(`${stack.authUrl}${location}`);
        expect(await user.page.locator('.secret-value').count()).toBe(1);
        await user.page.goto(`${stack.authUrl}${location}`);
        expect(await user.page.locator('.secret-value').count()).toBe(0);
      });
    } finally {
      await other.close();
    }
  });
});

describe('destructive actions ask first, on a page that works without JavaScript', () => {
  it('delete app, rotate secret and revoke key: a GET changes nothing, Cancel goes back, the confirm form acts', async () => {
    const client = await stack.client(admin, { name: 'Confirm Me App' });
    await signedIn(
      async (user) => {
        await user.page.goto(`${stack.authUrl}/account`);
        await user.page.locator('#api-key-name').fill('Confirm Me Key');
        await user.submit(button('create_api_key'));
        await user.page.goto(settingsUrl());

        // Delete app: the list links to a confirm page; Cancel leaves the app in place.
        await user.page.getByRole('link', { name: 'Delete Confirm Me App' }).click();
        expect(new URL(user.page.url()).pathname).toBe(`/developer/clients/${client.clientId}/delete`);
        expect(await user.page.locator('h1').innerText()).toBe('Delete Confirm Me App?');
        await screenshot(user.page, 'confirm-delete-app-no-js');
        await user.page.getByRole('link', { name: 'Cancel' }).click();
        expect(new URL(user.page.url()).pathname).toBe('/developer');
        expect(await count('SELECT count(*)::int AS n FROM oauth_clients WHERE id = $1', [client.clientId])).toBe(1);

        // Rotate secret: confirm, then the new secret once.
        await user.page.getByRole('link', { name: 'Rotate the secret of Confirm Me App' }).click();
        expect(await user.page.locator('.confirm').innerText()).toContain('keeps working beside it for 24 hours');
        expect((await user.submit(button('rotate_secret'))).status()).toBe(303);
        expect(await user.page.locator('.secret-value').innerText()).toMatch(/^cs_/);

        // Revoke key, on the account page.
        await user.page.goto(`${stack.authUrl}/account`);
        await user.page.getByRole('link', { name: 'Revoke API key Confirm Me Key' }).click();
        expect(await count(`SELECT count(*)::int AS n FROM api_keys WHERE name = 'Confirm Me Key' AND revoked_at IS NULL`, [])).toBe(1);
        expect((await user.submit(button('revoke_api_key'))).status()).toBe(303);
        expect(await count(`SELECT count(*)::int AS n FROM api_keys WHERE name = 'Confirm Me Key' AND revoked_at IS NULL`, [])).toBe(0);

        // Delete app, confirmed.
        await user.page.goto(settingsUrl());
        await user.page.getByRole('link', { name: 'Delete Confirm Me App' }).click();
        expect((await user.submit(button('delete'))).status()).toBe(303);
        expect(await count('SELECT count(*)::int AS n FROM oauth_clients WHERE id = $1', [client.clientId])).toBe(0);
      },
      { javaScript: false },
    );
  });

  it('delete webhook asks first, without JavaScript too', async () => {
    await signedIn(
      async (user) => {
        await user.page.goto(`${stack.authUrl}/developer/webhooks/new?workspace=${workspace.id}`);
        await user.page.locator('#webhook-url').fill('http://127.0.0.1:9/confirm-hook');
        await user.submit(button('save_webhook'));
        await user.page.getByRole('link', { name: 'Delete the webhook http://127.0.0.1:9/confirm-hook' }).click();
        expect(await count(`SELECT count(*)::int AS n FROM webhooks WHERE url = 'http://127.0.0.1:9/confirm-hook'`, [])).toBe(1);
        await screenshot(user.page, 'confirm-delete-webhook-no-js');
        expect((await user.submit(button('delete'))).status()).toBe(303);
        expect(await count(`SELECT count(*)::int AS n FROM webhooks WHERE url = 'http://127.0.0.1:9/confirm-hook'`, [])).toBe(0);
      },
      { javaScript: false },
    );
  });

  it("refuses a confirm page of another workspace's app with the 404 page", async () => {
    const elsewhere = await stack.workspace('Elsewhere');
    const otherAdmin = await stack.person(elsewhere, { role: 'admin' });
    const foreign = await stack.client(otherAdmin, { name: 'Foreign App' });
    await signedIn(async (user) => {
      const answer = await user.page.goto(`${stack.authUrl}/developer/clients/${foreign.clientId}/delete?workspace=${workspace.id}`);
      expect(answer?.status()).toBe(404);
    });
  });
});

describe('client secret rotation keeps the previous secret for an overlap', () => {
  it('accepts both secrets at the token endpoint and shows both with the expiry', async () => {
    const client = await stack.client(admin, { name: 'Overlap App' });
    const person = await stack.person(workspace);
    const oldApp = await ThirdPartyApp.discover(stack.authUrl, client);
    const { tokens } = await connectApp(browser(), stack, oldApp, person, { scope: 'conversations:read' });

    const newSecret = await signedIn(async (user) => {
      await user.page.goto(settingsUrl());
      await user.page.getByRole('link', { name: 'Rotate the secret of Overlap App' }).click();
      await user.submit(button('rotate_secret'));
      const secret = await user.page.locator('.secret-value').innerText();
      const row = user.page.locator('table.oauth-apps tr', { hasText: 'Overlap App' });
      const cell = await row.locator('td[data-label="Secret"]').innerText();
      expect(cell).toContain('Current');
      expect(cell).toMatch(/Previous, works until \d+ \w+ \d{4}, \d\d:\d\d/);
      await screenshot(user.page, 'settings-secret-overlap');
      return secret;
    });

    // The integration still runs with the old secret, and the new one works as well.
    const refreshedWithOld = await oldApp.refresh(tokens.refresh_token!);
    const newApp = await ThirdPartyApp.discover(stack.authUrl, client, newSecret);
    const refreshedWithNew = await newApp.refresh(refreshedWithOld.refresh_token!);
    expect(refreshedWithNew.refresh_token).toMatch(/^rt_/);

    // Once the overlap is over, only the new secret.
    await stack.db.dataSource.query(`UPDATE oauth_clients SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [client.clientId]);
    expect(await oauthError(oldApp.refresh(refreshedWithNew.refresh_token!))).toEqual({ status: 401, error: 'invalid_client' });
    await expect(newApp.refresh(refreshedWithNew.refresh_token!)).resolves.toMatchObject({ refresh_token: expect.stringMatching(/^rt_/) });
  });
});

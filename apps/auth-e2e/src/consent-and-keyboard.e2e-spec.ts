import { type TestWorkspace, useBrowser } from '@cs/testing';
import type { Page } from 'playwright-core';
import { type Person, useAuthStack } from './support/auth-stack';
import { screenshot } from './support/browser';
import { BrowserUser } from './support/browser-user';
import { decodeJwt, ThirdPartyApp } from './support/third-party-app';

/**
 * Issue 19: the consent page names where the browser goes next and the workspace that registered the app, and lets
 * the wrong person switch account into the same authorization. Then keyboard-only walks (Tab, Shift+Tab, Enter,
 * Space, arrows; no mouse) through sign-in, consent, a confirm page and the developer forms, with screenshots.
 */
const stack = useAuthStack();
const browser = useBrowser();

let workspace: TestWorkspace;
let admin: Person;

beforeAll(async () => {
  workspace = await stack.workspace('Acme Consent');
  admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'consent-admin' });
}, 120_000);

/** Presses Tab until the focused element matches `selector` (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, selector: string, limit = 40, key = 'Tab'): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press(key);
    if (await page.locator(selector).evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false)) return;
  }
  throw new Error(`${limit} presses of ${key} never focused ${selector}`);
}

/** Signs in with the keyboard only: type in the focused field, Tab to the next, Enter to submit. */
async function signInByKeyboard(page: Page, person: Person): Promise<void> {
  await tabTo(page, 'input[name="email"]');
  await page.keyboard.type(person.email);
  await tabTo(page, 'input[name="password"]', 3);
  await page.keyboard.type(person.password);
  await Promise.all([page.waitForEvent('framenavigated'), page.keyboard.press('Enter')]);
  await page.waitForLoadState('load');
}

describe('consent page', () => {
  it('names the redirect host and the workspace that registered the app; "Switch account" signs out into the same authorization', async () => {
    const client = await stack.client(admin, { name: 'Switchable Notes' });
    const app = await ThirdPartyApp.discover(stack.authUrl, client);
    const wrong = await stack.person(workspace, { emailPrefix: 'wrong-person' });
    const right = await stack.person(workspace, { emailPrefix: 'right-person' });
    const pending = await app.authorization({ scope: 'conversations:read', pkce: true });
    const user = await BrowserUser.open(browser(), wrong);
    try {
      await user.page.goto(pending.url.href);
      await user.signInHere();
      await user.page.locator('button[name="action"][value="approve"]').waitFor();
      const card = await user.page.locator('.card').first().innerText();
      expect(card).toContain(`Registered by the Acme Consent workspace`);
      expect(card).toContain(`you will be sent to ${new URL(client.redirectUri).host}`);
      expect(card).toContain(wrong.email);
      await screenshot(user.page, 'consent-details');

      // The wrong person switches account: signed out, then asked to sign in for the same request.
      await user.submit('button[name="action"][value="switch_account"]');
      expect(await user.isSignInPage()).toBe(true);
      expect(await user.page.locator('.card-header').innerText()).toContain('Switchable Notes');
      await user.page.locator('input[name="email"]').fill(right.email);
      await user.page.locator('input[name="password"]').fill(right.password);
      await user.submit('button[name="action"][value="sign_in"]');
      expect(await user.page.locator('.card').first().innerText()).toContain(right.email);
      await Promise.all([
        user.page.waitForURL((url) => url.origin === stack.callback.origin),
        user.page.locator('button[name="action"][value="approve"]').click(),
      ]);
      const callback = new URL(user.page.url());
      expect(callback.searchParams.get('state')).toBe(pending.state);
      const tokens = await app.exchange(callback, pending);
      expect(decodeJwt(tokens.access_token).payload['user_id']).toBe(right.user.id);
      // The wrong person's web session is gone.
      const account = await user.page.goto(`${stack.authUrl}/account`);
      expect(await account?.text()).toContain(right.email);
    } finally {
      await user.close();
    }
  });
});

describe('keyboard only', () => {
  it('signs in and allows on the consent page with Tab and Enter', async () => {
    const client = await stack.client(admin, { name: 'Keyboard Notes' });
    const app = await ThirdPartyApp.discover(stack.authUrl, client);
    const person = await stack.person(workspace, { emailPrefix: 'keyboard-consent' });
    const pending = await app.authorization({ scope: 'conversations:read email' });
    const user = await BrowserUser.open(browser(), person);
    try {
      await user.page.goto(pending.url.href);
      await screenshot(user.page, 'keyboard-sign-in');
      await signInByKeyboard(user.page, person);
      // Skip link first, then the consent controls in reading order: Cancel, Allow (Switch account comes after).
      await user.page.keyboard.press('Tab');
      expect(await user.page.locator('a.skip-link').evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await tabTo(user.page, 'button[value="deny"]');
      await tabTo(user.page, 'button[value="approve"]', 2);
      await screenshot(user.page, 'keyboard-consent-allow-focused');
      await Promise.all([user.page.waitForURL((url) => url.origin === stack.callback.origin), user.page.keyboard.press('Enter')]);
      const tokens = await app.exchange(new URL(user.page.url()), pending);
      expect(decodeJwt(tokens.access_token).payload['user_id']).toBe(person.user.id);
    } finally {
      await user.close();
    }
  });

  it('registers an app, creates a key, adds a webhook and deletes the app through its confirm page', async () => {
    const user = await BrowserUser.open(browser(), admin);
    const page = user.page;
    try {
      await page.goto(`${stack.authUrl}/sign-in?return_to=%2Fdeveloper`);
      await signInByKeyboard(page, admin);
      expect(new URL(page.url()).pathname).toBe('/developer');

      // Register an app.
      await tabTo(page, 'a[href^="/developer/clients/new"]');
      await Promise.all([page.waitForURL((url) => url.pathname === '/developer/clients/new'), page.keyboard.press('Enter')]);
      await tabTo(page, '#client-name');
      await page.keyboard.type('Keyboard App');
      await tabTo(page, '#client-redirect-uris', 3);
      await page.keyboard.type('https://keyboard.example/cb');
      await tabTo(page, 'input[name="scopes"][value="email"]', 6);
      await page.keyboard.press('Space');
      await screenshot(page, 'keyboard-client-form');
      await tabTo(page, 'button[value="save_client"]', 10);
      await Promise.all([page.waitForURL((url) => url.searchParams.get('done') === 'client_created'), page.keyboard.press('Enter')]);
      expect(await page.locator('.secret-value').innerText()).toMatch(/^cs_/);
      const [registered] = await stack.db.dataSource.query<{ id: string; scopes: string[] }[]>(`SELECT id, scopes FROM oauth_clients WHERE name = 'Keyboard App'`);
      expect(registered?.scopes).toContain('email');

      // Add a webhook.
      await tabTo(page, 'a[href^="/developer/webhooks/new"]', 80);
      await Promise.all([page.waitForURL((url) => url.pathname === '/developer/webhooks/new'), page.keyboard.press('Enter')]);
      await tabTo(page, '#webhook-url');
      await page.keyboard.type('http://127.0.0.1:9/keyboard-hook');
      await tabTo(page, 'button[value="save_webhook"]', 20);
      await screenshot(page, 'keyboard-webhook-form');
      await Promise.all([page.waitForURL((url) => url.searchParams.get('done') === 'created'), page.keyboard.press('Enter')]);
      expect(await page.locator('#revealed-secret').inputValue()).toMatch(/^whsec_/);

      // Create a personal API key on the account page.
      await page.goto(`${stack.authUrl}/account`);
      await tabTo(page, '#api-key-name');
      await page.keyboard.type('Keyboard key');
      await Promise.all([page.waitForURL((url) => url.searchParams.get('done') === 'key_created'), page.keyboard.press('Enter')]);
      expect(await page.locator('#revealed-value').innerText()).toMatch(/^sk_/);

      // Delete the app: Enter on its Delete link, then on the confirm page Cancel comes before Delete.
      await page.goto(`${stack.authUrl}/developer?workspace=${workspace.id}`);
      await tabTo(page, `a[href^="/developer/clients/${registered?.id}/delete"]`, 80);
      await Promise.all([page.waitForURL((url) => url.pathname.endsWith('/delete')), page.keyboard.press('Enter')]);
      await tabTo(page, 'a.button:has-text("Cancel")');
      await tabTo(page, 'button[value="delete"]', 2);
      await screenshot(page, 'keyboard-confirm-delete');
      await Promise.all([page.waitForURL((url) => url.searchParams.get('done') === 'client_deleted'), page.keyboard.press('Enter')]);
      expect(await stack.db.dataSource.query(`SELECT 1 FROM oauth_clients WHERE id = $1`, [registered?.id])).toEqual([]);
    } finally {
      await user.close();
    }
  });
});

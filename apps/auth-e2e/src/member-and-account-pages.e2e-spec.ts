import { type TestWorkspace, useBrowser } from '@cs/testing';
import { type Person, useAuthStack } from './support/auth-stack';
import { screenshot } from './support/browser';
import { BrowserUser } from './support/browser-user';
import { connectApp } from './support/connect-app';
import { getWithToken } from './support/resource-server';
import { ThirdPartyApp } from './support/third-party-app';

/**
 * Issue 19, tried as a member: the navigation and the home page show a member only what a member may use, the 403
 * page can sign out, a 404 keeps the navigation, and every member manages their own API keys on /account. And the
 * account page lists each app once, its permissions in the consent screen's words.
 */
const stack = useAuthStack();
const browser = useBrowser();

let workspace: TestWorkspace;
let admin: Person;
let member: Person;

beforeAll(async () => {
  workspace = await stack.workspace('Acme Members');
  admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'members-admin' });
  member = await stack.person(workspace, { emailPrefix: 'members-member' });
}, 120_000);

const as = <T>(person: Person, run: (user: BrowserUser) => Promise<T>): Promise<T> =>
  BrowserUser.with(browser(), person, run, { signIn: { authUrl: stack.authUrl, returnTo: '/account' } });

const navLinks = (user: BrowserUser) => user.page.locator('nav.topnav a').allInnerTexts();

describe('a member is shown only what a member may use', () => {
  it('navigation and home cards: Account for a member; Account and Developer settings for an admin', async () => {
    await as(member, async (user) => {
      await user.page.goto(`${stack.authUrl}/`);
      expect(await navLinks(user)).toEqual(['Account']);
      expect(await user.page.locator('.tiles a').allInnerTexts()).toEqual([expect.stringContaining('Account')]);
      expect(await user.page.locator('a[href="/developer"]').count()).toBe(0);
      await screenshot(user.page, 'home-member');
    });
    await as(admin, async (user) => {
      await user.page.goto(`${stack.authUrl}/`);
      expect(await navLinks(user)).toEqual(['Account', 'Developer settings']);
      expect(await user.page.locator('.tiles a[href="/developer"]').count()).toBe(1);
    });
  });

  it('the 403 page a member reaches by address has a working sign-out; a 404 keeps the navigation', async () => {
    await as(member, async (user) => {
      const refused = await user.page.goto(`${stack.authUrl}/developer`);
      expect(refused?.status()).toBe(403);
      expect(await navLinks(user)).toEqual(['Account']);
      await screenshot(user.page, 'developer-403-member');

      const missing = await user.page.goto(`${stack.authUrl}/no-such-page`);
      expect(missing?.status()).toBe(404);
      expect(await navLinks(user)).toEqual(['Account']);
      await screenshot(user.page, 'not-found-signed-in');

      await user.page.goto(`${stack.authUrl}/developer`);
      await Promise.all([user.page.waitForURL(`${stack.authUrl}/`), user.page.getByRole('button', { name: 'Sign out' }).click()]);
      expect(await user.page.getByRole('link', { name: 'Sign in' }).count()).toBe(1);
      expect((await user.page.goto(`${stack.authUrl}/account`))?.url()).toContain('/sign-in');
    });
  });

  it('a member creates a personal API key on /account, uses it at the API, and revokes it through the confirm page', async () => {
    await as(member, async (user) => {
      await user.page.goto(`${stack.authUrl}/account`);
      await user.page.locator('#api-key-name').fill('Member script');
      expect((await user.submit('button[name="action"][value="create_api_key"]')).status()).toBe(303);
      const key = await user.page.locator('#revealed-value').innerText();
      expect(key).toMatch(/^sk_/);
      await screenshot(user.page, 'account-member-key-created');
      expect(await getWithToken(stack.apiUrl, '/api/v1/me', key)).toMatchObject({ status: 200, body: { user_id: member.user.id, workspace_id: workspace.id } });

      await user.page.getByRole('link', { name: 'Revoke API key Member script' }).click();
      expect((await user.submit('button[name="action"][value="revoke_api_key"]')).status()).toBe(303);
      expect(await user.page.getByRole('status').innerText()).toContain('The API key was revoked.');
      expect(await getWithToken(stack.apiUrl, '/api/v1/me', key)).toMatchObject({ status: 401 });
    });
  });
});

describe('the account page groups authorizations per app', () => {
  it('one row per app with its permissions in plain words and one Revoke named after it', async () => {
    const client = await stack.client(admin, { name: 'Demo Notes' });
    const app = await ThirdPartyApp.discover(stack.authUrl, client);
    for (const scope of ['conversations:read', 'conversations:read email', 'folders:read']) await connectApp(browser(), stack, app, member, { scope });
    await as(member, async (user) => {
      await user.page.goto(`${stack.authUrl}/account`);
      const rows = user.page.locator('table.connected-apps tbody tr');
      expect(await rows.count()).toBe(1);
      const row = await rows.innerText();
      for (const words of ['Read your meetings and conversations', 'See your email address', 'See the folders in the workspace', 'Stay connected when you are not using the app']) {
        expect({ words, shown: row.includes(words) }).toEqual({ words, shown: true });
      }
      expect(row).not.toContain('conversations:read');
      const revoke = user.page.getByRole('link', { name: 'Revoke access for Demo Notes' });
      expect(await revoke.count()).toBe(1);
      expect(await revoke.innerText()).toBe('Revoke');
      await screenshot(user.page, 'account-grouped-apps');
    });
  });
});

import { type TestWorkspace, useBrowser } from '@cs/testing';
import { type Person, useAuthStack } from './support/auth-stack';
import { screenshot } from './support/browser';
import { BrowserUser } from './support/browser-user';
import { ThirdPartyApp } from './support/third-party-app';

/**
 * Issue 3, the pages under attack: password guessing is throttled, and forms posted without their CSRF token are
 * refused. Driven in Chromium, the way a person (or a forged cross-site form) would post them.
 */
const stack = useAuthStack();
const browser = useBrowser();

let workspace: TestWorkspace;
let app: ThirdPartyApp;

beforeAll(async () => {
  workspace = await stack.workspace('Acme Research');
  const admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'pages-admin' });
  app = await ThirdPartyApp.discover(stack.authUrl, await stack.client(admin, { name: 'Acme Notes Sync' }));
}, 120_000);

const withUser = <T>(person: Person, run: (user: BrowserUser) => Promise<T>): Promise<T> => BrowserUser.with(browser(), person, run);

const SIGN_IN = 'button[name="action"][value="sign_in"]';
const APPROVE = 'button[name="action"][value="approve"]';

describe('sign-in', () => {
  it('names the app the user is signing in for', async () => {
    const pending = await app.authorization({ scope: 'conversations:read', pkce: true });
    await withUser(await stack.person(workspace), async (user) => {
      await user.page.goto(pending.url.href);
      expect(await user.page.locator('h1').innerText()).toBe('Sign in');
      expect(await user.page.locator('.card-header p').innerText()).toBe('to continue to Acme Notes Sync');
      await screenshot(user.page, 'sign-in');
    });
  });

  it('throttles password guessing: after 5 wrong passwords the 6th attempt is 429 "try again", even with the right password', async () => {
    const pending = await app.authorization({ scope: 'conversations:read' });
    await withUser(await stack.person(workspace, { emailPrefix: 'guessed' }), async (user) => {
      await user.page.goto(pending.url.href);
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await user.page.locator('input[name="email"]').fill(user.person.email);
        await user.page.locator('input[name="password"]').fill(`wrong password ${attempt}`);
        statuses.push((await user.submit(SIGN_IN)).status());
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect(await user.page.locator('#error-summary').innerText()).toContain('The email address or password is not correct.');

      await user.page.locator('input[name="password"]').fill('wrong password 6');
      expect((await user.submit(SIGN_IN)).status()).toBe(429);
      expect(await user.page.locator('#error-summary').innerText()).toMatch(/^Too many attempts; try again in (a minute|\d+ minutes)\.$/);
      await screenshot(user.page, 'sign-in-throttled');

      await user.page.locator('input[name="password"]').fill(user.person.password);
      expect((await user.submit(SIGN_IN)).status()).toBe(429);
      expect(await user.isSignInPage()).toBe(true);
      expect(stack.callback.hits.some((hit) => hit.searchParams.get('state') === pending.state)).toBe(false);
    });
  });
});

describe('CSRF protection', () => {
  it('refuses the consent form posted without its _csrf field (403), and the same consent then succeeds with it', async () => {
    const pending = await app.authorization({ scope: 'conversations:read', pkce: true });
    await withUser(await stack.person(workspace), async (user) => {
      await user.page.goto(pending.url.href);
      await user.signInHere();
      await user.page.locator(APPROVE).waitFor();
      const consentUrl = user.page.url();
      await user.page.locator('form:has(button[value="approve"]) input[name="_csrf"]').evaluate((input) => input.remove());

      const refused = await user.submit(APPROVE);
      expect(refused.status()).toBe(403);
      expect(await user.page.locator('h1').innerText()).toBe('This form has expired');
      expect(new URL(user.page.url()).origin).toBe(stack.authUrl);
      expect(stack.callback.hits.some((hit) => hit.searchParams.get('state') === pending.state)).toBe(false);

      await user.page.goto(consentUrl);
      await Promise.all([user.page.waitForURL((url) => url.origin === stack.callback.origin), user.page.locator(APPROVE).click()]);
      const tokens = await app.exchange(new URL(user.page.url()), pending);
      expect(tokens.access_token).toEqual(expect.any(String));
    });
  });

  it('refuses the consent form with a _csrf value that does not match the cookie (403)', async () => {
    const pending = await app.authorization({ scope: 'conversations:read' });
    await withUser(await stack.person(workspace), async (user) => {
      await user.page.goto(pending.url.href);
      await user.signInHere();
      await user.page.locator(APPROVE).waitFor();
      // A hidden input's value is its attribute: a well-formed token, just not the one in the cookie.
      await user.page.locator('form:has(button[value="approve"]) input[name="_csrf"]').evaluate((input) => input.setAttribute('value', 'A'.repeat(43)));
      expect((await user.submit(APPROVE)).status()).toBe(403);
    });
  });

  it('refuses the sign-in form without its _csrf field (403), before looking at the password', async () => {
    const pending = await app.authorization({ scope: 'conversations:read' });
    await withUser(await stack.person(workspace), async (user) => {
      await user.page.goto(pending.url.href);
      await user.page.locator('input[name="_csrf"]').evaluate((input) => input.remove());
      await user.page.locator('input[name="email"]').fill(user.person.email);
      await user.page.locator('input[name="password"]').fill(user.person.password);
      expect((await user.submit(SIGN_IN)).status()).toBe(403);
      expect((await user.context.cookies(stack.authUrl)).map((c) => c.name)).not.toContain('cs_session');
    });
  });

  it('refuses a consent naming a workspace the user is not a member of (400, asked again), and issues no code', async () => {
    const foreign = await stack.workspace('Somebody Else');
    const pending = await app.authorization({ scope: 'conversations:read' });
    await withUser(await stack.person(workspace), async (user) => {
      await user.page.goto(pending.url.href);
      await user.signInHere();
      await user.page.locator(APPROVE).waitFor();
      await user.page.locator('input[name="workspace_id"]').evaluate((input, id) => input.setAttribute('value', id), foreign.id);
      expect((await user.submit(APPROVE)).status()).toBe(400);
      expect(await user.page.locator('#error-summary').innerText()).toContain('Choose the workspace to connect.');
      expect(stack.callback.hits.some((hit) => hit.searchParams.get('state') === pending.state)).toBe(false);
    });
  });

  it('keeps the CSRF and session cookies HttpOnly and SameSite=Lax, scoped to the auth host', async () => {
    const pending = await app.authorization({ scope: 'conversations:read' });
    await withUser(await stack.person(workspace), async (user) => {
      await user.page.goto(pending.url.href);
      await user.signInHere();
      const cookies = await user.context.cookies(stack.authUrl);
      const ours = cookies.filter((c) => c.name === 'cs_csrf' || c.name === 'cs_session');
      expect(ours.map((c) => c.name).sort()).toEqual(['cs_csrf', 'cs_session']);
      for (const cookie of ours) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', domain: 'localhost', path: '/' });
    });
  });
});

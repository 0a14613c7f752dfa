import { type TestWorkspace, useBrowser } from '@cs/testing';
import * as oidc from 'openid-client';
import { type Person, type RegisteredClient, useAuthStack } from './support/auth-stack';
import { screenshot } from './support/browser';
import { BrowserUser } from './support/browser-user';
import { connectApp } from './support/connect-app';
import { getWithToken } from './support/resource-server';
import { decodeJwt, oauthError, ThirdPartyApp } from './support/third-party-app';

/**
 * Issue 3 / spec "Authentication" 7 and "Errors" 1-2: both revocation paths, driven through our pages in a
 * browser. Tokens are verified locally by the API, so these prove the revocation reaches it before the next call.
 */
const stack = useAuthStack();
const browser = useBrowser();

let workspace: TestWorkspace;
let admin: Person;

beforeAll(async () => {
  workspace = await stack.workspace('Acme Research');
  admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'revocation-admin' });
}, 120_000);

const conversations = (token: string) => getWithToken(stack.apiUrl, '/api/v1/conversations', token);

async function discover(client: RegisteredClient): Promise<ThirdPartyApp> {
  return ThirdPartyApp.discover(stack.authUrl, client);
}

describe('a user revokes an app on the account page', () => {
  it('revokes every connection of the app: access tokens refused on the very next API call (401), refresh tokens invalid_grant; other apps keep working', async () => {
    const client = await stack.client(admin, { name: 'Acme Notes Sync' });
    const app = await discover(client);
    const otherApp = await discover(await stack.client(admin, { name: 'Other Sync' }));
    const person = await stack.person(workspace, { emailPrefix: 'revoker' });
    const revoked = [
      await connectApp(browser(), stack, app, person, { scope: 'conversations:read folders:read', pkce: true }),
      await connectApp(browser(), stack, app, person, { scope: 'conversations:read email' }),
    ];
    const kept = await connectApp(browser(), stack, otherApp, person, { scope: 'conversations:read email' });
    for (const { tokens } of revoked) expect(await conversations(tokens.access_token)).toMatchObject({ status: 200 });

    const user = await BrowserUser.open(browser(), person);
    try {
      await user.signIn(stack.authUrl, '/account');
      expect(new URL(user.page.url()).pathname).toBe('/account');
      // Two authorizations, one row (issue 19: the demo app appeared 7 to 16 times).
      expect(await user.page.locator('table.connected-apps').getByText('Acme Notes Sync').count()).toBe(1);
      await screenshot(user.page, 'account-connected-apps');

      await user.page.getByRole('link', { name: 'Revoke access for Acme Notes Sync' }).click();
      expect(new URL(user.page.url()).pathname).toBe(`/account/apps/${client.clientId}/revoke`);
      await screenshot(user.page, 'account-confirm-revoke');
      await Promise.all([
        user.page.waitForURL((url) => url.pathname === '/account' && url.searchParams.get('done') === 'revoked'),
        user.page.locator('button[name="action"][value="revoke"]').click(),
      ]);
      // The very next call, no waiting.
      for (const { tokens } of revoked) {
        const answer = await conversations(tokens.access_token);
        expect(answer).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
        expect(answer.wwwAuthenticate).toMatch(/error="invalid_token"/);
        expect(await oauthError(app.refresh(tokens.refresh_token!))).toEqual({ status: 400, error: 'invalid_grant' });
      }

      expect(await user.page.getByRole('status').innerText()).toContain('Access revoked');
      expect(await user.page.locator('table.connected-apps').getByText('Acme Notes Sync').count()).toBe(0);
      expect(await user.page.locator('table.connected-apps').getByText('Other Sync').count()).toBe(1);
      await screenshot(user.page, 'account-after-revoke');
    } finally {
      await user.close();
    }
    expect(await conversations(kept.tokens.access_token)).toMatchObject({ status: 200 });
    await expect(otherApp.refresh(kept.tokens.refresh_token!)).resolves.toMatchObject({ refresh_token: expect.stringMatching(/^rt_/) });
  });
});

describe('the app revokes its refresh token (RFC 7009)', () => {
  it('revokes the whole connection: the refresh token fails with invalid_grant and the API refuses the access token', async () => {
    const app = await discover(await stack.client(admin, { name: 'Tidy App' }));
    const person = await stack.person(workspace);
    const { tokens } = await connectApp(browser(), stack, app, person, { scope: 'conversations:read' });
    await oidc.tokenRevocation(app.config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });

    expect(await oauthError(app.refresh(tokens.refresh_token!))).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await getWithToken(stack.apiUrl, '/api/v1/conversations', tokens.access_token)).toMatchObject({ status: 401 });
    const [connection] = await stack.db.dataSource.query<{ revoked_at: Date | null }[]>('SELECT revoked_at FROM oauth_connections WHERE grant_id = $1', [
      decodeJwt(tokens.access_token).payload['grant_id'],
    ]);
    expect(connection?.revoked_at).toBeInstanceOf(Date);
  });
});

describe('an admin deletes the client in developer settings', () => {
  it("refuses every token of the client on the next API call, and its refresh tokens; another client's tokens keep working", async () => {
    const doomed = await stack.client(admin, { name: 'Doomed Integration' });
    const survivor = await stack.client(admin, { name: 'Survivor App' });
    const doomedApp = await discover(doomed);
    const survivorApp = await discover(survivor);
    const member = await stack.person(workspace, { emailPrefix: 'client-user' });
    const connections = [
      await connectApp(browser(), stack, doomedApp, admin, { scope: 'conversations:read' }),
      await connectApp(browser(), stack, doomedApp, member, { scope: 'conversations:read email', pkce: true }),
    ];
    const refreshedBefore = await doomedApp.refresh(connections[1]!.tokens.refresh_token!);
    const unrelated = await connectApp(browser(), stack, survivorApp, member, { scope: 'conversations:read' });
    for (const { tokens } of connections) expect(await conversations(tokens.access_token)).toMatchObject({ status: 200 });

    const user = await BrowserUser.open(browser(), admin);
    try {
      await user.signIn(stack.authUrl, '/developer');
      expect(new URL(user.page.url()).pathname).toBe('/developer');
      expect(await user.page.locator('table.oauth-apps').getByText(doomed.clientId).count()).toBe(1);
      await screenshot(user.page, 'developer-settings');

      // Delete asks first, on a page of its own (issue 19), whose form posts the deletion.
      await user.page.getByRole('link', { name: 'Delete Doomed Integration' }).click();
      await user.page.waitForURL((url) => url.pathname === `/developer/clients/${doomed.clientId}/delete`);
      await Promise.all([
        user.page.waitForURL((url) => url.pathname === '/developer' && url.searchParams.get('done') === 'client_deleted'),
        user.page.locator(`form[action="/developer/clients/${doomed.clientId}/delete"] button[name="action"][value="delete"]`).click(),
      ]);
      // The very next calls, no waiting.
      for (const access of [...connections.map((c) => c.tokens.access_token), refreshedBefore.access_token]) {
        expect(await conversations(access)).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
      }
      // The client no longer exists, so the token endpoint fails its authentication before looking at the grant:
      // RFC 6749 §5.2 answers that with invalid_client (401).
      for (const refresh of [connections[0]!.tokens.refresh_token!, refreshedBefore.refresh_token!]) {
        expect(await oauthError(doomedApp.refresh(refresh))).toEqual({ status: 401, error: 'invalid_client' });
      }
      expect(await user.page.getByRole('status').innerText()).toContain('deleted');
      expect(await user.page.locator('table.oauth-apps').getByText(doomed.clientId).count()).toBe(0);
    } finally {
      await user.close();
    }
    expect(await conversations(unrelated.tokens.access_token)).toMatchObject({ status: 200 });
    await expect(survivorApp.refresh(unrelated.tokens.refresh_token!)).resolves.toMatchObject({ refresh_token: expect.stringMatching(/^rt_/) });
  });
});

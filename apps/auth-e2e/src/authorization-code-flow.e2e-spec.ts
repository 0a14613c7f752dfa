import { type TestWorkspace, useBrowser } from '@cs/testing';
import { type Person, type RegisteredClient, useAuthStack } from './support/auth-stack';
import { screenshot } from './support/browser';
import { authorizeInBrowser, connectApp } from './support/connect-app';
import { getWithToken } from './support/resource-server';
import { decodeJwt, oauthError, type PendingAuthorization, ThirdPartyApp } from './support/third-party-app';

/**
 * Issue 3: the authorization code flow end to end, with openid-client as the third-party app and Chromium as the
 * user, against the built auth and api apps; then what the API makes of the tokens.
 */
const stack = useAuthStack();
const browser = useBrowser();

let workspace: TestWorkspace;
let admin: Person;
let client: RegisteredClient;
let app: ThirdPartyApp;
/** A code left unused from the start of the file, so its 60 s lifetime runs out while the other tests run. */
let stale: { pending: PendingAuthorization; callback: URL; issuedAt: number };

const ALL_SCOPES = 'conversations:read folders:read email';

beforeAll(async () => {
  workspace = await stack.workspace('Acme Research');
  admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'flow-admin' });
  client = await stack.client(admin, { name: 'Acme Notes Sync' });
  app = await ThirdPartyApp.discover(stack.authUrl, client);
  const person = await stack.person(workspace);
  const { pending, callback } = await authorizeInBrowser(browser(), stack, app, person, { scope: 'conversations:read', pkce: true });
  stale = { pending, callback, issuedAt: Date.now() };
}, 120_000);

const api = (path: string, token: string) => getWithToken(stack.apiUrl, path, token);

/**
 * When oidc-provider revokes a grant itself (a replayed code, a reused refresh token), the auth app publishes the
 * revocation from a `grant.revoked` listener it does not await, so the token endpoint answers invalid_grant a few
 * milliseconds before the API learns of it (measured: the next call still got 200 in 3 runs of 4). Reported as a
 * defect; until it is fixed these two tests allow that moment. Make them call `api` once when it is.
 */

describe('the authorization code flow', () => {
  it('completes with PKCE, and the access token is an RS256 JWT for the REST API carrying the spec claims', async () => {
    const person = await stack.person(workspace);
    const { tokens, callback, pending } = await connectApp(browser(), stack, app, person, { scope: ALL_SCOPES, pkce: true });

    expect(callback.searchParams.get('state')).toBe(pending.state);
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, refresh_token: expect.stringMatching(/^rt_/), id_token: expect.any(String) });
    // offline_access is granted with every authorization, and the response says so since a refresh token comes with it.
    expect(tokens.scope?.split(' ').sort()).toEqual([...ALL_SCOPES.split(' '), 'offline_access'].sort());
    const { header, payload } = decodeJwt(tokens.access_token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: expect.any(String) });
    expect(payload).toMatchObject({
      iss: stack.authUrl,
      aud: stack.apiResource,
      sub: person.user.id,
      user_id: person.user.id,
      workspace_id: workspace.id,
      tenant_id: workspace.tenantId,
      client_type: 'conversations-external',
      client_id: client.clientId,
    });
    expect((payload['exp'] as number) - (payload['iat'] as number)).toBe(3600);
    expect(tokens.claims()).toMatchObject({ iss: stack.authUrl, aud: client.clientId, sub: person.user.id });

    expect(await api('/api/v1/me', tokens.access_token)).toMatchObject({ status: 200, body: { user_id: person.user.id, workspace_id: workspace.id } });
    expect(await api('/api/v1/conversations', tokens.access_token)).toMatchObject({ status: 200, body: { has_more: false } });
    expect(await api('/api/v1/folders', tokens.access_token)).toMatchObject({ status: 200 });
  });

  it('completes without PKCE: the client is confidential and authenticates with its secret', async () => {
    const { tokens } = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read', pkce: false });
    expect(await api('/api/v1/conversations', tokens.access_token)).toMatchObject({ status: 200 });
  });

  it('completes without state (the spec says "yes in practice", not required): the redirect carries none', async () => {
    const { tokens, callback } = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read', state: false });
    expect(callback.searchParams.has('state')).toBe(false);
    expect(await api('/api/v1/conversations', tokens.access_token)).toMatchObject({ status: 200 });
  });

  it('shows the client name, the scopes in plain words and a choice of workspace; the token is bound to the chosen one', async () => {
    const second = await stack.workspace('Zeta Sales');
    const person = await stack.person(workspace, { emailPrefix: 'two-workspaces' });
    await stack.join(person, second);
    let consent: { heading: string; scopes: string[]; workspaces: string[] } | undefined;

    const { tokens } = await connectApp(browser(), stack, app, person, {
      scope: ALL_SCOPES,
      pkce: true,
      workspace: 'Zeta Sales',
      onConsent: async (page) => {
        consent = {
          heading: await page.locator('h1').innerText(),
          scopes: await page.locator('.scope-list li').allInnerTexts(),
          workspaces: (await page.locator('fieldset label:has(input[type="radio"])').allInnerTexts()).map((label) => label.trim()),
        };
        await screenshot(page, 'consent');
      },
    });

    expect(consent?.heading).toContain('Acme Notes Sync');
    expect(consent?.scopes).toEqual([
      'Read your meetings and conversations, including transcripts and summaries',
      'See the folders in the workspace',
      'See your email address',
      'Stay connected when you are not using the app (refresh access without asking again)',
    ]);
    expect(consent?.workspaces).toEqual(['Acme Research', 'Zeta Sales']);
    expect(decodeJwt(tokens.access_token).payload).toMatchObject({ workspace_id: second.id, tenant_id: second.tenantId });
    expect(await api('/api/v1/me', tokens.access_token)).toMatchObject({ status: 200, body: { workspace_id: second.id, workspace_name: 'Zeta Sales' } });
  });
});

describe('scopes at the API', () => {
  it('refuses /folders without folders:read: 403 insufficient_scope with a WWW-Authenticate challenge naming the scope', async () => {
    const { tokens } = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read' });
    const answer = await api('/api/v1/folders', tokens.access_token);
    expect(answer).toMatchObject({ status: 403, body: { code: 'insufficient_scope', scope: 'folders:read' } });
    expect(answer.wwwAuthenticate).toMatch(/^Bearer .*error="insufficient_scope".*scope="folders:read"/);
    expect(await api('/api/v1/conversations', tokens.access_token)).toMatchObject({ status: 200 });
    expect(await api('/api/v1/tags', tokens.access_token)).toMatchObject({ status: 200 });
  });

  it('refuses the conversations and tags endpoints without conversations:read, and lists folders with folders:read', async () => {
    const { tokens } = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'folders:read' });
    for (const path of ['/api/v1/conversations', '/api/v1/tags']) {
      expect(await api(path, tokens.access_token)).toMatchObject({ status: 403, body: { code: 'insufficient_scope', scope: 'conversations:read' } });
    }
    expect(await api('/api/v1/folders', tokens.access_token)).toMatchObject({ status: 200, body: { has_more: false } });
  });

  it('answers /me with the email only when email was granted', async () => {
    const person = await stack.person(workspace);
    const without = await connectApp(browser(), stack, app, person, { scope: 'conversations:read' });
    const withEmail = await connectApp(browser(), stack, app, person, { scope: 'conversations:read email' });
    expect(await api('/api/v1/me', without.tokens.access_token)).toMatchObject({ status: 200, body: { user_id: person.user.id, email: null } });
    expect(await api('/api/v1/me', withEmail.tokens.access_token)).toMatchObject({ status: 200, body: { user_id: person.user.id, email: person.email } });
  });
});

describe('refresh', () => {
  it('exchanges a refresh token for new tokens and rotates it; the new access token works at the API', async () => {
    const person = await stack.person(workspace);
    const { tokens } = await connectApp(browser(), stack, app, person, { scope: 'conversations:read email' });
    const refreshed = await app.refresh(tokens.refresh_token!);
    expect(refreshed.refresh_token).toMatch(/^rt_/);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed).toMatchObject({ token_type: 'bearer', expires_in: 3600, id_token: expect.any(String) });
    expect(refreshed.scope?.split(' ').sort()).toEqual(['conversations:read', 'email', 'offline_access']);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(decodeJwt(refreshed.access_token).payload).toMatchObject({ aud: stack.apiResource, user_id: person.user.id, workspace_id: workspace.id, scope: 'conversations:read email' });
    expect(await api('/api/v1/me', refreshed.access_token)).toMatchObject({ status: 200, body: { email: person.email } });
    // The account page's "last used" follows the connection's token issues.
    const [connection] = await stack.db.dataSource.query<{ last_used_at: Date | null }[]>('SELECT last_used_at FROM oauth_connections WHERE grant_id = $1', [
      decodeJwt(refreshed.access_token).payload['grant_id'],
    ]);
    expect(connection?.last_used_at).toBeInstanceOf(Date);
    // And again with the rotated one.
    const again = await app.refresh(refreshed.refresh_token!);
    expect(await api('/api/v1/conversations', again.access_token)).toMatchObject({ status: 200 });
  });

  it('reports offline_access in the granted scope of both grants when the client asked neither for it nor for openid', async () => {
    const { tokens } = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read', openid: false });
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.refresh_token).toMatch(/^rt_/);
    expect(tokens.scope?.split(' ').sort()).toEqual(['conversations:read', 'offline_access']);
    const refreshed = await app.refresh(tokens.refresh_token!);
    expect(refreshed.scope?.split(' ').sort()).toEqual(['conversations:read', 'offline_access']);
    // The access token itself carries only what the REST API checks.
    expect(decodeJwt(refreshed.access_token).payload).toMatchObject({ scope: 'conversations:read' });
  });

  it('treats a reused refresh token as theft: invalid_grant, and the whole grant is revoked (its newer tokens too)', async () => {
    const { tokens } = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read' });
    const rotated = await app.refresh(tokens.refresh_token!);

    expect(await oauthError(app.refresh(tokens.refresh_token!))).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await oauthError(app.refresh(rotated.refresh_token!))).toEqual({ status: 400, error: 'invalid_grant' });
    for (const token of [tokens.access_token, rotated.access_token]) {
      expect(await api('/api/v1/conversations', token)).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
    }
  });

  // Issue 19, finding 4: oidc-provider consumed the refresh token before it refused the resource, so the next
  // normal refresh was a reuse, and the whole grant was revoked.
  it('refuses a refresh naming a resource the grant was not issued for (invalid_target) without consuming the refresh token', async () => {
    const person = await stack.person(workspace);
    const { tokens } = await connectApp(browser(), stack, app, person, { scope: 'conversations:read' });
    for (const resource of [stack.mcpUrl, 'https://elsewhere.example.com/api']) {
      expect(await oauthError(app.refresh(tokens.refresh_token!, { resource }))).toEqual({ status: 400, error: 'invalid_target' });
    }
    const refreshed = await app.refresh(tokens.refresh_token!);
    expect(decodeJwt(refreshed.access_token).payload).toMatchObject({ aud: stack.apiResource, user_id: person.user.id });
    expect(await api('/api/v1/conversations', refreshed.access_token)).toMatchObject({ status: 200 });
    expect(await api('/api/v1/conversations', tokens.access_token)).toMatchObject({ status: 200 });
    // Naming the grant's own resource still works.
    await expect(app.refresh(refreshed.refresh_token!, { resource: stack.apiResource })).resolves.toMatchObject({ refresh_token: expect.stringMatching(/^rt_/) });
  });

  it("refuses another client's refresh token with invalid_grant, and the token still works for its own client", async () => {
    const other = await stack.client(admin, { name: 'Other App' });
    const otherApp = await ThirdPartyApp.discover(stack.authUrl, other);
    const { tokens } = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read' });
    expect(await oauthError(otherApp.refresh(tokens.refresh_token!))).toEqual({ status: 400, error: 'invalid_grant' });
    await expect(app.refresh(tokens.refresh_token!)).resolves.toMatchObject({ refresh_token: expect.stringMatching(/^rt_/) });
  });
});

describe('refusals at the token endpoint and the API', () => {
  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const { pending, callback } = await authorizeInBrowser(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read' });
    const impostor = await ThirdPartyApp.discover(stack.authUrl, client, 'cs_not-the-secret-of-this-client-000000000000');
    expect(await oauthError(impostor.exchange(callback, pending))).toEqual({ status: 401, error: 'invalid_client' });
  });

  it('refuses a replayed code with invalid_grant and revokes what the code issued: the first access token gets 401', async () => {
    const { tokens, pending, callback } = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read', pkce: true });
    expect(await api('/api/v1/conversations', tokens.access_token)).toMatchObject({ status: 200 });

    expect(await oauthError(app.exchange(callback, pending))).toEqual({ status: 400, error: 'invalid_grant' });
    const after = await api('/api/v1/conversations', tokens.access_token);
    expect(after).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
    expect(after.wwwAuthenticate).toMatch(/error="invalid_token"/);
    expect(await oauthError(app.refresh(tokens.refresh_token!))).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it('refuses a wrong code_verifier, and a missing one, with invalid_grant', async () => {
    const { pending, callback } = await authorizeInBrowser(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read', pkce: true });
    expect(await oauthError(app.exchange(callback, pending, { codeVerifier: 'x'.repeat(43) }))).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await oauthError(app.exchange(callback, { ...pending, codeVerifier: undefined }))).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it('refuses a resource that is not ours with invalid_target, at the token endpoint and on refresh', async () => {
    const { pending, callback } = await authorizeInBrowser(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read' });
    expect(await oauthError(app.exchange(callback, pending, { resource: 'https://api.example.com/api/v1' }))).toEqual({ status: 400, error: 'invalid_target' });

    const { tokens } = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read' });
    expect(await oauthError(app.refresh(tokens.refresh_token!, { resource: 'https://api.example.com/api/v1' }))).toEqual({ status: 400, error: 'invalid_target' });
  });

  it('issues a token for the MCP resource that the REST API refuses with 401 invalid_token', async () => {
    const { tokens } = await connectApp(browser(), stack, app, await stack.person(workspace), {
      scope: 'conversations:read',
      resource: stack.mcpUrl,
      tokenResource: stack.mcpUrl,
    });
    expect(decodeJwt(tokens.access_token).payload).toMatchObject({ aud: stack.mcpUrl });
    const answer = await api('/api/v1/conversations', tokens.access_token);
    expect(answer).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
    expect(answer.wwwAuthenticate).toMatch(/error="invalid_token"/);
  });

  it.todo('refuses an expired access token (needs a token minted with the real key an hour ago: covered by the AccessTokenVerifier tests)');

  // Last on purpose: the code was issued in beforeAll, so most of its 60 s went by while the tests above ran.
  it('refuses an authorization code older than its 60 s lifetime with invalid_grant', async () => {
    const wait = stale.issuedAt + 61_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    expect(await oauthError(app.exchange(stale.callback, stale.pending))).toEqual({ status: 400, error: 'invalid_grant' });
  }, 120_000);
});

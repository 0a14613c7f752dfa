import { useBrowser } from '@cs/testing';
import { type RegisteredClient, useAuthStack } from './support/auth-stack';
import { screenshot } from './support/browser';
import { BrowserUser } from './support/browser-user';
import { ThirdPartyApp } from './support/third-party-app';

/**
 * Issue 3, bad authorization requests. While the client or its redirect URI is in doubt, the authorization server
 * must never redirect (it would be an open redirector): it shows an error page. Once both are verified, errors go
 * back to the app as standard OAuth error parameters.
 */
const stack = useAuthStack();
const browser = useBrowser();

let client: RegisteredClient;
let app: ThirdPartyApp;

beforeAll(async () => {
  const workspace = await stack.workspace();
  client = await stack.client(await stack.person(workspace, { role: 'admin', emailPrefix: 'errors-admin' }));
  app = await ThirdPartyApp.discover(stack.authUrl, client);
}, 120_000);

function authorizeUrl(params: Record<string, string>): string {
  const query = new URLSearchParams({ response_type: 'code', scope: 'openid conversations:read', state: 'st-123', ...params });
  return `${stack.authUrl}/api/auth/oauth2/authorize?${query.toString()}`;
}

/** The first answer to an authorization request, redirects not followed. */
async function authorize(params: Record<string, string>) {
  const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), type: response.headers.get('content-type') ?? '', body: await response.text() };
}

describe('authorization requests that must not redirect', () => {
  it('shows an error page for an unknown client, without redirecting anywhere', async () => {
    const hitsBefore = stack.callback.hits.length;
    const answer = await authorize({ client_id: 'ext_00000000000000000000000000', redirect_uri: client.redirectUri });
    expect(answer).toMatchObject({ status: 400, location: null });
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.body).toContain('The app that sent you here is not known to this service.');
    expect(stack.callback.hits.length).toBe(hitsBefore);
  });

  it('shows an error page for a redirect URI that was never registered', async () => {
    const answer = await authorize({ client_id: client.clientId, redirect_uri: 'https://attacker.example/callback' });
    expect(answer).toMatchObject({ status: 400, location: null });
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.body).toContain('The app asked to return to an address it has not registered, so you were not sent there.');
  });

  it('refuses every near miss of the registered redirect URI with an error page (exact match only)', async () => {
    const origin = new URL(client.redirectUri);
    const port = Number(origin.port);
    const nearMisses = [
      `${client.redirectUri}/`,
      `${client.redirectUri}?next=https://attacker.example`,
      `${client.redirectUri}#fragment`,
      `${client.redirectUri}x`,
      `${origin.origin}/Callback`,
      `${origin.origin}//callback`,
      `${origin.origin}/callback/../callback`,
      `${origin.origin}/%63allback`,
      `http://localhost:${port}/callback`,
      `http://127.0.0.1:${port + 1}/callback`,
      `https://127.0.0.1:${port}/callback`,
      `http://127.0.0.1:${port}@attacker.example/callback`,
      `http://127.0.0.1.attacker.example:${port}/callback`,
    ];
    const hitsBefore = stack.callback.hits.length;
    const answers = [];
    for (const redirectUri of nearMisses) {
      const answer = await authorize({ client_id: client.clientId, redirect_uri: redirectUri });
      answers.push({ redirectUri, status: answer.status, location: answer.location, html: answer.type.startsWith('text/html') });
    }
    expect(answers).toEqual(nearMisses.map((redirectUri) => ({ redirectUri, status: 400, location: null, html: true })));
    expect(stack.callback.hits.length).toBe(hitsBefore);
  });

  it('keeps a browser on the error page when the redirect URI is not registered', async () => {
    const user = await BrowserUser.open(browser(), await stack.person((await stack.workspace()), { emailPrefix: 'errors-browser' }));
    try {
      const hitsBefore = stack.callback.hits.length;
      const response = await user.page.goto(authorizeUrl({ client_id: client.clientId, redirect_uri: `${client.redirectUri}/evil` }));
      expect(response?.status()).toBe(400);
      expect(new URL(user.page.url()).origin).toBe(stack.authUrl);
      await expect(user.page.locator('h1').innerText()).resolves.toBe('This request cannot be completed');
      await screenshot(user.page, 'error-unregistered-redirect-uri');
      expect(stack.callback.hits.length).toBe(hitsBefore);
    } finally {
      await user.close();
    }
  });
});

describe('authorization requests refused back at the app', () => {
  it('answers a resource that is not ours with error=invalid_target at the registered redirect URI, state included', async () => {
    const answer = await authorize({ client_id: client.clientId, redirect_uri: client.redirectUri, resource: 'https://api.example.com/api/v1' });
    expect(answer.status).toBe(303);
    const location = new URL(answer.location ?? '', stack.authUrl);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'invalid_target', state: 'st-123', iss: stack.authUrl });
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('answers an unsupported response_type with error=unsupported_response_type at the registered redirect URI', async () => {
    const answer = await authorize({ client_id: client.clientId, redirect_uri: client.redirectUri, response_type: 'token' });
    const location = new URL(answer.location ?? '', stack.authUrl);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    // An implicit-style response type defaults to the fragment response mode, so the error travels there.
    const params = new URLSearchParams(location.hash.slice(1) || location.search);
    expect(params.get('error')).toBe('unsupported_response_type');
    expect(params.get('state')).toBe('st-123');
  });

  it('answers a scope the client was not registered for with error=invalid_scope', async () => {
    const narrow = await stack.client(await stack.person(await stack.workspace(), { role: 'admin' }), { name: 'Narrow App', scopes: ['conversations:read'] });
    const answer = await authorize({ client_id: narrow.clientId, redirect_uri: narrow.redirectUri, scope: 'openid conversations:read folders:read' });
    const location = new URL(answer.location ?? '', stack.authUrl);
    expect(`${location.origin}${location.pathname}`).toBe(narrow.redirectUri);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'invalid_scope', state: 'st-123' });
  });

  it('answers a scope this server does not know with error=invalid_scope and no code, where it used to drop it', async () => {
    const refused = await app.authorization({ scope: 'conversations:read bogus:scope', pkce: true });
    const answer = await fetch(refused.url, { redirect: 'manual' });
    const location = new URL(answer.headers.get('location') ?? '', stack.authUrl);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'invalid_scope', scope: 'bogus:scope', state: refused.state, iss: stack.authUrl });
    expect(location.searchParams.has('code')).toBe(false);

    // The same request without the unknown scope is not refused: it goes on to sign-in and consent.
    const known = await app.authorization({ scope: 'conversations:read', pkce: true });
    const next = new URL((await fetch(known.url, { redirect: 'manual' })).headers.get('location') ?? '', stack.authUrl);
    expect(next.origin).toBe(stack.authUrl);
    expect(next.searchParams.has('error')).toBe(false);
  });

  it('answers PKCE with the plain method with error=invalid_request (S256 only)', async () => {
    const answer = await authorize({ client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    const location = new URL(answer.location ?? '', stack.authUrl);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('lets openid-client read a refusal by the user (Cancel on the consent page) as access_denied', async () => {
    const pending = await app.authorization({ scope: 'conversations:read', pkce: true });
    const user = await BrowserUser.open(browser(), await stack.person(await stack.workspace(), { emailPrefix: 'errors-deny' }));
    try {
      await user.page.goto(pending.url.href);
      await user.signInHere();
      await Promise.all([
        user.page.waitForURL((url) => url.origin === stack.callback.origin),
        user.page.locator('button[name="action"][value="deny"]').click(),
      ]);
      const callback = new URL(user.page.url());
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('state')).toBe(pending.state);
      await expect(app.exchange(callback, pending)).rejects.toMatchObject({ error: 'access_denied' });
    } finally {
      await user.close();
    }
  });
});

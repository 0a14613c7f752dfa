import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Person, type TestWorkspace, useBrowser } from '@cs/testing';
import { AssistantOAuthProvider } from './support/assistant-oauth-provider';
import { REGISTRATIONS_PER_HOUR, useAssistantStack } from './support/assistant-stack';
import { AssistantUser } from './support/assistant-user';
import { jwtPayload } from './support/headless-user';
import { postJsonRpc } from './support/json-rpc';

/**
 * Issue 17, the authorization server's half: AI assistants connect by themselves, as the MCP SDK's own OAuth
 * support does it, by dynamic registration (RFC 7591) or by a Client ID Metadata Document served over HTTPS; a
 * person approves the unverified app in Chromium; the tokens reach the MCP server only, read-only; PKCE is required;
 * revocation on /account applies on the next call; the workspace's switch refuses or holds connections.
 */
const stack = useAssistantStack();
const browser = useBrowser();

let CALLBACK_ORIGIN: string;
let REDIRECT_URI: string;
let workspace: TestWorkspace;
let admin: Person;
let member: Person;
let user: AssistantUser;

beforeAll(async () => {
  CALLBACK_ORIGIN = stack.callbackOrigin;
  REDIRECT_URI = `${CALLBACK_ORIGIN}/callback`;
  workspace = await stack.workspace('Initech');
  admin = await stack.person(workspace, { role: 'admin' });
  member = await stack.person(workspace);
  await stack.fixtures.conversation(member, { title: 'TPS report review' });
  user = await AssistantUser.open(browser(), member);
}, 60_000);

afterAll(async () => {
  await user?.close();
});

const authorizeUrl = () => new URL('/api/auth/oauth2/authorize', stack.authUrl);
const tokenUrl = () => new URL('/api/auth/oauth2/token', stack.authUrl);
const registrationUrl = () => new URL('/api/auth/oauth2/register', stack.authUrl);

/** The SDK's first step: discovery, registration or the metadata document, and the authorization URL to open. */
async function startConnecting(provider: AssistantOAuthProvider): Promise<URL> {
  expect(await auth(provider, { serverUrl: stack.mcpUrl })).toBe('REDIRECT');
  if (!provider.authorizationUrl) throw new Error('the SDK asked for no authorization');
  return provider.authorizationUrl;
}

/** The SDK's last step: the code from the redirect exchanged for tokens. */
async function finishConnecting(provider: AssistantOAuthProvider, back: URL): Promise<void> {
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code at the redirect: ${back.href}`);
  expect(await auth(provider, { serverUrl: stack.mcpUrl, authorizationCode: code })).toBe('AUTHORIZED');
}

/** Discovery, consent in Chromium (checked by `onConsent`), token exchange: a connected assistant. */
async function connect(provider: AssistantOAuthProvider, onConsent?: () => Promise<void>): Promise<void> {
  await user.openConsent(await startConnecting(provider));
  await onConsent?.();
  const outcome = await user.allow();
  expect(outcome.url.origin).toBe(CALLBACK_ORIGIN);
  await finishConnecting(provider, outcome.url);
}

async function sdkClient(provider: AssistantOAuthProvider): Promise<Client> {
  const client = new Client({ name: 'assistant-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(stack.mcpUrl), { authProvider: provider }));
  return client;
}

async function listedTitles(provider: AssistantOAuthProvider): Promise<string> {
  const client = await sdkClient(provider);
  try {
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('list-conversations');
    const result = await client.callTool({ name: 'list-conversations', arguments: {} });
    expect(result.isError).toBeFalsy();
    return JSON.stringify(result.content);
  } finally {
    await client.close();
  }
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** An authorization request by hand, not followed: where the server sends the browser. */
async function authorizationAnswer(params: Record<string, string>): Promise<Response> {
  const url = authorizeUrl();
  url.search = new URLSearchParams({ response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'conversations:read', state: 'st4te', ...params }).toString();
  return fetch(url, { redirect: 'manual' });
}

async function register(metadata: Record<string, unknown>): Promise<Response> {
  return fetch(registrationUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(metadata) });
}

describe('discovery', () => {
  it('advertises dynamic registration, metadata documents, public clients and S256', async () => {
    const metadata = (await (await fetch(new URL('/.well-known/oauth-authorization-server', stack.authUrl))).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      registration_endpoint: registrationUrl().href,
      client_id_metadata_document_supported: true,
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata['token_endpoint_auth_methods_supported']).toEqual(expect.arrayContaining(['none', 'client_secret_basic']));
  });
});

describe('by dynamic registration', () => {
  let provider: AssistantOAuthProvider;
  beforeAll(() => {
    provider = new AssistantOAuthProvider({ name: 'Registering Assistant', redirectUri: REDIRECT_URI });
  });

  it('connects the MCP SDK: it registers, the person allows the unverified app in Chromium, and the tools answer', async () => {
    await connect(provider, async () => {
      const text = await user.page.locator('main, body').first().innerText();
      expect(text).toContain('Registering Assistant wants to access');
      expect(text).toMatch(/Unverified app\.\s+“Registering Assistant” is the name the app gave itself/);
      expect(text).toContain(`It registered itself and sends you back to ${new URL(CALLBACK_ORIGIN).host}`);
      expect(text).toContain('Initech');
    });
    expect(provider.clientInformation()).toMatchObject({ token_endpoint_auth_method: 'none' });
    expect(provider.clientInformation()).not.toHaveProperty('client_secret');
    const claims = jwtPayload(provider.accessToken);
    expect(claims).toMatchObject({ aud: stack.mcpUrl, client_id: provider.clientId, workspace_id: workspace.id });
    expect(String(claims['scope']).split(' ').sort()).toEqual(['conversations:read', 'email', 'folders:read']);
    expect(await listedTitles(provider)).toContain('TPS report review');
  });

  it('gets no REST API access: the MCP token is refused there, and so are a refresh and an authorization for the REST audience', async () => {
    const rest = await fetch(`${stack.apiUrl}/api/v1/conversations`, { headers: { authorization: `Bearer ${provider.accessToken}` } });
    expect(rest.status).toBe(401);

    const refresh = await fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: provider.clientId, refresh_token: provider.tokens()?.refresh_token ?? '', resource: `${stack.apiUrl}/api/v1` }),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_target' });

    const { challenge } = pkce();
    const answer = await authorizationAnswer({ client_id: provider.clientId, code_challenge: challenge, code_challenge_method: 'S256', resource: `${stack.apiUrl}/api/v1` });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_target');
    expect(back.searchParams.get('error_description')).toMatch(/MCP server only/);
  });

  it('refuses an authorization request without PKCE from a public client, at its redirect URI', async () => {
    const answer = await authorizationAnswer({ client_id: provider.clientId });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses to register a client with a secret, or with a redirect URI an admin could not register either', async () => {
    const confidential = await register({ client_name: 'Secretive', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' });
    expect(confidential.status).toBe(400);
    expect(await confidential.json()).toMatchObject({ error: 'invalid_client_metadata' });
    const plainHttp = await register({ client_name: 'Plain', redirect_uris: ['http://assistant.example/callback'], token_endpoint_auth_method: 'none' });
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    const stored = await stack.db.dataSource.query(`SELECT name FROM oauth_clients WHERE name IN ('Secretive', 'Plain')`);
    expect(stored).toEqual([]);
  });

  it('lists the assistant on /account, and its revocation there refuses the very next MCP call', async () => {
    const token = provider.accessToken;
    expect((await postJsonRpc(stack.mcpUrl, token, 'tools/list')).status).toBe(200);
    await user.revokeApp(stack.authUrl, 'Registering Assistant');
    expect((await postJsonRpc(stack.mcpUrl, token, 'tools/list')).status).toBe(401);
    const refresh = await fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: provider.clientId, refresh_token: provider.tokens()?.refresh_token ?? '' }),
    });
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('by Client ID Metadata Document', () => {
  const PATH = '/assistants/doc-assistant.json';
  const documentOf = (name: string) => ({
    client_name: name,
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });

  it('connects the MCP SDK by its document over HTTPS: consent names the document host, the tools answer, the document is fetched once, /account revokes it', async () => {
    const url = stack.documents.serveClient(PATH, documentOf('Doc Assistant'));
    const provider = new AssistantOAuthProvider({ name: 'Doc Assistant', redirectUri: REDIRECT_URI, clientMetadataUrl: url });
    await connect(provider, async () => {
      const text = await user.page.locator('body').innerText();
      expect(text).toContain('Doc Assistant wants to access');
      expect(text).toContain(`It describes itself in a document published on ${new URL(url).host}`);
      expect(text).toContain('Unverified app.');
    });
    expect(provider.clientId).toBe(url);
    expect(jwtPayload(provider.accessToken)).toMatchObject({ aud: stack.mcpUrl, client_id: url });
    expect(await listedTitles(provider)).toContain('TPS report review');
    // Authorization, consent page, token exchange: one fetch, the document's max-age covers the rest.
    expect(stack.documents.fetchCount(PATH)).toBe(1);

    const again = new AssistantOAuthProvider({ name: 'Doc Assistant', redirectUri: REDIRECT_URI, clientMetadataUrl: url });
    await connect(again);
    expect(stack.documents.fetchCount(PATH)).toBe(1);

    // Known by its URL: revoked on /account like any app, refused on the next call.
    await user.revokeApp(stack.authUrl, 'Doc Assistant');
    expect((await postJsonRpc(stack.mcpUrl, again.accessToken, 'tools/list')).status).toBe(401);
  });

  it('refuses a document whose client_id is not its URL, one too large, one too slow, and a redirect URI it does not list, on our error page', async () => {
    const { challenge } = pkce();
    const pkceParams = { code_challenge: challenge, code_challenge_method: 'S256' };
    const elsewhere = stack.documents.serve('/assistants/impostor.json', { body: JSON.stringify({ ...documentOf('Impostor'), client_id: 'https://claude.ai/client.json' }) });
    const large = stack.documents.serveClient('/assistants/large.json', { ...documentOf('Large'), padding: 'x'.repeat(6 * 1024) });
    // Each would be accepted but for the one rule it breaks: the slow one is valid, only too late (2.5 s).
    const slowUrl = stack.documents.urlOf('/assistants/slow.json');
    const slow = stack.documents.serve('/assistants/slow.json', { body: JSON.stringify({ client_id: slowUrl, ...documentOf('Slow') }), delayMs: 4000 });
    const listed = stack.documents.serveClient('/assistants/listed.json', documentOf('Listed'));
    for (const clientId of [elsewhere, large, slow]) {
      const answer = await authorizationAnswer({ client_id: clientId, ...pkceParams });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.headers.get('location')).toBeNull();
    }
    const unlisted = await authorizationAnswer({ client_id: listed, ...pkceParams, redirect_uri: `${CALLBACK_ORIGIN}/elsewhere` });
    expect(unlisted.status).toBe(400);
    expect(unlisted.headers.get('location')).toBeNull();
    expect(await unlisted.text()).toContain('asked to return to an address it has not registered');
  });
});

describe('the workspace switch', () => {
  let adminUser: AssistantUser;

  beforeAll(async () => {
    adminUser = await AssistantUser.open(browser(), admin);
    await adminUser.signIn(stack.authUrl, '/developer');
  });

  afterAll(async () => {
    await adminUser?.close();
  });

  it('Off: the consent is refused for the workspace and no code is issued', async () => {
    await adminUser.setAssistantConnections(stack.authUrl, workspace.id, 'Off');
    const provider = new AssistantOAuthProvider({ name: 'Refused Assistant', redirectUri: REDIRECT_URI });
    await user.openConsent(await startConnecting(provider));
    const outcome = await user.allow();
    expect(outcome.status).toBe(403);
    expect(outcome.url.origin).toBe(stack.authUrl);
    expect(await user.page.locator('body').innerText()).toContain('AI assistant connections are turned off in the Initech workspace');
  });

  it('Ask an admin first: the consent waits until an admin approves in developer settings, then the connection completes', async () => {
    await adminUser.setAssistantConnections(stack.authUrl, workspace.id, 'Ask an admin first');
    const provider = new AssistantOAuthProvider({ name: 'Held Assistant', redirectUri: REDIRECT_URI });
    await user.openConsent(await startConnecting(provider));
    const waiting = await user.allow();
    expect(waiting.status).toBe(202);
    expect(await user.page.locator('body').innerText()).toContain('Waiting for an admin of Initech');
    // Still waiting: asking again changes nothing.
    expect((await user.allow()).status).toBe(202);

    await adminUser.decideRequest(stack.authUrl, workspace.id, 'Held Assistant', member.email, 'Approve');
    const approved = await user.allow();
    expect(approved.url.origin).toBe(CALLBACK_ORIGIN);
    await finishConnecting(provider, approved.url);
    expect(await listedTitles(provider)).toContain('TPS report review');
  });

  it('Off again: an assistant already connected gets no new token', async () => {
    const provider = new AssistantOAuthProvider({ name: 'Held Assistant', redirectUri: REDIRECT_URI });
    await adminUser.setAssistantConnections(stack.authUrl, workspace.id, 'On');
    await connect(provider);
    await adminUser.setAssistantConnections(stack.authUrl, workspace.id, 'Off');
    const refresh = await fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: provider.clientId, refresh_token: provider.tokens()?.refresh_token ?? '' }),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
    await adminUser.setAssistantConnections(stack.authUrl, workspace.id, 'On');
  });
});

describe('registration limit', () => {
  it(`answers 429 with Retry-After past ${REGISTRATIONS_PER_HOUR} registrations an hour from one address, and stores nothing then`, async () => {
    const before = async () => Number((await stack.db.dataSource.query(`SELECT count(*) FROM oauth_clients WHERE kind = 'dynamic'`))[0].count);
    let refused: Response | undefined;
    for (let attempt = 0; attempt <= REGISTRATIONS_PER_HOUR && !refused; attempt++) {
      const answer = await register({ client_name: `Bulk ${attempt}`, redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' });
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(201);
    }
    if (!refused) throw new Error('no registration was refused');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
    const count = await before();
    expect((await register({ client_name: 'One more', redirect_uris: [REDIRECT_URI] })).status).toBe(429);
    expect(await before()).toBe(count);
  });
});

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type TestWorkspace, WORKSPACE_ROOT } from '@cs/testing';
import { authorizeByHand, HeadlessUser, jwtPayload } from './support/headless-user';
import { challengeParams, postJsonRpc } from './support/json-rpc';
import { connectWithOAuth, connectWithToken } from './support/sdk-oauth';
import { type Person, type RegisteredClient, useMcpStack } from './support/mcp-stack';

/**
 * Issue 6, MCP authorization (revision 2025-11-25): discovery through RFC 9728 metadata, challenges, audience
 * binding in both directions, scopes, revocation on the very next call; and the MCP Inspector's CLI as a client.
 */
const stack = useMcpStack();

let workspace: TestWorkspace;
let person: Person;

const ALL_SCOPES = 'conversations:read folders:read email';

beforeAll(async () => {
  workspace = await stack.workspace('Globex Research');
  person = await stack.person(workspace);
  await stack.fixtures.conversation(person, { title: 'Quarterly planning' });
}, 60_000);

describe('discovery', () => {
  it('answers a request without a token with 401 and a challenge naming the resource metadata and the scopes to ask for', async () => {
    const response = await postJsonRpc(stack.mcpUrl, null, 'tools/list');
    expect(response.status).toBe(401);
    expect(challengeParams(response.headers.get('www-authenticate'))).toEqual({
      resource_metadata: `${stack.mcpOrigin}/.well-known/oauth-protected-resource/mcp`,
      scope: ALL_SCOPES,
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 401, code: 'invalid_token' });
  });

  it('serves the same RFC 9728 metadata at the path-suffixed and the root well-known URLs', async () => {
    const suffixed = await fetch(`${stack.mcpOrigin}/.well-known/oauth-protected-resource/mcp`);
    const root = await fetch(`${stack.mcpOrigin}/.well-known/oauth-protected-resource`);
    expect(suffixed.status).toBe(200);
    const metadata = await suffixed.json();
    expect(metadata).toEqual({
      resource: stack.mcpUrl,
      authorization_servers: [stack.authUrl],
      scopes_supported: ALL_SCOPES.split(' '),
      bearer_methods_supported: ['header'],
      resource_name: 'Conversation Service MCP server',
    });
    expect(await root.json()).toEqual(metadata);
  });

  it('points at an authorization server whose metadata advertises S256 PKCE, as MCP clients require', async () => {
    const response = await fetch(`${stack.authUrl}/.well-known/oauth-authorization-server`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata['issuer']).toBe(stack.authUrl);
    expect(metadata['code_challenge_methods_supported']).toEqual(['S256']);
  });

  it('answers health and readiness probes without a token', async () => {
    expect((await fetch(`${stack.mcpOrigin}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${stack.mcpOrigin}/readyz`)).json()).toEqual({ status: 'ready' });
  });
});

describe('which credentials the MCP server accepts', () => {
  let client: Awaited<ReturnType<typeof stack.client>>;

  beforeAll(async () => {
    client = await stack.client(person);
  });

  it('refuses an access token issued for the REST API (401 invalid_token), and the REST API refuses an MCP token', async () => {
    const user = new HeadlessUser(person);
    const restToken = await authorizeByHand(user, stack.authUrl, client, { scope: 'conversations:read', resource: `${stack.apiUrl}/api/v1` });
    expect(jwtPayload(restToken.access_token)['aud']).toBe(`${stack.apiUrl}/api/v1`);
    const atMcp = await postJsonRpc(stack.mcpUrl, restToken.access_token, 'tools/list');
    expect(atMcp.status).toBe(401);
    expect(challengeParams(atMcp.headers.get('www-authenticate'))).toMatchObject({ error: 'invalid_token', resource_metadata: expect.any(String) });
    expect(await atMcp.json()).toMatchObject({ code: 'invalid_token', detail: 'The access token was issued for another resource.' });

    const mcpToken = await authorizeByHand(user, stack.authUrl, client, { scope: 'conversations:read', resource: stack.mcpUrl });
    expect((await postJsonRpc(stack.mcpUrl, mcpToken.access_token, 'tools/list')).status).toBe(200);
    const atRest = await fetch(`${stack.apiUrl}/api/v1/conversations`, { headers: { authorization: `Bearer ${mcpToken.access_token}` } });
    expect(atRest.status).toBe(401);
    expect(await atRest.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('matches the bearer scheme in any case, as the REST API does', async () => {
    const user = new HeadlessUser(person);
    const { access_token } = await authorizeByHand(user, stack.authUrl, client, { scope: 'conversations:read', resource: stack.mcpUrl });
    for (const scheme of ['bearer', 'BEARER']) {
      const response = await fetch(stack.mcpUrl, {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', authorization: `${scheme} ${access_token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(response.status).toBe(200);
    }
  });

  it('refuses API keys: the MCP server is for OAuth-connected assistants', async () => {
    const { key } = await stack.fixtures.apiKey(person);
    const response = await postJsonRpc(stack.mcpUrl, key, 'tools/list');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'invalid_token', detail: expect.stringContaining('API keys') });
  });

  it('refuses a malformed or forged token with 401', async () => {
    expect((await postJsonRpc(stack.mcpUrl, 'not.a.jwt', 'tools/list')).status).toBe(401);
    const user = new HeadlessUser(person);
    const { access_token } = await authorizeByHand(user, stack.authUrl, client, { scope: 'conversations:read', resource: stack.mcpUrl });
    const [header, , signature] = access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...jwtPayload(access_token), workspace_id: 'ws_someone_else' })).toString('base64url');
    expect((await postJsonRpc(stack.mcpUrl, `${header}.${forged}.${signature}`, 'tools/list')).status).toBe(401);
  });

  it('answers GET and DELETE /mcp with 405: a stateless server has no stream and no session', async () => {
    const user = new HeadlessUser(person);
    const { access_token } = await authorizeByHand(user, stack.authUrl, client, { scope: 'conversations:read', resource: stack.mcpUrl });
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(stack.mcpUrl, { method, headers: { authorization: `Bearer ${access_token}`, accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});

describe('scopes', () => {
  // The SDK's own flow asks for every scope of the 401 challenge; a narrower grant is made by hand.
  const tokenFor = async (client: RegisteredClient, scope: string) =>
    (await authorizeByHand(new HeadlessUser(person), stack.authUrl, client, { scope, resource: stack.mcpUrl })).access_token;

  it('a token without folders:read gets 403 insufficient_scope for list-folders, with a step-up challenge; get-me works without email', async () => {
    const client = await stack.client(person);
    const assistant = await connectWithToken(stack.mcpUrl, await tokenFor(client, 'conversations:read'));
    try {
      expect(String(jwtPayload(assistant.accessToken)['scope']).split(' ')).not.toContain('folders:read');
      const denied = await postJsonRpc(stack.mcpUrl, assistant.accessToken, 'tools/call', { name: 'list-folders', arguments: {} });
      expect(denied.status).toBe(403);
      const challenge = challengeParams(denied.headers.get('www-authenticate'));
      expect(challenge).toMatchObject({ error: 'insufficient_scope', resource_metadata: `${stack.mcpOrigin}/.well-known/oauth-protected-resource/mcp` });
      // The scopes to step up to: those already granted plus the missing one (MCP 2025-11-25, scope challenges).
      expect(challenge['scope']?.split(' ').sort()).toEqual(['conversations:read', 'folders:read']);
      expect(await denied.json()).toMatchObject({ status: 403, code: 'insufficient_scope', scope: 'folders:read' });
      // The SDK client surfaces the 403 as a failed call (it would send the user to authorize the extra scope).
      await expect(assistant.client.callTool({ name: 'list-folders', arguments: {} })).rejects.toThrow(/403/);

      const list = await assistant.client.callTool({ name: 'list-conversations', arguments: {} });
      expect(list.isError).toBeFalsy();
      const me = await assistant.client.callTool({ name: 'get-me', arguments: {} });
      expect(me.structuredContent).toMatchObject({ user_id: person.user.id, email: null, workspace_name: 'Globex Research' });
    } finally {
      await assistant.close();
    }
  });

  it('a token with only email (no read scope) may call get-me and sees the address, but not list-conversations', async () => {
    const client = await stack.client(person, { scopes: ['email'] });
    const assistant = await connectWithToken(stack.mcpUrl, await tokenFor(client, 'email'));
    try {
      const me = await assistant.client.callTool({ name: 'get-me', arguments: {} });
      expect(me.structuredContent).toMatchObject({ email: person.email });
      const denied = await postJsonRpc(stack.mcpUrl, assistant.accessToken, 'tools/call', { name: 'list-conversations', arguments: {} });
      expect(denied.status).toBe(403);
      // Conversations as resources need the same scope as the tools that read them.
      for (const [method, params] of [['resources/list', {}], ['resources/read', { uri: 'conversation://conv_00000000000000000000000000' }]] as const) {
        const refused = await postJsonRpc(stack.mcpUrl, assistant.accessToken, method, params);
        expect({ method, status: refused.status }).toEqual({ method, status: 403 });
        expect(challengeParams(refused.headers.get('www-authenticate'))['scope']?.split(' ').sort()).toEqual(['conversations:read', 'email']);
      }
      expect((await postJsonRpc(stack.mcpUrl, assistant.accessToken, 'resources/templates/list')).status).toBe(200);
    } finally {
      await assistant.close();
    }
  });
});

describe('revocation', () => {
  it('refuses the access token on the very next call after the user revokes the app on the account page', async () => {
    const client = await stack.client(person);
    const user = new HeadlessUser(person);
    const assistant = await connectWithOAuth(stack.mcpUrl, client, user);
    try {
      expect((await assistant.client.callTool({ name: 'get-me', arguments: {} })).isError).toBeFalsy();
      await user.revokeConnection(stack.authUrl, String(jwtPayload(assistant.accessToken)['grant_id']));
      const refused = await postJsonRpc(stack.mcpUrl, assistant.accessToken, 'tools/call', { name: 'get-me', arguments: {} });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ code: 'invalid_token', detail: 'The access token has been revoked.' });
      await expect(assistant.client.callTool({ name: 'get-me', arguments: {} })).rejects.toThrow();
    } finally {
      await assistant.close();
    }
  });
});

describe('the MCP Inspector CLI (@modelcontextprotocol/inspector-cli) as a client', () => {
  const run = promisify(execFile);
  // Its CLI mode proper (build/index.js; the package's bin is a launcher that spawns whatever `node` is on the PATH).
  const INSPECTOR_BUILD = join(WORKSPACE_ROOT, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build');
  let token: string;

  beforeAll(async () => {
    const client = await stack.client(person);
    token = (await authorizeByHand(new HeadlessUser(person), stack.authUrl, client, { scope: ALL_SCOPES, resource: stack.mcpUrl })).access_token;
  });

  const inspector = async (...args: string[]) => {
    const { stdout } = await run(
      process.execPath,
      [join(INSPECTOR_BUILD, 'index.js'), stack.mcpUrl, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...args],
      // 1.0.3 checks for "../package.json" relative to the working directory before importing it relative to itself.
      { timeout: 30_000, cwd: INSPECTOR_BUILD },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  };

  it('lists the seven tools with their output schemas', async () => {
    const { tools } = (await inspector('--method', 'tools/list')) as { tools: { name: string; outputSchema?: { type?: string; properties?: Record<string, unknown> } }[] };
    expect(tools.map((t) => t.name).sort()).toEqual(['fetch', 'get-conversation', 'get-me', 'get-transcript', 'list-conversations', 'list-folders', 'search']);
    for (const tool of tools) expect({ name: tool.name, type: tool.outputSchema?.type }).toEqual({ name: tool.name, type: 'object' });
    const schemaOf = (name: string) => tools.find((t) => t.name === name)?.outputSchema?.properties ?? {};
    expect(Object.keys(schemaOf('get-conversation'))).toEqual(expect.arrayContaining(['id', 'summary', 'sources', 'omitted']));
    expect(Object.keys(schemaOf('get-transcript'))).toEqual(expect.arrayContaining(['content', 'offset', 'next_offset', 'total_lines']));
    expect(Object.keys(schemaOf('list-conversations')).sort()).toEqual(['data', 'has_more', 'next_cursor']);
  });

  it('lists the conversation:// resource template', async () => {
    const { resourceTemplates } = (await inspector('--method', 'resources/templates/list')) as { resourceTemplates: { uriTemplate: string }[] };
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['conversation://{id}']);
  });

  it('calls list-conversations with arguments and get-me', async () => {
    const list = (await inspector('--method', 'tools/call', '--tool-name', 'list-conversations', '--tool-arg', 'limit=1')) as {
      structuredContent: { data: { title: string }[] };
    };
    expect(list.structuredContent.data.map((c) => c.title)).toEqual(['Quarterly planning']);
    const me = (await inspector('--method', 'tools/call', '--tool-name', 'get-me')) as { structuredContent: { workspace_id: string } };
    expect(me.structuredContent.workspace_id).toBe(workspace.id);
  });
});

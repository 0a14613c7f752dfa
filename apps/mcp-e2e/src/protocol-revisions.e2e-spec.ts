import type { TestWorkspace } from '@cs/testing';
import { authorizeByHand, HeadlessUser } from './support/headless-user';
import { postJsonRpc, postModernJsonRpc } from './support/json-rpc';
import { type Person, useMcpStack } from './support/mcp-stack';

/**
 * Issue 34: /mcp serves 2025-11-25 as before and 2026-07-28 with what that revision asks of a server, seen on the
 * wire (the SDK clients consume resultType, the cache hints and the routing headers before a test could see them).
 */
const stack = useMcpStack();

let workspace: TestWorkspace;
let person: Person;
let token: string;
let conversationId: string;

const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'conversation-service', title: 'Conversation Service', version: expect.any(String) } };

beforeAll(async () => {
  workspace = await stack.workspace('Revisions');
  person = await stack.person(workspace);
  conversationId = (await stack.fixtures.conversation(person, { title: 'Roadmap review' })).id;
  const client = await stack.client(person);
  ({ access_token: token } = await authorizeByHand(new HeadlessUser(person), stack.authUrl, client, {
    scope: 'conversations:read folders:read email',
    resource: stack.mcpUrl,
  }));
}, 60_000);

const modern = (method: string, params?: Record<string, unknown>, headers?: Record<string, string>, version?: string) =>
  postModernJsonRpc(stack.mcpUrl, token, method, params, headers, version);

const resultOf = async (response: Response) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('mcp-session-id')).toBeNull();
  return ((await response.json()) as { result: Record<string, unknown> }).result;
};

const errorOf = async (response: Response, status: number) => {
  expect(response.status).toBe(status);
  return ((await response.json()) as { error: { code: number; message: string; data?: unknown } }).error;
};

describe('2026-07-28', () => {
  it('answers server/discover without any handshake: the revision, the capabilities and the instructions, with resultType and cache hints', async () => {
    expect(await resultOf(await modern('server/discover'))).toEqual({
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: expect.stringContaining('list-conversations'),
      resultType: 'complete',
      ttlMs: 300_000,
      cacheScope: 'public',
      _meta: SERVER_INFO,
    });
  });

  it('lists the tools in one fixed order, shared for five minutes; a caller\'s resources are never cached', async () => {
    const first = await resultOf(await modern('tools/list'));
    const second = await resultOf(await modern('tools/list'));
    const names = (first['tools'] as { name: string }[]).map((tool) => tool.name);
    expect(names).toEqual(['list-conversations', 'get-conversation', 'get-transcript', 'list-folders', 'get-me', 'search', 'fetch']);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
    expect(await resultOf(await modern('resources/templates/list'))).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
    const resources = await resultOf(await modern('resources/list'));
    expect(resources).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    expect((resources['resources'] as { uri: string }[]).map((r) => r.uri)).toEqual([`conversation://${conversationId}`]);
    expect(await resultOf(await modern('resources/read', { uri: `conversation://${conversationId}` }))).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  });

  it('calls a tool with a per-request envelope and answers resultType complete with the structured content', async () => {
    const result = await resultOf(await modern('tools/call', { name: 'get-me', arguments: {} }));
    expect(result).toMatchObject({ resultType: 'complete', structuredContent: { workspace_id: workspace.id, email: person.email }, _meta: SERVER_INFO });
    expect(result).not.toHaveProperty('ttlMs');
  });

  it('answers "resource not found" with Invalid Params (-32602) carrying the uri', async () => {
    const uri = 'conversation://conv_00000000000000000000000000';
    expect(await errorOf(await modern('resources/read', { uri }), 200)).toEqual({ code: -32602, message: `Resource not found: ${uri}`, data: { uri } });
  });

  it.each([
    ['an Mcp-Method naming another method', 'tools/list', {}, { 'mcp-method': 'resources/list' }],
    ['an Mcp-Name naming another tool', 'tools/call', { name: 'get-me', arguments: {} }, { 'mcp-name': 'search' }],
    ['an Mcp-Name naming another resource', 'resources/read', { uri: 'conversation://a' }, { 'mcp-name': 'conversation://b' }],
  ])('refuses %s than the body with 400 and the header-mismatch error (-32020), before anything runs', async (_case, method, params, headers) => {
    const error = await errorOf(await modern(method, params, headers), 400);
    expect(error).toMatchObject({ code: -32020, message: expect.stringContaining('headers and body disagree') });
  });

  it('refuses a request without its Mcp-Method header', async () => {
    const response = await postJsonRpc(stack.mcpUrl, token, 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } }, {
      'mcp-protocol-version': '2026-07-28',
    });
    expect(await errorOf(response, 400)).toMatchObject({ code: -32020 });
  });

  it('refuses an unknown protocol version in _meta with 400 and Unsupported protocol version (-32022), listing the supported one', async () => {
    expect(await errorOf(await modern('tools/list', {}, {}, '2099-01-01'), 400)).toEqual({
      code: -32022,
      message: 'Unsupported protocol version: 2099-01-01',
      data: { supported: ['2026-07-28'], requested: '2099-01-01' },
    });
  });

  it('still asks for a token, and for the scope of the tool called', async () => {
    const anonymous = await postModernJsonRpc(stack.mcpUrl, '', 'tools/list');
    expect(anonymous.status).toBe(401);
    const client = await stack.client(person);
    const { access_token: narrow } = await authorizeByHand(new HeadlessUser(person), stack.authUrl, client, { scope: 'email', resource: stack.mcpUrl });
    const refused = await postModernJsonRpc(stack.mcpUrl, narrow, 'tools/call', { name: 'list-conversations', arguments: {} });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('insufficient_scope');
  });
});

describe('2025-11-25, beside it', () => {
  it('still opens with initialize and answers JSON, with neither resultType nor cache hints', async () => {
    const result = await resultOf(
      await postJsonRpc(stack.mcpUrl, token, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } }),
    );
    expect(result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'conversation-service' } });
    const tools = await resultOf(await postJsonRpc(stack.mcpUrl, token, 'tools/list'));
    expect(tools).not.toHaveProperty('resultType');
    expect(tools).not.toHaveProperty('ttlMs');
  });

  it('does not know server/discover, a 2026-07-28 method (Method not found, -32601)', async () => {
    expect(await errorOf(await postJsonRpc(stack.mcpUrl, token, 'server/discover'), 200)).toMatchObject({ code: -32601 });
  });
});

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { TestWorkspace } from '@cs/testing';
import { authorizeByHand, HeadlessUser, jwtPayload } from './support/headless-user';
import { type ConnectedAssistant, connectWithOAuth, REVISIONS, type Revision } from './support/sdk-oauth';
import { type Person, type RegisteredClient, useMcpStack } from './support/mcp-stack';

/**
 * Issue 34: all of it under both protocol revisions, 2025-11-25 with the v1 SDK client and 2026-07-28 with the v2 one.
 * Issue 6, spec "MCP tools": an assistant connected with the SDK's own OAuth flow lists and calls the four tools,
 * and gets exactly what the REST API returns for the same user (both read through libs/catalog). Issue 17: every
 * tool's structured content is valid against the output schema it advertises, conversations are resources too
 * (conversation://{id}), and no tool call passes the rate limit.
 */
const stack = useMcpStack();

let workspace: TestWorkspace;
let person: Person;
let apiKey: string;
let client: RegisteredClient;
let assistant: ConnectedAssistant;
const assistants = new Map<Revision, ConnectedAssistant>();
const READY_VISIBLE = 7;

const rest = async (path: string) => {
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

const call = (name: string, args: Record<string, unknown> = {}) => assistant.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

/** A tool error: isError with the problem document (RFC 9457 members, REST's `code`) as a JSON text block. */
const problemOf = (result: CallToolResult) => {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error('the tool error carries no text block');
  return JSON.parse(block.text) as { code: string; status: number; detail: string; invalid_params?: { name: string; reason: string }[] };
};

beforeAll(async () => {
  workspace = await stack.workspace('Acme Product');
  person = await stack.person(workspace);
  const colleague = await stack.person(workspace);
  apiKey = (await stack.fixtures.apiKey(person)).key;
  const folder = await stack.fixtures.folder(person, { name: 'Customer calls', createdAt: new Date(Date.now() - 60_000) });
  await stack.fixtures.folder(person, { name: 'Renewals', parentId: folder.id });
  const base = Date.now() - 3_600_000;
  for (let i = 0; i < READY_VISIBLE; i++) {
    const conversation = await stack.fixtures.conversation(i % 2 ? person : colleague, {
      createdAt: new Date(base + i * 1000),
      folderId: i < 3 ? folder.id : null,
      title: `Weekly sync ${i}`,
    });
    await stack.fixtures.source(conversation);
    await stack.fixtures.source(conversation, { type: 'document' });
  }
  await stack.fixtures.conversation(person, { status: 'pending', createdAt: new Date(base + 10_000) });
  await stack.fixtures.conversation(person, { status: 'error', terminationReason: 'not_admitted', createdAt: new Date(base + 11_000) });
  await stack.fixtures.conversation(colleague, { visibility: 'private', title: 'Colleague only', createdAt: new Date(base + 12_000) });
  client = await stack.client(person);
  for (const revision of REVISIONS) assistants.set(revision, await connectWithOAuth(stack.mcpUrl, client, new HeadlessUser(person), revision));
}, 120_000);

afterAll(async () => {
  for (const connected of assistants.values()) await connected.close();
});

// Everything an assistant sees through its SDK, once per protocol revision, each with the SDK hosts use for it.
describe.each(REVISIONS)('protocol revision %s', (revision) => {
  beforeAll(() => {
    assistant = assistants.get(revision) as ConnectedAssistant;
  });

  describe('connecting with the MCP SDK OAuth flow', () => {
    it('speaks the revision asked for', () => {
      expect(assistant.era).toBe(revision === '2026-07-28' ? 'modern' : 'legacy');
    });

    it('gets an access token whose audience is the MCP server (PUBLIC_MCP_URL), bound to the chosen workspace', () => {
      const claims = jwtPayload(assistant.accessToken);
      expect(claims).toMatchObject({ aud: stack.mcpUrl, iss: stack.authUrl, workspace_id: workspace.id, user_id: person.user.id });
      expect(String(claims['scope']).split(' ')).toEqual(expect.arrayContaining(['conversations:read', 'folders:read', 'email']));
    });

    // RFC 9207, which 2026-07-28 asks clients to check: the v2 SDK refuses a response without it, since the
    // authorization server advertises authorization_response_iss_parameter_supported.
    it('was sent back with the issuer (iss) beside the code', () => {
      expect(assistant.redirect?.searchParams.get('iss')).toBe(stack.authUrl);
    });

    it('sent the resource indicator and S256 PKCE in the authorization request', () => {
      const url = assistant.provider?.authorizationUrl;
      expect(url?.searchParams.get('resource')).toBe(stack.mcpUrl);
      expect(url?.searchParams.get('code_challenge_method')).toBe('S256');
    });
  });

  describe('tools/list', () => {
    it('lists exactly the seven read-only tools with input and output schemas and descriptions for a model', async () => {
      const { tools } = await assistant.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['fetch', 'get-conversation', 'get-me', 'get-transcript', 'list-conversations', 'list-folders', 'search']);
      for (const tool of tools) {
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        expect((tool.description ?? '').length).toBeGreaterThan(100);
      }
      const list = tools.find((t) => t.name === 'list-conversations');
      expect(list?.inputSchema.properties).toMatchObject({
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
        cursor: { type: 'string' },
        folder_id: { type: 'string' },
        recursive: { type: 'boolean', default: true },
        status: { enum: ['ready', 'pending', 'error', 'all'], default: 'ready' },
        created_after: { type: 'string', format: 'date-time' },
      });
      expect(tools.find((t) => t.name === 'get-conversation')?.inputSchema.required).toEqual(['id']);
    });
  });

  describe('tools/call returns what the REST API returns', () => {
    it('list-conversations: the same page as GET /conversations, as structured content and as a JSON text block', async () => {
      const result = await call('list-conversations');
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(await rest('/conversations'));
      const [block] = result.content;
      expect(block?.type === 'text' && JSON.parse(block.text)).toEqual(result.structuredContent);
      expect((result.structuredContent as { data: unknown[] }).data).toHaveLength(READY_VISIBLE);
    });

    it('list-conversations with filters: status=all and folder_id, as REST', async () => {
      const all = await call('list-conversations', { status: 'all', limit: 100 });
      expect(all.structuredContent).toEqual(await rest('/conversations?status=all&limit=100'));
      expect((all.structuredContent as { data: unknown[] }).data).toHaveLength(READY_VISIBLE + 2);
      const folders = (await rest('/folders')) as { data: { id: string; parent_id: string | null }[] };
      const top = folders.data.find((f) => f.parent_id === null);
      const inFolder = await call('list-conversations', { folder_id: top?.id, recursive: false });
      expect(inFolder.structuredContent).toEqual(await rest(`/conversations?folder_id=${top?.id}&recursive=false`));
    });

    it('get-conversation: the summary and full sources, as GET /conversations/{id}, with nothing omitted (it is short)', async () => {
      const first = ((await rest('/conversations')) as { data: { id: string }[] }).data[0];
      const result = await call('get-conversation', { id: first?.id });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ ...(await rest(`/conversations/${first?.id}`)), omitted: [] });
      expect(result.structuredContent).toMatchObject({ summary: expect.any(String), sources: [expect.objectContaining({ content: expect.any(String) }), expect.anything()] });
    });

    it('list-folders and get-me, as GET /folders and GET /me (email included: the email scope was granted)', async () => {
      expect((await call('list-folders')).structuredContent).toEqual(await rest('/folders'));
      const me = await call('get-me');
      expect(me.structuredContent).toEqual(await rest('/me'));
      expect(me.structuredContent).toMatchObject({ email: person.email, workspace_id: workspace.id });
    });

    it('pages through list-conversations with cursors: every visible ready conversation once, newest first', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const result = await call('list-conversations', { limit: 3, ...(cursor ? { cursor } : {}) });
        const page = result.structuredContent as { data: { id: string }[]; next_cursor: string | null; has_more: boolean };
        seen.push(...page.data.map((c) => c.id));
        expect(page.has_more).toBe(page.next_cursor !== null);
        cursor = page.next_cursor ?? undefined;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      const all = ((await rest('/conversations?limit=100')) as { data: { id: string }[] }).data.map((c) => c.id);
      expect(seen).toEqual(all);
    });
  });

  describe('structured output', () => {
    // A JSON Schema 2020-12 validator of its own (Ajv with the standard formats), not the SDK client's.
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);

    it('every tool answers structured content valid against its advertised outputSchema, and the same JSON as its text block', async () => {
      const { tools } = await assistant.client.listTools();
      const first = ((await rest('/conversations')) as { data: { id: string }[] }).data[0]?.id;
      const args: Record<string, Record<string, unknown>> = {
        'list-conversations': { limit: 2 },
        'get-conversation': { id: first },
        'get-transcript': { id: first },
        'list-folders': {},
        'get-me': {},
        search: { query: 'sync' },
        fetch: { id: first },
      };
      expect(Object.keys(args).sort()).toEqual(tools.map((t) => t.name).sort());
      for (const tool of tools) {
        const result = await call(tool.name, args[tool.name]);
        expect({ tool: tool.name, isError: result.isError ?? false }).toEqual({ tool: tool.name, isError: false });
        const validate = ajv.compile(tool.outputSchema ?? {});
        expect({ tool: tool.name, valid: validate(result.structuredContent), errors: validate.errors ?? null }).toEqual({ tool: tool.name, valid: true, errors: null });
        const [block] = result.content;
        expect(block?.type === 'text' && JSON.parse(block.text)).toEqual(result.structuredContent);
      }
    });

    it('the output schemas are strict: an answer with a field they do not name, or a wrong type, is invalid', async () => {
      const { tools } = await assistant.client.listTools();
      const schemaOf = (name: string) => ajv.compile(tools.find((t) => t.name === name)?.outputSchema ?? {});
      const me = (await call('get-me')).structuredContent as Record<string, unknown>;
      expect(schemaOf('get-me')({ ...me, extra: 1 })).toBe(false);
      expect(schemaOf('get-me')({ ...me, user_id: 42 })).toBe(false);
    });
  });

  describe('resource links and conversation:// resources', () => {
    it('get-conversation and fetch carry a resource_link to the conversation after the text block; lists carry none', async () => {
      const list = await call('list-conversations');
      const [first] = (list.structuredContent as { data: { id: string; title: string }[] }).data;
      expect(list.content.map((block) => block.type)).toEqual(['text']);
      const link = { type: 'resource_link', uri: `conversation://${first?.id}`, name: first?.title, mimeType: 'application/json' };
      expect((await call('get-conversation', { id: first?.id })).content.slice(1)).toEqual([link]);
      expect((await call('fetch', { id: first?.id })).content.slice(1)).toEqual([link]);
    });

    it('offers the conversation://{id} template, and lists the conversations as resources', async () => {
      const { resourceTemplates } = await assistant.client.listResourceTemplates();
      expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'conversation://{id}', name: 'conversation', mimeType: 'application/json' })]);
      const { resources, nextCursor } = await assistant.client.listResources();
      const page = (await rest('/conversations')) as { data: { id: string; title: string; digest: string | null }[] };
      expect(resources.map((r) => r.uri)).toEqual(page.data.map((c) => `conversation://${c.id}`));
      expect(resources[0]).toMatchObject({ name: page.data[0]?.title, mimeType: 'application/json' });
      expect(nextCursor).toBeUndefined();
    });

    it('reads a conversation resource as get-conversation answers it', async () => {
      const id = ((await rest('/conversations')) as { data: { id: string }[] }).data[0]?.id;
      const { contents } = await assistant.client.readResource({ uri: `conversation://${id}` });
      expect(contents).toHaveLength(1);
      expect(contents[0]).toMatchObject({ uri: `conversation://${id}`, mimeType: 'application/json' });
      expect(JSON.parse((contents[0] as { text: string }).text)).toEqual((await call('get-conversation', { id })).structuredContent);
    });

    it('answers resource not found (Invalid Params, -32602) for an invisible or unknown id and for a URI that is not a conversation', async () => {
      const [hidden] = await stack.db.dataSource.query<{ id: string }[]>(`SELECT id FROM conversations WHERE title = 'Colleague only'`);
      for (const uri of [`conversation://${hidden?.id}`, 'conversation://conv_00000000000000000000000000', 'file:///etc/passwd', 'conversation://a/b']) {
        await expect(assistant.client.readResource({ uri })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Resource not found') });
      }
    });
  });

  describe('bad input is a tool error carrying the REST problem code, never a transport failure', () => {
    it('an unknown tool: not_found', async () => {
      expect(problemOf(await call('delete-conversation', { id: 'conv_x' }))).toMatchObject({ code: 'not_found', status: 404 });
    });

    it.each([
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 2.5 }, 'limit'],
      [{ limit: '5' }, 'limit'],
      [{ recursive: 'yes' }, 'recursive'],
      [{ status: 'done' }, 'status'],
      [{ created_after: 'yesterday' }, 'created_after'],
      [{ colour: 'red' }, 'colour'],
    ])('list-conversations %j: invalid_parameter naming %s', async (args, name) => {
      const problem = problemOf(await call('list-conversations', args));
      expect(problem).toMatchObject({ code: 'invalid_parameter', status: 400 });
      expect(problem.invalid_params?.map((p) => p.name)).toEqual([name]);
    });

    it('a tampered cursor, and a list-folders cursor given to list-conversations: invalid_cursor', async () => {
      expect(problemOf(await call('list-conversations', { cursor: 'not-a-cursor' }))).toMatchObject({ code: 'invalid_cursor', status: 400 });
      const folders = await call('list-folders', { limit: 1 });
      const folderCursor = (folders.structuredContent as { next_cursor: string }).next_cursor;
      expect(problemOf(await call('list-conversations', { cursor: folderCursor }))).toMatchObject({ code: 'invalid_cursor' });
    });

    it('get-conversation with an unknown id, an invisible id, or no id', async () => {
      expect(problemOf(await call('get-conversation', { id: 'conv_00000000000000000000000000' }))).toMatchObject({ code: 'not_found', status: 404 });
      const [hidden] = await stack.db.dataSource.query<{ id: string }[]>(`SELECT id FROM conversations WHERE title = 'Colleague only'`);
      expect(problemOf(await call('get-conversation', { id: hidden?.id }))).toMatchObject({ code: 'not_found' });
      expect(problemOf(await call('get-conversation', {})).invalid_params).toEqual([{ name: 'id', reason: 'is required' }]);
      expect(problemOf(await call('get-conversation', { id: 42 })).invalid_params).toEqual([{ name: 'id', reason: 'must be a string' }]);
    });

    it('get-me with an argument: invalid_parameter (it takes none)', async () => {
      expect(problemOf(await call('get-me', { verbose: true }))).toMatchObject({ code: 'invalid_parameter' });
    });

    it('the connection still works after the errors', async () => {
      expect((await call('get-me')).isError).toBeFalsy();
    });
  });

});

describe('Streamable HTTP, by hand: what the SDK client never shows', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(stack.mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${assistant.accessToken}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-11-25',
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const getMe = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get-me', arguments: {} } });

  it('answers one request with one JSON-RPC response', async () => {
    const single = await post(getMe(1));
    expect(single.status).toBe(200);
    expect(single.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await single.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { structuredContent: { user_id: person.user.id } } });
  });

  // Issue 19: a batch of 100 tool calls answered 200 and counted once against the rate limit (MCP 2025-06-18
  // removed batching). Refused as JSON-RPC's Invalid Request before any tool runs; each POST counts once.
  it('refuses a batch with 400 Invalid Request (-32600), and counts every tool call against the rate limit', async () => {
    const remaining = (response: Response) => Number(/;r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);
    const batch = await post([getMe(2), getMe(3), { jsonrpc: '2.0', id: 4, method: 'tools/list' }]);
    expect(batch.status).toBe(400);
    expect(await batch.json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringMatching(/^Invalid Request: .*batch/i) }, id: null });
    const first = remaining(await post(getMe(5)));
    const calls = await Promise.all([6, 7, 8].map((id) => post(getMe(id))));
    expect(calls.map((call) => call.status)).toEqual([200, 200, 200]);
    expect(Math.min(...calls.map(remaining))).toBe(first - 3);
  });

  // Issue 17: 700 tool calls a minute passed under a quota of 600 when sent as batches. With a grant of its own,
  // batches of 100 calls are refused and 700 single calls give exactly the quota's 600 answers, then 429s.
  it('lets no more tool calls through than the quota, batched or not', async () => {
    const { access_token: token } = await authorizeByHand(new HeadlessUser(person), stack.authUrl, client, {
      scope: 'conversations:read folders:read email',
      resource: stack.mcpUrl,
    });
    const own = (body: unknown) => post(body, { authorization: `Bearer ${token}` });
    const batches = await Promise.all([0, 1, 2].map((b) => own(Array.from({ length: 100 }, (_, i) => getMe(b * 100 + i)))));
    expect(batches.map((r) => r.status)).toEqual([400, 400, 400]);
    const statuses: number[] = [];
    for (let wave = 0; wave < 35; wave++) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => own(getMe(wave * 20 + i))));
      statuses.push(...answers.map((r) => r.status));
      const refused = answers.find((r) => r.status === 429);
      if (refused) expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses).toHaveLength(700);
    // Each refused batch counted as one request: 600 - 3 calls answered.
    expect(statuses.filter((s) => s === 200)).toHaveLength(597);
    expect(statuses.filter((s) => s === 429)).toHaveLength(103);
  });

  it('accepts notifications alone with 202 and no body', async () => {
    const response = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it('refuses a client that does not accept SSE (406), a body that is not JSON (415), and what is not JSON-RPC (-32600)', async () => {
    const notAcceptable = await post(getMe(1), { accept: 'application/json' });
    expect(notAcceptable.status).toBe(406);
    expect(await notAcceptable.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    expect((await post(getMe(1), { 'content-type': 'text/plain' })).status).toBe(415);
    const notJsonRpc = await post({ hello: 'world' });
    expect(notJsonRpc.status).toBe(400);
    // Valid JSON that is no JSON-RPC message: Invalid Request (JSON-RPC 2.0 §5.1), as the SDK classifies it for both revisions.
    expect(await notJsonRpc.json()).toMatchObject({ error: { code: -32600 } });
  });

  // Issue 19, finding 3: zlib's failure on a body that is not compressed as it says answered 500.
  it('refuses a body that is not compressed as its Content-Encoding says with 400, and an unknown encoding with 415', async () => {
    for (const encoding of ['deflate', 'br', 'gzip']) {
      const response = await post(getMe(1), { 'content-encoding': encoding });
      expect({ encoding, status: response.status }).toEqual({ encoding, status: 400 });
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect((await post(getMe(1), { 'content-encoding': 'compress' })).status).toBe(415);
  });

  it('refuses an unsupported MCP-Protocol-Version with 400', async () => {
    const response = await post(getMe(1), { 'mcp-protocol-version': '1999-01-01' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: -32000, message: expect.stringContaining('1999-01-01') } });
  });
});

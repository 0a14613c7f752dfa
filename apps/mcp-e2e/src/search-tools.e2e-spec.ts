import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { indexConversations } from '@cs/search';
import { type ConversationRow, HOSTILE_LINES, INERT_SNIPPET_TAGS, MARKDOWN_RENDERERS, tagsOf, type TestWorkspace, visibleText } from '@cs/testing';
import { HeadlessUser } from './support/headless-user';
import { type ConnectedAssistant, connectWithOAuth } from './support/sdk-oauth';
import { type Person, useMcpStack } from './support/mcp-stack';

/**
 * Issue 15, "MCP": the search and fetch tools in the shape ChatGPT connectors and deep research expect, called
 * through the MCP SDK client after its own OAuth flow, answering from the same Search and Catalog as REST.
 */
const stack = useMcpStack();

let workspace: TestWorkspace;
let person: Person;
let apiKey: string;
let assistant: ConnectedAssistant;
let launch: ConversationRow;
let hidden: ConversationRow;

const call = (name: string, args: Record<string, unknown> = {}) => assistant.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

const rest = async (path: string) => {
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

const problemOf = (result: CallToolResult) => {
  expect(result.isError).toBe(true);
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error('the tool error carries no text block');
  return JSON.parse(block.text) as { code: string; invalid_params?: { name: string }[] };
};

/** Structured content and the text block carry the same answer. */
const answerOf = <T>(result: CallToolResult): T => {
  expect(result.isError).toBeFalsy();
  const [block] = result.content;
  expect(block?.type === 'text' && JSON.parse(block.text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
};

beforeAll(async () => {
  workspace = await stack.workspace('Acme Search');
  person = await stack.person(workspace);
  const colleague = await stack.person(workspace);
  apiKey = (await stack.fixtures.apiKey(person)).key;
  launch = await stack.fixtures.conversation(person, { title: 'Launch review', summary: 'We move the launch to March.', digest: 'Launch in March.' });
  await stack.fixtures.source(launch, { content: '[00:00:01] Ada: Welcome.\n[00:02:05] Grace: The launch date moves to March.', participants: ['Ada', 'Grace'] });
  await stack.fixtures.source(launch, { type: 'document', title: 'Plan', content: 'Launch checklist.' });
  hidden = await stack.fixtures.conversation(colleague, { title: 'Secret launch', visibility: 'private' });
  await indexConversations(stack.db.dataSource, [launch.id, hidden.id]);
  const client = await stack.client(person);
  assistant = await connectWithOAuth(stack.mcpUrl, client, new HeadlessUser(person));
}, 120_000);

afterAll(async () => {
  await assistant?.close();
});

describe('tools/list', () => {
  it('lists search and fetch as read-only tools, their inputs derived from the REST parameters', async () => {
    const { tools } = await assistant.client.listTools();
    const search = tools.find((t) => t.name === 'search');
    const fetchTool = tools.find((t) => t.name === 'fetch');
    for (const tool of [search, fetchTool]) {
      expect(tool?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tool?.outputSchema?.type).toBe('object');
    }
    expect(search?.inputSchema).toMatchObject({ required: ['query'], properties: { query: { type: 'string', minLength: 1, maxLength: 500 } } });
    expect(fetchTool?.inputSchema).toMatchObject({ required: ['id'], properties: { id: { type: 'string' } } });
  });
});

describe('search', () => {
  it('answers a question as the user asked it (issue 32): no passage holds all its words, yet the meeting is found', async () => {
    const { results } = answerOf<{ results: { id: string; text: string }[] }>(await call('search', { query: 'When did Grace say the launch would happen?' }));
    expect(results[0]?.id).toBe(launch.id);
    expect(results[0]?.text).toMatch(/^\[00:02:05\] Grace: .*\*\*launch\*\*/);
  });

  it('returns { results: [{ id, title, url, text }] } as structured content and text, the best snippet with who said it and when', async () => {
    const { results } = answerOf<{ results: { id: string; title: string; url: string; text: string }[] }>(await call('search', { query: 'march' }));
    expect(results).toEqual([
      { id: launch.id, title: 'Launch review', url: `${stack.apiUrl}/api/v1/conversations/${launch.id}`, text: expect.stringContaining('**March**') },
    ]);
  });

  it('finds a transcript turn and reads like its transcript line', async () => {
    const { results } = answerOf<{ results: { text: string }[] }>(await call('search', { query: '"launch date"' }));
    expect(results[0]?.text).toBe('[00:02:05] Grace: The **launch** **date** moves to March\\.');
  });

  it('writes the snippet and the speaker\'s name as inert Markdown: only the matched terms are markup (issue 31)', async () => {
    const hostile = await stack.fixtures.conversation(person, { title: 'Hostile names' });
    await stack.fixtures.source(hostile, { content: `[00:00:21] <img src=x onerror=alert(1)>: ${HOSTILE_LINES[3]}`, participants: ['<img src=x onerror=alert(1)>'] });
    await indexConversations(stack.db.dataSource, [hostile.id]);
    const { results } = answerOf<{ results: { id: string; text: string }[] }>(await call('search', { query: 'qqzzk' }));
    const text = results.find((r) => r.id === hostile.id)?.text ?? '';
    for (const render of Object.values(MARKDOWN_RENDERERS)) {
      const html = render(text);
      expect(tagsOf(html)).toEqual(INERT_SNIPPET_TAGS);
      expect(visibleText(html)).toBe(`[00:00:21] <img src=x onerror=alert(1)>: ${HOSTILE_LINES[3]}`);
    }
  });

  it('never shows a conversation the user may not see, the same hits as GET /search', async () => {
    const { results } = answerOf<{ results: { id: string }[] }>(await call('search', { query: 'launch' }));
    const restHits = (await rest('/search?q=launch')) as { data: { conversation: { id: string } }[] };
    expect(results.map((r) => r.id)).toEqual(restHits.data.map((hit) => hit.conversation.id));
    expect(results.map((r) => r.id)).not.toContain(hidden.id);
  });

  it('refuses a query of only operators, or none, with invalid_parameter naming query', async () => {
    expect(problemOf(await call('search', { query: ' - OR "" ' }))).toMatchObject({ code: 'invalid_parameter', invalid_params: [{ name: 'query' }] });
    expect(problemOf(await call('search', {}))).toMatchObject({ code: 'invalid_parameter', invalid_params: [{ name: 'query' }] });
  });
});

describe('fetch', () => {
  it('returns { id, title, text, url, metadata }: the summary, then every source', async () => {
    const document = answerOf<{ id: string; title: string; text: string; url: string; metadata: Record<string, unknown> }>(
      await call('fetch', { id: launch.id }),
    );
    expect(document).toMatchObject({ id: launch.id, title: 'Launch review', url: `${stack.apiUrl}/api/v1/conversations/${launch.id}` });
    expect(document.text.startsWith('We move the launch to March.')).toBe(true);
    expect(document.text).toContain('[00:02:05] Grace: The launch date moves to March.');
    expect(document.text).toContain('## Plan\n\nLaunch checklist.');
    expect(document.metadata).toMatchObject({ status: 'ready', digest: 'Launch in March.', participants: ['Ada', 'Grace'], source_types: ['transcript', 'document'] });
    // Short: nothing left out (a long meeting's is in bounded-answers.e2e-spec.ts).
    expect(document.metadata['omitted']).toEqual([]);
    expect(document.text).not.toContain('[Left out');
  });

  it('answers not_found for an id the user may not see', async () => {
    expect(problemOf(await call('fetch', { id: hidden.id })).code).toBe('not_found');
  });
});

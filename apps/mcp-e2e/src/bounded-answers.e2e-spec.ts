import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ANSWER_MAX_CHARACTERS } from '@cs/catalog';
import { loadMeetings, timedTurns } from '@cs/meeting-corpus';
import { renderTranscript } from '@cs/processing';
import type { ConversationRow } from '@cs/testing';
import { HeadlessUser } from './support/headless-user';
import { type ConnectedAssistant, connectWithOAuth } from './support/sdk-oauth';
import { type Person, useMcpStack } from './support/mcp-stack';

/**
 * Issue 17, "Bounded answers": a real two-hour meeting (ICSI Bed015 of QMSum, 2 h 8 min, 1,255 speaker turns) is
 * larger than an assistant takes in one tool result. get-conversation and fetch answer within the documented
 * bound, say what they left out and how to read it, and get-transcript pages through the rest: joined, the pages
 * are exactly the transcript the REST API returns.
 */
const stack = useMcpStack();

let person: Person;
let apiKey: string;
let assistant: ConnectedAssistant;
let meeting: ConversationRow;
let transcript: { id: string; content: string; turns: number };
const MEETING = 'Bed015';
const NOTES = '# Follow-up\n\nSend the parser notes round before Thursday.';

interface Omitted {
  source_id: string;
  offset: number;
  characters: number;
  lines: number;
  read_with: { tool: string; arguments: { id: string; source_id: string; offset: number } };
}
interface Page {
  source_id: string;
  offset: number;
  next_offset: number | null;
  first_line: number;
  lines: number;
  total_lines: number;
  total_characters: number;
  content: string;
}

const call = (name: string, args: Record<string, unknown> = {}) => assistant.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

/** The answer's text block, which is its structured content as JSON; checked within the bound. */
const boundedAnswerOf = <T>(result: CallToolResult): T => {
  expect(result.isError).toBeFalsy();
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error('no text block first');
  expect(block.text.length).toBeLessThanOrEqual(ANSWER_MAX_CHARACTERS);
  expect(JSON.parse(block.text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
};

/** Every page of a source from `offset` on, following next_offset to the end. */
async function pagesFrom(args: { id: string; source_id?: string; offset?: number }): Promise<Page[]> {
  const pages: Page[] = [];
  let next: number | null = args.offset ?? 0;
  while (next !== null && pages.length < 50) {
    const page: Page = boundedAnswerOf<Page>(await call('get-transcript', { ...args, offset: next }));
    pages.push(page);
    next = page.next_offset;
  }
  return pages;
}

beforeAll(async () => {
  const workspace = await stack.workspace('Berkeley ICSI');
  person = await stack.person(workspace);
  apiKey = (await stack.fixtures.apiKey(person)).key;
  const corpusMeeting = loadMeetings('val').find((m) => m.id === MEETING);
  if (!corpusMeeting) throw new Error(`${MEETING} is not in the corpus`);
  const rendered = renderTranscript(timedTurns(corpusMeeting));
  meeting = await stack.fixtures.conversation(person, { title: 'Research group meeting Bed015', summary: 'Parser and belief-net progress.' });
  const source = await stack.fixtures.source(meeting, {
    title: 'Bed015 recording (QMSum, ICSI Meeting Corpus)',
    content: rendered.content,
    participants: rendered.participants,
    durationSeconds: rendered.durationSeconds,
  });
  await stack.fixtures.source(meeting, { type: 'document', title: 'Follow-up', content: NOTES });
  transcript = { id: source.id, content: rendered.content, turns: rendered.content.split('\n').length };
  assistant = await connectWithOAuth(stack.mcpUrl, await stack.client(person), new HeadlessUser(person));
}, 120_000);

afterAll(async () => {
  await assistant?.close();
});

it('uses a meeting of over two hours whose transcript alone is larger than the bound', async () => {
  expect(transcript.turns).toBe(1255);
  expect(transcript.content.length).toBeGreaterThan(ANSWER_MAX_CHARACTERS);
  const response = await fetch(`${stack.apiUrl}/api/v1/conversations/${meeting.id}`, { headers: { authorization: `Bearer ${apiKey}` } });
  const rest = (await response.json()) as { sources: { id: string; content: string; duration_seconds: number }[] };
  // REST is not bounded: it returns the transcript whole.
  expect(rest.sources[0]).toMatchObject({ id: transcript.id, content: transcript.content });
  expect(rest.sources[0]?.duration_seconds).toBeGreaterThan(7200);
});

describe('get-conversation', () => {
  it('answers within the bound, cut between speaker turns, and says what it left out and which call reads it', async () => {
    const answer = boundedAnswerOf<{ id: string; sources: { id: string; content: string }[]; omitted: Omitted[] }>(await call('get-conversation', { id: meeting.id }));
    const kept = answer.sources[0]?.content ?? '';
    expect(kept.length).toBeGreaterThan(ANSWER_MAX_CHARACTERS / 2);
    expect(transcript.content.startsWith(kept)).toBe(true);
    expect(kept.endsWith('\n')).toBe(true);
    const rest = transcript.content.slice(kept.length);
    expect(rest.startsWith('[')).toBe(true);
    expect(answer.omitted[0]).toEqual({
      source_id: transcript.id,
      offset: kept.length,
      characters: rest.length,
      lines: rest.split('\n').length,
      read_with: { tool: 'get-transcript', arguments: { id: meeting.id, source_id: transcript.id, offset: kept.length } },
    });
    // The follow-up document comes after the transcript; whatever of it did not fit is reported too.
    const notes = answer.sources[1]?.content ?? '';
    expect(NOTES.startsWith(notes)).toBe(true);
    if (notes !== NOTES) expect(answer.omitted[1]).toMatchObject({ source_id: answer.sources[1]?.id, offset: notes.length });
  });

  it('with get-transcript from where it stopped, gives the whole transcript back exactly', async () => {
    const answer = (await call('get-conversation', { id: meeting.id })).structuredContent as { sources: { content: string }[]; omitted: Omitted[] };
    const [omitted] = answer.omitted;
    if (!omitted) throw new Error('nothing was omitted');
    const pages = await pagesFrom(omitted.read_with.arguments);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect((answer.sources[0]?.content ?? '') + pages.map((p) => p.content).join('')).toBe(transcript.content);
    expect(pages[0]?.first_line).toBe((answer.sources[0]?.content ?? '').split('\n').length - 1);
  });
});

describe('get-transcript', () => {
  it('pages through the whole two-hour transcript by speaker turns: every page within the bound, joined exactly the transcript', async () => {
    const pages = await pagesFrom({ id: meeting.id });
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(transcript.content.length / ANSWER_MAX_CHARACTERS));
    expect(pages.map((p) => p.content).join('')).toBe(transcript.content);
    expect(pages.every((p) => p.source_id === transcript.id && p.total_lines === transcript.turns && p.total_characters === transcript.content.length)).toBe(true);
    expect(pages.reduce((turns, p) => turns + p.lines, 0)).toBe(transcript.turns);
    // Whole turns: each page but the first starts a turn ("[HH:MM:SS] Speaker: "), each but the last ends one.
    for (const page of pages.slice(1)) expect(page.content).toMatch(/^\[\d{2}:\d{2}:\d{2}\] [^:\n]+: /);
    for (const page of pages.slice(0, -1)) expect(page.content.endsWith('\n')).toBe(true);
    expect(pages.at(-1)?.next_offset).toBeNull();
  });

  it('reads another source by id, and refuses an offset past the end or a source of another conversation', async () => {
    const { structuredContent: conversation } = await call('get-conversation', { id: meeting.id });
    const notesId = (conversation as { sources: { id: string }[] }).sources[1]?.id;
    expect(boundedAnswerOf<Page>(await call('get-transcript', { id: meeting.id, source_id: notesId }))).toMatchObject({ content: NOTES, next_offset: null, total_lines: 3 });
    const past = await call('get-transcript', { id: meeting.id, offset: transcript.content.length + 1 });
    expect(past.isError).toBe(true);
    expect(JSON.parse((past.content[0] as { text: string }).text)).toMatchObject({ code: 'invalid_parameter', invalid_params: [{ name: 'offset' }] });
    const other = await stack.fixtures.conversation(person);
    const foreign = await call('get-transcript', { id: other.id, source_id: transcript.id });
    expect(JSON.parse((foreign.content[0] as { text: string }).text)).toMatchObject({ code: 'not_found' });
  });
});

describe('fetch', () => {
  it('answers within the bound, its text ending the cut transcript with a line naming the get-transcript call for the rest', async () => {
    const document = boundedAnswerOf<{ text: string; metadata: { omitted: Omitted[] } }>(await call('fetch', { id: meeting.id }));
    const [omitted] = document.metadata.omitted;
    if (!omitted) throw new Error('nothing was omitted');
    expect(omitted.source_id).toBe(transcript.id);
    const head = transcript.content.slice(0, omitted.offset);
    expect(document.text).toContain(`## Bed015 recording (QMSum, ICSI Meeting Corpus)\n\n${head}`);
    expect(document.text).toContain(`[Left out: the last ${omitted.characters} characters (${omitted.lines} lines) of "Bed015 recording (QMSum, ICSI Meeting Corpus)". Read them with get-transcript ${JSON.stringify(omitted.read_with.arguments)}.]`);
    const pages = await pagesFrom(omitted.read_with.arguments);
    expect(head + pages.map((p) => p.content).join('')).toBe(transcript.content);
  });
});

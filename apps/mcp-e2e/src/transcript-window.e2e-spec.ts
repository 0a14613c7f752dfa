import type { ContentPage } from '@cs/catalog';
import { loadMeetings, timedTurns } from '@cs/meeting-corpus';
import { renderTranscript } from '@cs/processing';
import { indexConversations } from '@cs/search';
import { HeadlessUser } from './support/headless-user';
import { type ConnectedAssistant, connectWithOAuth, REVISIONS } from './support/sdk-oauth';
import { useMcpStack } from './support/mcp-stack';

/**
 * Issue 36: from a search hit straight to the moment. A real meeting (QMSum, libs/meeting-corpus) is searched through
 * the SDK client, and get-transcript reads it from the second the hit's turn starts at, under both revisions.
 */
const stack = useMcpStack();

const meeting = loadMeetings('train').find((m) => m.corpus === 'ami')!;
const turns = timedTurns(meeting);
const segments = turns.map(({ speaker, start_seconds, end_seconds, text }) => ({ speaker, start_seconds, end_seconds, text }));
const speakerNames = { [turns[0]!.speaker]: 'Ada Lovelace' };
const rendered = renderTranscript(segments, { speakerNames });

/** A word said once, in a turn past the first third of the meeting, for the search to find. */
function wordSaidOnce(): string {
  const counts = new Map<string, number>();
  for (const turn of turns) for (const word of turn.text.toLowerCase().match(/[a-z]{9,}/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  const later = turns.slice(Math.floor(turns.length / 3));
  const word = later.flatMap((t) => t.text.toLowerCase().match(/[a-z]{9,}/g) ?? []).find((w) => counts.get(w) === 1);
  if (!word) throw new Error('the meeting has no word said once');
  return word;
}

const seconds = (stamp: string) => stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);

describe.each(REVISIONS)('get-transcript from a search hit (%s)', (revision) => {
  let assistant: ConnectedAssistant;
  let conversationId: string;

  beforeAll(async () => {
    const workspace = await stack.workspace(`Window ${revision}`);
    const person = await stack.person(workspace);
    const conversation = await stack.fixtures.conversation(person, { title: 'Remote control design' });
    conversationId = conversation.id;
    await stack.fixtures.source(conversation, { content: rendered.content, participants: rendered.participants, input: { segments, speaker_names: speakerNames } });
    await indexConversations(stack.db.dataSource, [conversation.id]);
    assistant = await connectWithOAuth(stack.mcpUrl, await stack.client(person), new HeadlessUser(person), revision);
  }, 120_000);

  afterAll(() => assistant?.close());

  const call = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const result = await assistant.client.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    return result.structuredContent as T;
  };

  it('reads the meeting from the second the hit starts at, only the turns of the window, paging on', async () => {
    const { results } = await call<{ results: { id: string; text: string }[] }>('search', { query: wordSaidOnce() });
    expect(results[0]?.id).toBe(conversationId);
    const [, stamp, speaker] = /^\[(\d+:\d\d:\d\d)\] ([^:]+):/.exec(results[0]!.text) ?? [];
    expect(stamp).toBeDefined();
    const from = seconds(stamp!);

    const page = await call<ContentPage>('get-transcript', { id: conversationId, from_seconds: from, to_seconds: from + 120 });
    const lines = page.content.split('\n').filter((line) => line !== '');
    // The hit's turn, or the one before it when that one ends in the same second.
    expect(lines.slice(0, 2).some((line) => line.startsWith(`[${stamp}] ${speaker}:`))).toBe(true);
    const all = rendered.content.split('\n');
    for (const line of lines) expect(all).toContain(line);
    const last = seconds(/^\[(\d+:\d\d:\d\d)\]/.exec(lines.at(-1)!)![1]!);
    expect(last).toBeLessThanOrEqual(from + 120);
    expect(page.next_offset).toBeNull();
    expect(rendered.content.slice(page.offset).startsWith(lines[0]!)).toBe(true);
  });

  it('keeps the turns of the speaker named, page after page', async () => {
    const pages: ContentPage[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page: ContentPage = await call<ContentPage>('get-transcript', { id: conversationId, speaker: 'ada lovelace', offset });
      pages.push(page);
      offset = page.next_offset;
    }
    const lines = pages.map((p) => p.content).join('').split('\n').filter((line) => line !== '');
    expect(lines).toEqual(rendered.content.split('\n').filter((line) => /^\[[\d:]+\] Ada Lovelace: /.test(line)));
  });

  it('refuses a window that ends before it starts, naming from_seconds', async () => {
    const result = await assistant.client.callTool({ name: 'get-transcript', arguments: { id: conversationId, from_seconds: 60, to_seconds: 30 } });
    expect(result.isError).toBe(true);
    const [block] = result.content as { type: string; text: string }[];
    expect(JSON.parse(block!.text)).toMatchObject({ code: 'invalid_parameter', invalid_params: [{ name: 'from_seconds' }] });
  });
});

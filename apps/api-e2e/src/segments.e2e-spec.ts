import type { ListSegmentsParams } from '@cs/api-client';
import type { ListEnvelope } from '@cs/domain';
import type { Segment } from '@cs/catalog';
import { loadMeetings, timedTurns } from '@cs/meeting-corpus';
import { formatTimestamp, renderTranscript } from '@cs/processing';
import { type Actor, useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment();

type Query = Record<string, string | number | string[]>;

/** A raw exchange, for the refusals (the client throws on them); the contract validator checks every answer. */
async function segments(actor: Actor, conversationId: string, sourceId: string, query: Query = {}) {
  return actor.client.request<ListEnvelope<Segment> & { code?: string; invalid_params?: { name: string; reason: string }[] }>(
    'GET',
    '/api/v1/conversations/{id}/sources/{source_id}/segments',
    { pathParams: { id: conversationId, source_id: sourceId }, query },
  );
}

async function allSegments(actor: Actor, conversationId: string, sourceId: string, query: ListSegmentsParams = {}): Promise<Segment[]> {
  const all: Segment[] = [];
  let cursor: string | null = null;
  do {
    const page: ListEnvelope<Segment> = await actor.client.listSegments(conversationId, sourceId, cursor ? { ...query, cursor } : query);
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

/** A real meeting (the QMSum training split, libs/meeting-corpus), its first speaker given a name. */
function meetingSource() {
  const meeting = loadMeetings('train').find((m) => m.corpus === 'ami')!;
  const turns = timedTurns(meeting);
  const segmentsOfMeeting = turns.map(({ speaker, start_seconds, end_seconds, text }) => ({ speaker, start_seconds, end_seconds, text }));
  const speaker_names = { [turns[0]!.speaker]: 'Ada Lovelace' };
  return { type: 'transcript' as const, segments: segmentsOfMeeting, speaker_names };
}

describe('GET /api/v1/conversations/{id}/sources/{source_id}/segments', () => {
  it('gives the same turns, names and seconds as the content processing renders, page after page', async () => {
    const { member } = await env.world();
    const source = meetingSource();
    const created = await member.client.createConversation({ sources: [source] });
    const sourceId = created.sources[0]!.id;

    const turns = await allSegments(member, created.id, sourceId, { limit: 37 });
    const content = renderTranscript(source.segments, { speakerNames: source.speaker_names }).content;
    expect(turns.map((t) => `[${formatTimestamp(t.start_seconds)}] ${t.speaker}: ${t.text}`).join('\n')).toBe(content);
    expect(turns.map((t) => t.index)).toEqual(turns.map((_, i) => i));
    expect(turns.some((t) => t.speaker === 'Ada Lovelace')).toBe(true);
    for (const turn of turns) expect(turn.end_seconds).toBeGreaterThanOrEqual(turn.start_seconds);
  });

  it('reads a window from a second on, and only the speakers named', async () => {
    const { member } = await env.world();
    const source = meetingSource();
    const created = await member.client.createConversation({ sources: [source] });
    const sourceId = created.sources[0]!.id;
    const all = await allSegments(member, created.id, sourceId, { limit: 1000 });
    const middle = all[Math.floor(all.length / 2)]!;

    const window = await allSegments(member, created.id, sourceId, { from_seconds: middle.start_seconds, to_seconds: middle.start_seconds + 60 });
    expect(window).toEqual(all.filter((t) => t.end_seconds >= middle.start_seconds && t.start_seconds <= middle.start_seconds + 60));
    expect(window).toContainEqual(middle);

    const hers = await allSegments(member, created.id, sourceId, { speaker: ['ADA LOVELACE'] });
    expect(hers).toEqual(all.filter((t) => t.speaker === 'Ada Lovelace'));
    expect((await segments(member, created.id, sourceId, { speaker: 'Nobody' })).body).toEqual({ data: [], next_cursor: null, has_more: false });
  });

  it('answers a document with 409, an invisible one with 404, and bad windows and cursors with 400', async () => {
    const { admin, member } = await env.world();
    const created = await member.client.createConversation({
      sources: [meetingSource(), { type: 'text', content: 'Notes taken by hand.' }],
    });
    const [transcriptId, textId] = created.sources.map((s) => s.id) as [string, string];

    expect(await segments(member, created.id, textId)).toMatchObject({ status: 409, body: { code: 'conflict' } });
    // Private by default: the admin of the same workspace does not see it, and learns nothing more.
    expect(await segments(admin, created.id, transcriptId)).toMatchObject({ status: 404, body: { code: 'not_found' } });

    const refused = async (query: Query) => {
      const response = await segments(member, created.id, transcriptId, query);
      return { status: response.status, code: response.body.code, names: response.body.invalid_params?.map((p) => p.name) };
    };
    expect(await refused({ from_seconds: 60, to_seconds: 30 })).toEqual({ status: 400, code: 'invalid_parameter', names: ['from_seconds'] });
    expect(await refused({ from_seconds: -5 })).toEqual({ status: 400, code: 'invalid_parameter', names: ['from_seconds'] });
    expect(await refused({ to_seconds: '1.5' })).toEqual({ status: 400, code: 'invalid_parameter', names: ['to_seconds'] });
    expect(await refused({ limit: 1001 })).toEqual({ status: 400, code: 'invalid_parameter', names: ['limit'] });
    expect(await refused({ cursor: 'forged' })).toMatchObject({ status: 400, code: 'invalid_cursor' });

    // Cursors of another route, of another source and of another caller.
    const shared = await member.client.createConversation({ visibility: 'workspace', sources: [meetingSource()] });
    const listCursor = (await member.client.listConversations({ status: 'all', limit: 1 })).next_cursor!;
    expect(await refused({ cursor: listCursor })).toMatchObject({ status: 400, code: 'invalid_cursor' });
    const sharedCursor = (await segments(member, shared.id, shared.sources[0]!.id, { limit: 1 })).body.next_cursor!;
    expect(await refused({ cursor: sharedCursor })).toMatchObject({ status: 400, code: 'invalid_cursor' });
    expect((await segments(admin, shared.id, shared.sources[0]!.id, { cursor: sharedCursor })).body).toMatchObject({ code: 'invalid_cursor' });
    expect((await segments(admin, shared.id, shared.sources[0]!.id, { limit: 1 })).status).toBe(200);
  });
});

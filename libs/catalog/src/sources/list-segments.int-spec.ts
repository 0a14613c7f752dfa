import { domainErrorCode, invalidParamsOf, type Fixtures, type Member, principalOf, type TestDatabase } from '@cs/testing';
import type { Catalog } from '../catalog';
import { catalogTestbed } from '../test-support/catalog-testbed';
import { LIST_SEGMENTS_PARAMS } from './list-segments.query';

const segment = (speaker: string, start: number, end: number, text: string) => ({ speaker, start_seconds: start, end_seconds: end, text });

/** A meeting of six turns (seven segments: Ada speaks twice in a row), delivered out of order, one speaker named. */
const INPUT = {
  segments: [
    segment('Speaker 2', 30.5, 44.2, 'Then legal needs it by Friday.'),
    segment('Speaker 1', 0, 9.5, 'Shall we start?'),
    segment('Speaker 1', 10, 19.9, 'The pricing page goes live with the launch.'),
    segment('Speaker 2', 20, 30, 'Is the copy final?'),
    segment('Speaker 1', 44.2, 60, 'Yes, since Monday.'),
    segment('Speaker 3', 60, 61, '   '),
    segment('Speaker 3', 61, 75.1, 'I will book the review.'),
    segment('Speaker 1', 75.1, 90, 'Thanks, that is all.'),
  ],
  speaker_names: { 'Speaker 1': 'Ada Lovelace' },
};


describe('GET …/sources/{source_id}/segments against PostgreSQL', () => {
  let db: TestDatabase;
  let f: Fixtures;
  let catalog: Catalog;
  let owner: Member;
  let colleague: Member;
  let conversationId: string;
  let transcriptId: string;
  let documentId: string;

  const list = (args: Record<string, unknown>, who: Member = owner, source = transcriptId, conversation = conversationId) =>
    catalog.listSegments(principalOf(who), conversation, source, LIST_SEGMENTS_PARAMS.fromJson(args));

  beforeAll(async () => {
    ({ db, f, catalog, owner, colleague } = await catalogTestbed());
    const conversation = await f.conversation(owner, { visibility: 'private' });
    conversationId = conversation.id;
    transcriptId = (await f.source(conversation, { input: INPUT })).id;
    documentId = (await f.source(conversation, { type: 'document' })).id;
  });

  afterAll(() => db.drop());

  it('gives the turns in spoken order, named, with whole seconds and each turn\'s index', async () => {
    const page = await list({});
    expect(page.data).toEqual([
      { index: 0, speaker: 'Ada Lovelace', start_seconds: 0, end_seconds: 20, text: 'Shall we start? The pricing page goes live with the launch.' },
      { index: 1, speaker: 'Speaker 2', start_seconds: 20, end_seconds: 45, text: 'Is the copy final? Then legal needs it by Friday.' },
      { index: 2, speaker: 'Ada Lovelace', start_seconds: 44, end_seconds: 60, text: 'Yes, since Monday.' },
      { index: 3, speaker: 'Speaker 3', start_seconds: 61, end_seconds: 76, text: 'I will book the review.' },
      { index: 4, speaker: 'Ada Lovelace', start_seconds: 75, end_seconds: 90, text: 'Thanks, that is all.' },
    ]);
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('keeps a turn that overlaps the window, or touches it at either end, and none outside it', async () => {
    const indexes = async (args: Record<string, unknown>) => (await list(args)).data.map((s) => s.index);
    expect(await indexes({ from_seconds: 50, to_seconds: 62 })).toEqual([2, 3]);
    // Touching: turn 1 ends at 45 and turn 3 starts at 61.
    expect(await indexes({ from_seconds: 45, to_seconds: 61 })).toEqual([1, 2, 3]);
    expect(await indexes({ from_seconds: 90 })).toEqual([4]);
    expect(await indexes({ to_seconds: 0 })).toEqual([0]);
    expect(await indexes({ from_seconds: 91 })).toEqual([]);
  });

  it('keeps the named speakers, case ignored; a name nobody has gives an empty page', async () => {
    expect((await list({ speaker: ['ada lovelace', 'SPEAKER 3'] })).data.map((s) => s.index)).toEqual([0, 2, 3, 4]);
    expect((await list({ speaker: 'Speaker 1' })).data).toEqual([]);
  });

  it('pages with a cursor bound to the filters and the source', async () => {
    const first = await list({ speaker: 'Ada Lovelace', limit: 2 });
    expect(first.data.map((s) => s.index)).toEqual([0, 2]);
    expect(first.has_more).toBe(true);
    const second = await list({ cursor: first.next_cursor, speaker: 'Ada Lovelace' });
    expect(second.data.map((s) => s.index)).toEqual([4]);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(await domainErrorCode(list({ cursor: first.next_cursor, speaker: 'Speaker 2' }))).toBe('invalid_cursor');
    expect(await domainErrorCode(list({ cursor: first.next_cursor }, colleague))).toBe('invalid_cursor');
    const other = await f.source(await f.conversation(owner), { input: INPUT });
    expect(await domainErrorCode(list({ cursor: first.next_cursor }, owner, other.id, other.conversationId))).toBe('invalid_cursor');
  });

  it('answers a document with 409 and a private conversation, a wrong pairing or a bad id with the same 404', async () => {
    expect(await domainErrorCode(list({}, owner, documentId))).toBe('conflict');
    expect(await domainErrorCode(list({}, colleague))).toBe('not_found');
    const elsewhere = await f.conversation(owner);
    expect(await domainErrorCode(list({}, owner, transcriptId, elsewhere.id))).toBe('not_found');
    expect(await domainErrorCode(list({}, owner, 'src_nope'))).toBe('not_found');
    expect(await domainErrorCode(list({}, owner, transcriptId, 'not-an-id'))).toBe('not_found');
  });

  it('refuses a window that ends before it starts, negative or fractional seconds, and a limit past 1000', () => {
    const reasons = (args: Record<string, unknown>) => invalidParamsOf(() => LIST_SEGMENTS_PARAMS.fromJson(args));
    expect(reasons({ from_seconds: 10, to_seconds: 5 })).toEqual([{ name: 'from_seconds', reason: 'must not be after to_seconds' }]);
    expect(reasons({ from_seconds: -1 })).toEqual([{ name: 'from_seconds', reason: 'must be a whole number of seconds, 0 or more' }]);
    expect(reasons({ to_seconds: 1.5 })).toEqual([{ name: 'to_seconds', reason: 'must be an integer' }]);
    expect(reasons({ limit: 1001 })).toEqual([{ name: 'limit', reason: 'must be an integer from 1 to 1000' }]);
    expect(() => LIST_SEGMENTS_PARAMS.fromJson({ limit: 1000, from_seconds: 5, to_seconds: 5 })).not.toThrow();
  });
});

import type { Conversation, Source } from '@cs/domain';
import { ANSWER_MAX_CHARACTERS, jsonLength } from './answer-budget';
import { boundConversation, BoundedConversationSchema } from './bounded-conversation';
import { contentPage, ContentPageSchema, GET_TRANSCRIPT_ARGS } from './content-page';

const stamp = (s: number) => new Date(s * 1000).toISOString().slice(11, 19);

/** A transcript of `turns` speaker turns of about 140 characters, quotes and non-ASCII included. */
const transcript = (turns: number) =>
  Array.from({ length: turns }, (_, i) => `[${stamp(i * 9)}] ${['Ada', 'Grace', 'Zoë'][i % 3]}: Turn ${i}: we said "ship it" — then checked the numbers again, twice.`).join('\n');

const source = (id: string, type: Source['type'], content: string | null): Source => ({
  id,
  type,
  duration_seconds: type === 'transcript' ? 7200 : null,
  language: type === 'transcript' ? 'eng' : null,
  title: `${type} ${id}`,
  added_at: '2026-11-01T10:00:00.000Z',
  meeting_url: null,
  attendees: [],
  content,
  participants: [],
});

const conversation = (sources: Source[]): Conversation => ({
  id: 'conv_01jbz4q3w7y7c6p2x5v8m9n0ab',
  title: 'Planning',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
  status: 'ready',
  termination_reason: null,
  folder_id: null,
  digest: 'Planned.',
  tags: [],
  summary: 'We planned.\n\n## Decisions\n- Ship',
  action_items: [],
  sources,
});

const TRANSCRIPT = 'src_01jbz4q3w7y7c6p2x5v8m9n0t1';
const NOTES = 'src_01jbz4q3w7y7c6p2x5v8m9n0d1';
const NOTES_TEXT = `# ${'Notes of the planning meeting, longer than a transcript turn. '.repeat(3)}\n\nAgenda`;

describe('boundConversation: get-conversation within ANSWER_MAX_CHARACTERS', () => {
  it('gives a conversation that fits unchanged, with nothing omitted', () => {
    const small = conversation([source(TRANSCRIPT, 'transcript', transcript(20)), source(NOTES, 'document', '# Notes')]);
    expect(boundConversation(small)).toEqual({ ...small, omitted: [] });
  });

  it('cuts a long transcript between turns, reports where the rest starts, and keeps the answer within the bound', () => {
    const full = transcript(2500);
    expect(full.length).toBeGreaterThan(3 * ANSWER_MAX_CHARACTERS);
    const bounded = boundConversation(conversation([source(TRANSCRIPT, 'transcript', full), source(NOTES, 'document', NOTES_TEXT)]));
    expect(BoundedConversationSchema.parse(bounded)).toEqual(bounded);
    expect(jsonLength(bounded)).toBeLessThanOrEqual(ANSWER_MAX_CHARACTERS);
    // Little is wasted: the reserve for reports that turned out shorter, and less than a turn.
    expect(jsonLength(bounded)).toBeGreaterThan(ANSWER_MAX_CHARACTERS - 400);
    const kept = bounded.sources[0]?.content ?? '';
    expect(full.startsWith(kept)).toBe(true);
    expect(kept.endsWith('\n')).toBe(true);
    const rest = full.slice(kept.length);
    // The document after it had no room left (less than a turn, less than its first line): cut from its start, and said so.
    expect(bounded.sources[1]?.content).toBe('');
    expect(bounded.omitted).toEqual([
      {
        source_id: TRANSCRIPT,
        offset: kept.length,
        characters: rest.length,
        lines: rest.split('\n').length,
        read_with: { tool: 'get-transcript', arguments: { id: bounded.id, source_id: TRANSCRIPT, offset: kept.length } },
      },
      expect.objectContaining({ source_id: NOTES, offset: 0, characters: NOTES_TEXT.length, lines: 3 }),
    ]);
  });

  it('keeps a short document that comes first whole and cuts the transcript after it', () => {
    const bounded = boundConversation(conversation([source(NOTES, 'document', '# Notes'), source(TRANSCRIPT, 'transcript', transcript(2500)), source('src_01jbz4q3w7y7c6p2x5v8m9n0f1', 'file', null)]));
    expect(bounded.sources[0]?.content).toBe('# Notes');
    expect(bounded.sources[2]?.content).toBeNull();
    expect(bounded.omitted.map((o) => o.source_id)).toEqual([TRANSCRIPT]);
  });
});

describe('boundConversation when the other fields alone exceed the bound', () => {
  it('never cuts them, and reports every content as left out from its start', () => {
    const huge = { ...conversation([source(TRANSCRIPT, 'transcript', transcript(100))]), summary: 'Long summary line.\n'.repeat(4000) };
    const bounded = boundConversation(huge);
    expect(bounded.summary).toBe(huge.summary);
    expect(bounded.sources[0]?.content).toBe('');
    expect(bounded.omitted).toEqual([expect.objectContaining({ source_id: TRANSCRIPT, offset: 0, characters: transcript(100).length, lines: 100 })]);
  });
});

describe('contentPage: get-transcript', () => {
  const full = transcript(2500);
  const long = conversation([source(NOTES, 'document', 'Agenda'), source(TRANSCRIPT, 'transcript', full)]);
  const args = (json: Record<string, unknown>) => GET_TRANSCRIPT_ARGS.fromJson({ id: long.id, ...json }).values;

  it('reads the first transcript by default, and pages through it in whole turns until next_offset is null', () => {
    const pages = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = contentPage(long, args({ offset }));
      expect(ContentPageSchema.parse(page)).toEqual(page);
      expect(jsonLength(page)).toBeLessThanOrEqual(ANSWER_MAX_CHARACTERS);
      pages.push(page);
      offset = page.next_offset;
    }
    // Every page but the last is full: less than one more turn would have fitted.
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const page of pages.slice(0, -1)) expect(jsonLength(page)).toBeGreaterThan(ANSWER_MAX_CHARACTERS - 200);
    expect(pages.map((p) => p.content).join('')).toBe(full);
    expect(pages.every((p) => p.source_id === TRANSCRIPT && p.total_characters === full.length && p.total_lines === 2500)).toBe(true);
    expect(pages.reduce((sum, p) => sum + p.lines, 0)).toBe(2500);
    expect(pages[1]?.first_line).toBe(pages[0]?.lines);
    expect(pages.slice(1).every((p) => p.content.startsWith('['))).toBe(true);
  });

  it('reads another source by its id, and refuses an unknown source or an offset past the end', () => {
    expect(contentPage(long, args({ source_id: NOTES }))).toMatchObject({ content: 'Agenda', next_offset: null, lines: 1, first_line: 0 });
    expect(() => contentPage(long, args({ source_id: 'src_01jbz4q3w7y7c6p2x5v8m9n0zz' }))).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => contentPage(long, args({ source_id: NOTES, offset: 7 }))).toThrow(
      expect.objectContaining({ code: 'invalid_parameter', extras: expect.objectContaining({ invalidParams: [{ name: 'offset', reason: "must be at most 6, the length of this source's content" }] }) }),
    );
  });

  it('refuses a negative, fractional or textual offset by the parameter rules', () => {
    for (const offset of [-1, 1.5, '10']) expect(() => args({ offset })).toThrow(expect.objectContaining({ code: 'invalid_parameter' }));
  });
});

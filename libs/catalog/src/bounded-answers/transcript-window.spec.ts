import { type Conversation, type Source, transcriptLine } from '@cs/domain';
import type { Segment } from '../sources/segment.schema';
import { ANSWER_MAX_CHARACTERS, jsonLength } from './answer-budget';
import { ContentPageSchema } from './content-page';
import { transcriptWindowPage } from './transcript-window';

/** 1,500 turns of about 150 characters, 9 seconds apart, three speakers in turn: well over one page. */
const SEGMENTS: Segment[] = Array.from({ length: 1500 }, (_, index) => ({
  index,
  speaker: ['Ada', 'Grace', 'Zoë'][index % 3]!,
  start_seconds: index * 9,
  end_seconds: index * 9 + 8,
  text: `Turn ${index}: we said "ship it" — then checked the numbers again, twice, and wrote them down for the team.`,
}));
const CONTENT = SEGMENTS.map((s) => transcriptLine(s)).join('\n');

const SOURCE: Source = {
  id: 'src_01jbz4q3w7y7c6p2x5v8m9n0t1',
  type: 'transcript',
  duration_seconds: 13500,
  language: 'eng',
  title: 'Recording',
  added_at: '2026-11-01T10:00:00.000Z',
  meeting_url: null,
  attendees: [],
  content: CONTENT,
  participants: [],
};

const CONVERSATION = { id: 'conv_01jbz4q3w7y7c6p2x5v8m9n0ab', sources: [SOURCE] } as unknown as Conversation;

type Filters = Parameters<typeof transcriptWindowPage>[4];
const window = (over: Partial<Filters>): Filters => ({ fromSeconds: null, toSeconds: null, speakers: null, ...over });

/** Every page from the first, following next_offset, as get-transcript's caller does. */
function readAll(filters: Filters, offset = 0) {
  const pages = [];
  let next: number | null = offset;
  while (next !== null) {
    const page = transcriptWindowPage(CONVERSATION, SOURCE, SEGMENTS, next, filters);
    pages.push(page);
    next = page.next_offset;
  }
  return pages;
}

describe('transcriptWindowPage: get-transcript with a window or speakers', () => {
  it('pages through exactly the turns in the window, each as the content has it, every page within the bound', () => {
    const pages = readAll(window({ fromSeconds: 1000, toSeconds: 10000 }));
    expect(pages.length).toBeGreaterThan(1);
    const expected = SEGMENTS.filter((s) => s.end_seconds >= 1000 && s.start_seconds <= 10000).map((s) => transcriptLine(s));
    expect(pages.map((p) => p.content).join('').split('\n').filter((l) => l !== '')).toEqual(expected);
    for (const page of pages) {
      expect(jsonLength(page)).toBeLessThanOrEqual(ANSWER_MAX_CHARACTERS);
      expect(ContentPageSchema.parse(page)).toEqual(page);
      expect(CONTENT.slice(page.offset).startsWith(page.content.split('\n')[0]!)).toBe(true);
    }
    expect(pages[0]!.first_line).toBe(expected.length > 0 ? SEGMENTS.findIndex((s) => s.end_seconds >= 1000) : 0);
  });

  it('keeps only the speakers named, and reads on from any offset it answered', () => {
    const pages = readAll(window({ speakers: ['zoë'] }));
    const lines = pages.map((p) => p.content).join('').split('\n').filter((l) => l !== '');
    expect(lines).toEqual(SEGMENTS.filter((s) => s.speaker === 'Zoë').map((s) => transcriptLine(s)));
    // Starting between two of Zoë's turns reads from her next one.
    const between = transcriptWindowPage(CONVERSATION, SOURCE, SEGMENTS, CONTENT.indexOf('[00:00:09]'), window({ speakers: ['zoë'] }));
    expect(between.content.startsWith('[00:00:18] Zoë: Turn 2:')).toBe(true);
  });

  it('answers an empty last page when nothing matches, and refuses an offset past the content', () => {
    const none = transcriptWindowPage(CONVERSATION, SOURCE, SEGMENTS, 0, window({ speakers: ['nobody'] }));
    expect(none).toMatchObject({ content: '', lines: 0, next_offset: null, total_lines: 1500 });
    expect(() => transcriptWindowPage(CONVERSATION, SOURCE, SEGMENTS, CONTENT.length + 1, window({ fromSeconds: 0 }))).toThrow(/offset/);
  });
});

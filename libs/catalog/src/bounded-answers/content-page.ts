import { type Conversation, DomainError, invalidParameters, notFound, prefixedId, SOURCE_TYPES, type Source } from '@cs/domain';
import { QueryParams, text } from '@cs/paging';
import { z } from 'zod/v4';
import { ANSWER_MAX_CHARACTERS, jsonLength } from './answer-budget';
import { GET_CONVERSATION_ARGS } from '../conversations/get-conversation.query';
import { cutOnLines, lineCount, linesBefore } from './line-cut';
import { WINDOW_FIELDS, windowRule } from '../sources/list-segments.query';

const OFFSET_REASON = 'must be an integer of 0 or more';

/**
 * get-transcript's arguments: which conversation and source, where to start, and (transcripts only) the window and
 * speakers to keep, with the segments endpoint's fields and rule.
 */
export const GET_TRANSCRIPT_ARGS = new QueryParams(
  windowRule(
    z.strictObject({
      id: GET_CONVERSATION_ARGS.schema.shape.id,
      source_id: text().optional(),
      offset: z.int({ error: OFFSET_REASON }).min(0, { error: OFFSET_REASON }).default(0),
      ...WINDOW_FIELDS,
    }),
  ),
);

export type GetTranscriptArgs = z.output<typeof GET_TRANSCRIPT_ARGS.schema>;

const count = (description: string) => z.int().min(0).meta({ description });

export const ContentPageSchema = z
  .strictObject({
    conversation_id: prefixedId('conversation', 'The conversation.'),
    source_id: prefixedId('source', 'The source read.'),
    source_type: z.enum(SOURCE_TYPES).meta({ description: 'Its type: `transcript`, `document`, `text` or `file`.' }),
    source_title: z.string().nullable().meta({ description: 'Its title; null when it has none.' }),
    offset: count('Where this page starts, in UTF-16 code units from the start of the content.'),
    next_offset: z
      .int()
      .min(1)
      .nullable()
      .meta({ description: 'Where the next page starts: call again with offset set to it. null when this page reaches the end.' }),
    total_characters: count('Length of the whole content.'),
    first_line: count('Index (from 0) of the line this page starts in; for a transcript, of the speaker turn.'),
    lines: count('Lines this page holds, a cut last one included; for a transcript, speaker turns.'),
    total_lines: count('Lines of the whole content.'),
    content: z.string().meta({
      description:
        'The content from offset to next_offset: whole lines (transcripts: `[HH:MM:SS] Speaker: text` turns), each with its line break, ' +
        'unless one line alone exceeds a page. The pages joined without separator give the content exactly.',
    }),
  })
  .meta({ description: `One page of a source's content, at most ${ANSWER_MAX_CHARACTERS} characters of JSON.` });

export type ContentPage = z.output<typeof ContentPageSchema>;

/** The source asked for; by default the first transcript, else the first source. */
export function sourceOf(conversation: Conversation, sourceId: string | undefined): Source {
  if (sourceId !== undefined) {
    const source = conversation.sources.find((s) => s.id === sourceId);
    if (!source) throw notFound('source');
    return source;
  }
  const source = conversation.sources.find((s) => s.type === 'transcript') ?? conversation.sources[0];
  if (!source) throw new DomainError('not_found', 'The conversation has no source to read.');
  return source;
}

/**
 * One page of a source's content from `offset`, as much as fits in ANSWER_MAX_CHARACTERS of JSON, cut between
 * lines (speaker turns). Content that is null (text extraction failed) reads as empty.
 */
export function contentPage(conversation: Conversation, args: GetTranscriptArgs): ContentPage {
  const source = sourceOf(conversation, args.source_id);
  const content = source.content ?? '';
  return boundedPage(conversation, source, content, args.offset, [{ from: 0, to: content.length }]);
}

/** A run of the content a page may show: all of it, or (a windowed transcript) one turn's line with its line break. */
export interface ContentRun {
  from: number;
  to: number;
}

/**
 * One page of `content` from `offset`, showing only what `runs` (in order, not overlapping) cover, as much as fits in
 * ANSWER_MAX_CHARACTERS of JSON, cut between lines. Offsets are the whole content's, so next_offset reads on.
 */
export function boundedPage(conversation: Conversation, source: Source, content: string, offset: number, runs: readonly ContentRun[]): ContentPage {
  if (offset > content.length) {
    throw invalidParameters([{ name: 'offset', reason: `must be at most ${content.length}, the length of this source's content` }]);
  }
  // The runs from the offset on, laid end to end: the page is cut from this text, then mapped back.
  const visible = runs.filter((run) => run.to > offset).map((run) => ({ from: Math.max(run.from, offset), to: run.to }));
  const shownText = visible.map((run) => content.slice(run.from, run.to)).join('');
  const start = visible[0]?.from ?? offset;
  const totalLines = lineCount(content);
  const page = (end: number, nextOffset: number | null): ContentPage => {
    const shown = shownText.slice(0, end);
    return {
      conversation_id: conversation.id,
      source_id: source.id,
      source_type: source.type,
      source_title: source.title,
      offset: start,
      next_offset: nextOffset,
      total_characters: content.length,
      first_line: linesBefore(content, start),
      lines: lineCount(shown),
      total_lines: totalLines,
      content: shown,
    };
  };
  // Built empty with the largest numbers the page can hold, what remains of the bound is the content's.
  const frame = { ...page(0, content.length), first_line: totalLines, lines: totalLines };
  const end = cutOnLines(shownText, 0, ANSWER_MAX_CHARACTERS - jsonLength(frame), true);
  return page(end, end < shownText.length ? offsetIn(visible, end) : null);
}

/** Where the `at`-th character of the runs laid end to end is in the whole content. */
function offsetIn(runs: readonly ContentRun[], at: number): number {
  let before = 0;
  for (const run of runs) {
    if (at < before + run.to - run.from) return run.from + at - before;
    before += run.to - run.from;
  }
  return runs.at(-1)?.to ?? 0;
}

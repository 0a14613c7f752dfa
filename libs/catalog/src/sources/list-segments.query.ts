import { conflict, isIdOf, notFound, type Principal, type TranscriptSegment, transcriptTurns, visibleTo } from '@cs/domain';
import { type CursorKey, limitUpTo, PAGE, type Page, type PageRequest, QueryParams, text } from '@cs/paging';
import type { RowQueryable } from '@cs/persistence';
import { z } from 'zod/v4';
import { type Segment, SEGMENT_LIMITS } from './segment.schema';

const SECONDS_REASON = 'must be a whole number of seconds, 0 or more';
const seconds = z.int({ error: SECONDS_REASON }).min(0, { error: SECONDS_REASON });

/**
 * GET …/sources/{source_id}/segments: a window of the recording (`from_seconds`, `to_seconds`, whole seconds,
 * either end open) and the speakers to keep (repeatable, as the segments name them, case ignored).
 */
export const WINDOW_FIELDS = {
  from_seconds: seconds.optional(),
  to_seconds: seconds.optional(),
  speaker: z
    .array(text())
    .min(1)
    .max(SEGMENT_LIMITS.speakerFilters, { error: `may be repeated at most ${SEGMENT_LIMITS.speakerFilters} times` })
    .optional(),
};

interface Window {
  from_seconds?: number | undefined;
  to_seconds?: number | undefined;
  speaker?: string[] | undefined;
}

/** A window that ends before it starts is refused, naming `from_seconds` (the MCP get-transcript tool takes it too). */
export const windowRule = <S extends z.ZodObject>(schema: S) =>
  schema.refine((p: Window) => p.from_seconds === undefined || p.to_seconds === undefined || p.from_seconds <= p.to_seconds, {
    path: ['from_seconds'],
    error: 'must not be after to_seconds',
  });

export const LIST_SEGMENTS_PARAMS = new QueryParams(
  windowRule(z.strictObject({ ...WINDOW_FIELDS, limit: limitUpTo(SEGMENT_LIMITS.maxLimit, SEGMENT_LIMITS.defaultLimit), cursor: PAGE.cursor })),
);

export type ListSegmentsParams = z.output<typeof LIST_SEGMENTS_PARAMS.schema>;

export interface SegmentFilters {
  fromSeconds: number | null;
  toSeconds: number | null;
  /** Lower-cased, de-duplicated and sorted, so equal filters compare equal in a cursor. */
  speakers: string[] | null;
}

export const SEGMENT_FILTER_PARAMS = { fromSeconds: 'from_seconds', toSeconds: 'to_seconds', speakers: 'speaker' } as const;

export function segmentFilters(values: Window): SegmentFilters {
  const speakers = values.speaker ? [...new Set(values.speaker.map((name) => name.toLowerCase()))].sort() : null;
  return { fromSeconds: values.from_seconds ?? null, toSeconds: values.to_seconds ?? null, speakers };
}

/** What a transcript source was written with: its segments and the names the user gave its speakers. */
export type TranscriptInput = { segments?: TranscriptSegment[]; speaker_names?: Record<string, string> } | null;

interface SourceInputRow {
  type: string;
  input: TranscriptInput;
}

/**
 * A transcript's turns as data, in the order the content shows them, each with its place (`index`) among all the
 * turns. Seconds are whole, as the content prints them: a turn starts at the second its first segment starts in and
 * ends at the second its last segment ends in (rounded up).
 */
export function segmentsOf(input: TranscriptInput): Segment[] {
  return transcriptTurns(input?.segments ?? [], input?.speaker_names ?? {}).map((turn, index) => ({
    index,
    speaker: turn.speaker,
    start_seconds: Math.floor(turn.start_seconds),
    end_seconds: Math.ceil(turn.end_seconds),
    text: turn.text,
  }));
}

/** The turns of one transcript (segmentsOf). Unknown, invisible or mismatched ids are a 404; a source that is not a transcript a 409. */
export async function readSegments(db: RowQueryable, principal: Principal, conversationId: string, sourceId: string): Promise<Segment[]> {
  if (!isIdOf('conversation', conversationId) || !isIdOf('source', sourceId)) throw notFound('source');
  const [row] = await db.query<SourceInputRow>(
    `SELECT s.type, s.input
     FROM sources s JOIN conversations c ON c.id = s.conversation_id AND c.workspace_id = s.workspace_id
     WHERE s.id = $1 AND s.conversation_id = $2 AND c.workspace_id = $3 AND ${visibleTo('c', '$4')}`,
    [sourceId, conversationId, principal.workspaceId, principal.userId],
  );
  if (!row) throw notFound('source');
  if (row.type !== 'transcript') throw conflict(`Source ${sourceId} is a ${row.type}, not a transcript: it has no segments. Read its content instead.`);
  return segmentsOf(row.input);
}

/** Whether a turn is in the window and said by one of the speakers: overlapping the window, its ends included. */
export function segmentMatches(segment: Segment, filters: SegmentFilters): boolean {
  const { fromSeconds, toSeconds, speakers } = filters;
  if (fromSeconds !== null && segment.end_seconds < fromSeconds) return false;
  if (toSeconds !== null && segment.start_seconds > toSeconds) return false;
  return speakers === null || speakers.includes(segment.speaker.toLowerCase());
}

/** A page of the turns that match, after the cursor's turn. */
export async function listSegments(
  db: RowQueryable,
  principal: Principal,
  conversationId: string,
  sourceId: string,
  request: PageRequest<SegmentFilters>,
): Promise<Page<Segment>> {
  const all = await readSegments(db, principal, conversationId, sourceId);
  const after = request.after === undefined ? -1 : Number(request.after[0]);
  const { toSeconds } = request.filters;
  const segments: Segment[] = [];
  for (let index = after + 1; index < all.length && segments.length <= request.limit; index++) {
    const segment = all[index]!;
    // Turns come in order of their start: none after this one reaches into the window.
    if (toSeconds !== null && segment.start_seconds > toSeconds) break;
    if (segmentMatches(segment, request.filters)) segments.push(segment);
  }
  const hasMore = segments.length > request.limit;
  const items = hasMore ? segments.slice(0, request.limit) : segments;
  const nextKey: CursorKey | null = hasMore ? [items[items.length - 1]!.index] : null;
  return { items, nextKey };
}

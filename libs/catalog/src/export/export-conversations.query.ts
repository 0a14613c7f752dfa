import type { Principal, SourceType } from '@cs/domain';
import { type CursorKey, oldestFirst } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import { conversationConditions } from '../conversations/conversation-conditions';
import { CONVERSATION_FILTER_PARAMS, type ConversationFilters } from '../conversations/conversation-filters';
import { CONVERSATION_COLUMNS, type ConversationRow, type SourceRow, toConversation } from '../conversations/conversation-rows';
import { segmentsOf, type TranscriptInput } from '../sources/list-segments.query';
import { EXPORT_LIMITS, type ExportedConversation } from './export.schema';

export interface ExportFilters extends ConversationFilters {
  updatedAfter: string | null;
}

/** Request parameter name of each filter, for the cursor's binding check. */
export const EXPORT_FILTER_PARAMS = { ...CONVERSATION_FILTER_PARAMS, updatedAfter: 'updated_after' } as const;

export interface ExportedRow {
  /** Where a resumed export starts after this conversation. */
  key: CursorKey;
  conversation: ExportedConversation;
}

const ORDER = oldestFirst('c');

/**
 * GET /api/v1/export: every conversation the caller can see (the list's rule) that the filters keep, oldest first,
 * each as the retrieve response gives it with its transcripts' segments. The filters are checked here, so a folder
 * or tag the caller cannot see is a 404 before the first line; the rows are read as they are consumed.
 */
export async function exportConversations(
  db: RowQueryable,
  principal: Principal,
  filters: ExportFilters,
  after: CursorKey | undefined,
): Promise<AsyncIterable<ExportedRow>> {
  const p = new SqlParams();
  const where = await conversationConditions(db, principal, filters, p);
  if (filters.updatedAfter !== null) where.push(`c.updated_at > ${p.add(filters.updatedAfter)}::timestamptz`);
  return readInBatches(db, where, p, after);
}

interface KeyRow {
  id: string;
  created_at: Date;
  /** Stored size of its sources' content and transcripts' input (compressed where Postgres compressed it): an estimate. */
  bytes: number;
}

/**
 * Keyset batches, no transaction across them: each batch of keys is one short statement, and each group of
 * conversations one more that reads them whole with their sources, so a line is one snapshot of its conversation.
 * A conversation made invisible or deleted between the two is skipped; one written after its line left is not sent
 * again (docs/api.md "Export").
 */
async function* readInBatches(db: RowQueryable, where: string[], p: SqlParams, after: CursorKey | undefined): AsyncIterable<ExportedRow> {
  let key = after;
  for (;;) {
    const q = p.copy();
    const conditions = key === undefined ? where : [...where, ORDER.after(q, key)];
    const keys = await db.query<KeyRow>(
      `SELECT c.id, c.created_at,
         (SELECT COALESCE(sum(COALESCE(octet_length(s.content), 0) + CASE WHEN s.type = 'transcript' THEN COALESCE(pg_column_size(s.input), 0) ELSE 0 END), 0)
          FROM sources s WHERE s.conversation_id = c.id)::float8 AS bytes
       FROM conversations c WHERE ${conditions.join(' AND ')} ${ORDER.orderBy()} LIMIT ${q.add(EXPORT_LIMITS.batchConversations)}`,
      q.values,
    );
    for (const group of groupsOfBytes(keys, EXPORT_LIMITS.batchBytes)) {
      for (const conversation of await readWhole(db, where, p, group)) {
        yield { key: [conversation.created_at, conversation.id], conversation };
      }
    }
    const last = keys[keys.length - 1];
    if (last === undefined || keys.length < EXPORT_LIMITS.batchConversations) return;
    key = [last.created_at.toISOString(), last.id];
  }
}

/** Consecutive runs of ids whose sizes add up to at most `maxBytes`; a conversation bigger than that is a run alone. */
export function groupsOfBytes(rows: readonly { id: string; bytes: number }[], maxBytes: number): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let size = 0;
  for (const row of rows) {
    if (group.length > 0 && size + row.bytes > maxBytes) {
      groups.push(group);
      group = [];
      size = 0;
    }
    group.push(row.id);
    size += row.bytes;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** A conversation's columns and one of its sources' (all null when it has none), the source's id, type and title renamed. */
interface WholeRow extends ConversationRow, Omit<SourceRow, 'id' | 'type' | 'title'> {
  source_id: string | null;
  source_type: SourceType;
  source_title: string | null;
  input: TranscriptInput;
}

/** The conversations of `ids` that still pass the conditions, whole, in the export's order: one statement. */
async function readWhole(db: RowQueryable, where: string[], p: SqlParams, ids: string[]): Promise<ExportedConversation[]> {
  const q = p.copy();
  const rows = await db.query<WholeRow>(
    `SELECT c.*, s.id AS source_id, s.type AS source_type, s.title AS source_title, s.added_at, s.duration_seconds, s.language,
            s.meeting_url, s.attendees, s.content, s.participants, CASE WHEN s.type = 'transcript' THEN s.input END AS input
     FROM (SELECT ${CONVERSATION_COLUMNS}, c.summary, c.action_items FROM conversations c
           WHERE ${[...where, `c.id = ANY(${q.add(ids)})`].join(' AND ')}) c
     LEFT JOIN sources s ON s.conversation_id = c.id
     ORDER BY c.created_at, c.id, s.position, s.id`,
    q.values,
  );
  const conversations: ExportedConversation[] = [];
  let current: { row: WholeRow; sources: SourceRow[]; segments: (ReturnType<typeof segmentsOf> | null)[] } | null = null;
  const flush = () => {
    if (current === null) return;
    const { row, sources, segments } = current;
    const conversation = toConversation(row, sources);
    conversations.push({ ...conversation, sources: conversation.sources.map((source, i) => ({ ...source, segments: segments[i] ?? null })) });
  };
  for (const row of rows) {
    if (current?.row.id !== row.id) {
      flush();
      current = { row, sources: [], segments: [] };
    }
    if (row.source_id === null) continue;
    current.sources.push({ ...row, id: row.source_id, type: row.source_type, title: row.source_title });
    current.segments.push(row.source_type === 'transcript' ? segmentsOf(row.input) : null);
  }
  flush();
  return conversations;
}

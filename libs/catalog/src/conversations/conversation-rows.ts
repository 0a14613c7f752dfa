import type {
  ActionItem,
  Conversation,
  ConversationListEntry,
  ConversationStatus,
  Source,
  SourceLite,
  SourceType,
  TagInline,
  TerminationReason,
} from '@cs/domain';

/** Columns shared by list entries and the full conversation; tags aggregated in SQL, accepted only. */
export const CONVERSATION_COLUMNS = `
  c.id, c.title, c.created_at, c.updated_at, c.status, c.termination_reason, c.folder_id, c.digest,
  COALESCE((
    SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY lower(t.name), t.id)
    FROM conversation_tags ct JOIN tags t ON t.id = ct.tag_id
    WHERE ct.conversation_id = c.id AND ct.accepted
  ), '[]'::json) AS tags`;

export const SOURCE_LITE_COLUMN = `
  COALESCE((
    SELECT json_agg(json_build_object('id', s.id, 'type', s.type, 'duration_seconds', s.duration_seconds, 'language', s.language)
                    ORDER BY s.position, s.id)
    FROM sources s WHERE s.conversation_id = c.id
  ), '[]'::json) AS sources`;

export interface ConversationRow {
  id: string;
  title: string | null;
  created_at: Date;
  updated_at: Date;
  status: ConversationStatus | null;
  termination_reason: TerminationReason | null;
  folder_id: string | null;
  digest: string | null;
  tags: TagInline[];
  summary?: string | null;
  action_items?: ActionItem[];
  sources?: SourceLite[];
}

export interface SourceRow {
  id: string;
  type: SourceType;
  title: string | null;
  added_at: Date | null;
  duration_seconds: number | null;
  language: string | null;
  meeting_url: string | null;
  attendees: string[];
  content: string | null;
  participants: string[];
}

export function toListEntry(row: ConversationRow): ConversationListEntry {
  return {
    id: row.id,
    title: row.title,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    status: row.status,
    termination_reason: row.termination_reason,
    folder_id: row.folder_id,
    digest: row.digest,
    tags: row.tags,
    sources: row.sources ?? [],
  };
}

export function toSource(row: SourceRow): Source {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    added_at: row.added_at?.toISOString() ?? null,
    duration_seconds: row.duration_seconds,
    language: row.language,
    meeting_url: row.meeting_url,
    attendees: row.attendees,
    content: row.content,
    participants: row.participants.map((name) => ({ name })),
  };
}

export function toConversation(row: ConversationRow, sources: SourceRow[]): Conversation {
  // The retrieve representation is the list entry with the summary and full sources in place of the lite ones.
  const { sources: _lite, ...entry } = toListEntry(row);
  return { ...entry, summary: row.summary ?? null, action_items: row.action_items ?? [], sources: sources.map(toSource) };
}

import type { ConversationStatus, SourceType, TerminationReason } from './enums';

/** Shapes exactly as spec "Resources and their fields" gives them; timestamps are ISO 8601 strings. */

export interface TagInline {
  id: string;
  name: string;
  color: string | null;
}

export interface TagCatalogEntry extends TagInline {
  description: string | null;
  applied_count: number;
}

export interface Participant {
  name: string;
}

export interface SourceLite {
  id: string;
  type: SourceType;
  duration_seconds: number | null;
  language: string | null;
}

export interface Source extends SourceLite {
  title: string | null;
  added_at: string | null;
  meeting_url: string | null;
  attendees: string[];
  content: string | null;
  participants: Participant[];
}

export interface ConversationListEntry {
  id: string;
  title: string | null;
  created_at: string;
  updated_at: string;
  status: ConversationStatus | null;
  termination_reason: TerminationReason | null;
  folder_id: string | null;
  digest: string | null;
  tags: TagInline[];
  sources: SourceLite[];
}

/** An action item the summary recognised: what, who (a participant's name) and when, and where it was said. */
export interface ActionItem {
  text: string;
  owner: string | null;
  due: string | null;
  source_id: string;
  start_seconds: number | null;
}

export interface Conversation extends Omit<ConversationListEntry, 'sources'> {
  summary: string | null;
  action_items: ActionItem[];
  sources: Source[];
}

export interface Folder {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: string;
}

/** GET /api/v1/me. The spec leaves field names open; these are ours (documented in the OpenAPI document). */
export interface Me {
  user_id: string;
  /** null unless the connection was granted the `email` scope (API keys always see it). */
  email: string | null;
  workspace_id: string;
  workspace_name: string;
}

export interface ListEnvelope<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

export const BOT_STATUSES = ['scheduled', 'joining', 'waiting_room', 'recording', 'done', 'failed'] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** POST/GET /api/v1/bots (docs/api.md "Write API"): a recorder bot and the conversation it records into. */
export interface Bot {
  id: string;
  status: BotStatus;
  meeting_url: string;
  join_at: string | null;
  conversation_id: string;
  created_at: string;
}

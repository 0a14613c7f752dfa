import type { ConversationStatus, SourceType, TerminationReason, Visibility } from '@cs/domain';
import type { SnakeCased } from '@cs/persistence';

// The rows the fixtures return: each table's columns in camelCase, mapped from what `RETURNING <columns>` gives
// (the record type, snake_case, is derived from the row).
// Accounts' rows (workspaces, users, memberships, API keys) are @cs/accounts' own; these are the catalog's tables,
// which only tests and seeds insert whole (the product writes them through @cs/writes, with their events).

export interface FolderRow {
  id: string;
  workspaceId: string;
  parentId: string | null;
  ownerId: string;
  name: string;
  visibility: Visibility;
  createdAt: Date;
  updatedAt: Date;
}

export interface ConversationRow {
  id: string;
  workspaceId: string;
  ownerId: string;
  folderId: string | null;
  title: string | null;
  status: ConversationStatus | null;
  terminationReason: TerminationReason | null;
  errorReason: string | null;
  visibility: Visibility;
  digest: string | null;
  summary: string | null;
  startedAt: Date | null;
  processingGeneration: number;
  processingRequestedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SourceRow {
  id: string;
  conversationId: string;
  workspaceId: string;
  type: SourceType;
  position: number;
  title: string | null;
  addedAt: Date | null;
  durationSeconds: number | null;
  language: string | null;
  meetingUrl: string | null;
  attendees: string[];
  participants: string[];
  content: string | null;
  /** What the source was created from (segments, markdown, text); processing renders content from it. */
  input: Record<string, unknown> | null;
  createdAt: Date;
}

export interface TagRow {
  id: string;
  workspaceId: string;
  name: string;
  color: string | null;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type FolderRecord = SnakeCased<FolderRow>;
export type ConversationRecord = SnakeCased<ConversationRow>;
export type SourceRecord = SnakeCased<SourceRow>;
export type TagRecord = SnakeCased<TagRow>;

export const FOLDER_COLUMNS = 'id, workspace_id, parent_id, owner_id, name, visibility, created_at, updated_at';
export const CONVERSATION_COLUMNS = `id, workspace_id, owner_id, folder_id, title, status, termination_reason, error_reason, visibility, digest,
  summary, started_at, processing_generation, processing_requested_at, created_at, updated_at`;
export const SOURCE_COLUMNS = `id, conversation_id, workspace_id, type, position, title, added_at, duration_seconds, language, meeting_url,
  attendees, participants, content, input, created_at`;
export const TAG_COLUMNS = 'id, workspace_id, name, color, description, created_at, updated_at';

export const toFolderRow = (r: FolderRecord): FolderRow => ({
  id: r.id,
  workspaceId: r.workspace_id,
  parentId: r.parent_id,
  ownerId: r.owner_id,
  name: r.name,
  visibility: r.visibility,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toConversationRow = (r: ConversationRecord): ConversationRow => ({
  id: r.id,
  workspaceId: r.workspace_id,
  ownerId: r.owner_id,
  folderId: r.folder_id,
  title: r.title,
  status: r.status,
  terminationReason: r.termination_reason,
  errorReason: r.error_reason,
  visibility: r.visibility,
  digest: r.digest,
  summary: r.summary,
  startedAt: r.started_at,
  processingGeneration: r.processing_generation,
  processingRequestedAt: r.processing_requested_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toSourceRow = (r: SourceRecord): SourceRow => ({
  id: r.id,
  conversationId: r.conversation_id,
  workspaceId: r.workspace_id,
  type: r.type,
  position: r.position,
  title: r.title,
  addedAt: r.added_at,
  durationSeconds: r.duration_seconds,
  language: r.language,
  meetingUrl: r.meeting_url,
  attendees: r.attendees,
  participants: r.participants,
  content: r.content,
  input: r.input,
  createdAt: r.created_at,
});

export const toTagRow = (r: TagRecord): TagRow => ({
  id: r.id,
  workspaceId: r.workspace_id,
  name: r.name,
  color: r.color,
  description: r.description,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

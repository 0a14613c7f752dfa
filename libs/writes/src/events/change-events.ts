import type { Visibility } from '@cs/domain';
import {
  CONVERSATION_CHANGE_FIELDS,
  type ConversationChangeField,
  type EventData,
  FOLDER_CHANGE_FIELDS,
  type FolderChangeField,
  recordEvent,
  TAG_CHANGE_FIELDS,
  type TagChangeField,
} from '@cs/events';
import type { WriteContext } from '../write-context';
import type { LockedConversation } from '../conversations/owned-conversation';
import type { FolderRow } from '../folders/folder-row';
import type { TagRow } from '../tags/tag-row';
import type { Tx } from '../tx';
import { type RowChange, updateStatement } from '../update-row';

/*
 * The `*.created`, `*.updated` and `*.deleted` events of the writes, recorded in the write's transaction with the
 * subject as it is after the change (before it, for deletes). docs/api.md "Events".
 */

/** What a conversation's events need of the write: the recorder's reports have no principal. */
type EventContext = Pick<WriteContext, 'requestId' | 'now'>;

type ConversationData = EventData['conversation.created'];
type FolderData = EventData['folder.created'];
type TagData = EventData['tag.created'];

/** A conversation's event data from a row of it, as the write holds it after the change. */
export function conversationData(row: { id: string; title: string | null; started_at: Date; status: ConversationData['status'] }): ConversationData {
  return { id: row.id, title: row.title, started_at: row.started_at.toISOString(), status: row.status };
}

/** For writes that do not hold the row (a create, a recorder's report). */
export async function readConversationData(tx: Tx, id: string): Promise<ConversationData> {
  const [row] = await tx.query<{ id: string; title: string | null; started_at: Date; status: ConversationData['status'] }>(
    `SELECT id, title, COALESCE(started_at, created_at) AS started_at, status FROM conversations WHERE id = $1`,
    [id],
  );
  if (!row) throw new Error(`conversation ${id} does not exist`);
  return conversationData(row);
}

const folderData = (row: FolderRow): FolderData => ({ id: row.id, name: row.name, parent_id: row.parent_id, visibility: row.visibility });
const tagData = (row: TagRow): TagData => ({ id: row.id, name: row.name, color: row.color });

/** Which `changed` field each column is (columns absent here are not part of the representation). */
const CONVERSATION_FIELDS: Record<string, ConversationChangeField> = { title: 'title', folder_id: 'folder', visibility: 'visibility' };
const FOLDER_FIELDS: Record<string, FolderChangeField> = { name: 'name', parent_id: 'parent', visibility: 'visibility' };
const TAG_FIELDS: Record<string, TagChangeField> = { name: 'name', color: 'color', description: 'description' };

function changedFields<F extends string>(change: RowChange<object>, fields: Record<string, F>, order: readonly F[]): F[] {
  const named = new Set(change.columns.map((column) => fields[column]).filter((field): field is F => field !== undefined));
  return order.filter((field) => named.has(field));
}

const wasVisibility = (change: RowChange<{ visibility: Visibility }>): Visibility | undefined =>
  change.columns.includes('visibility') ? change.before.visibility : undefined;

export async function conversationCreated(tx: Tx, ctx: EventContext, workspaceId: string, id: string): Promise<void> {
  await recordEvent(tx, workspaceId, 'conversation.created', await readConversationData(tx, id), ctx.requestId, ctx.now);
}

/** A PATCH of a conversation: its UPDATE and its `conversation.updated`, in one statement; nothing when nothing changed. */
export async function conversationPatched(tx: Tx, ctx: EventContext, change: RowChange<LockedConversation>): Promise<void> {
  const fields = changedFields(change, CONVERSATION_FIELDS, CONVERSATION_CHANGE_FIELDS);
  if (fields.length === 0) return;
  const data = { ...conversationData(change.after), changed: fields as [ConversationChangeField, ...ConversationChangeField[]] };
  await recordEvent(tx, change.after.workspace_id, 'conversation.updated', data, ctx.requestId, ctx.now, {
    wasVisibility: wasVisibility(change),
    change: updateStatement(change, ctx.now),
  });
}

/** A `conversation.updated` about what is not the conversation's row (its sources, its tags), `subject` as it is now. */
export async function conversationUpdated(tx: Tx, ctx: EventContext, workspaceId: string, subject: ConversationData, fields: 'sources' | 'tags'): Promise<void> {
  await recordEvent(tx, workspaceId, 'conversation.updated', { ...subject, changed: [fields] }, ctx.requestId, ctx.now);
}

export async function folderCreated(tx: Tx, ctx: WriteContext, folder: FolderRow): Promise<void> {
  await recordEvent(tx, ctx.principal.workspaceId, 'folder.created', folderData(folder), ctx.requestId, ctx.now);
}

/** A PATCH of a folder: its UPDATE and its `folder.updated`, in one statement; nothing when nothing changed. */
export async function folderPatched(tx: Tx, ctx: WriteContext, change: RowChange<FolderRow>): Promise<void> {
  const fields = changedFields(change, FOLDER_FIELDS, FOLDER_CHANGE_FIELDS);
  if (fields.length === 0) return;
  await recordEvent(tx, ctx.principal.workspaceId, 'folder.updated', { ...folderData(change.after), changed: fields as [FolderChangeField, ...FolderChangeField[]] }, ctx.requestId, ctx.now, {
    wasVisibility: wasVisibility(change),
    change: updateStatement(change, ctx.now),
  });
}

/** Call before the DELETE. */
export async function folderDeleted(tx: Tx, ctx: WriteContext, folder: FolderRow): Promise<void> {
  await recordEvent(tx, ctx.principal.workspaceId, 'folder.deleted', folderData(folder), ctx.requestId, ctx.now);
}

export async function tagCreated(tx: Tx, ctx: WriteContext, tag: TagRow): Promise<void> {
  await recordEvent(tx, ctx.principal.workspaceId, 'tag.created', tagData(tag), ctx.requestId, ctx.now);
}

/** A PATCH of a tag: its UPDATE and its `tag.updated`, in one statement; nothing when nothing changed. */
export async function tagPatched(tx: Tx, ctx: WriteContext, change: RowChange<TagRow>): Promise<void> {
  const fields = changedFields(change, TAG_FIELDS, TAG_CHANGE_FIELDS);
  if (fields.length === 0) return;
  await recordEvent(tx, ctx.principal.workspaceId, 'tag.updated', { ...tagData(change.after), changed: fields as [TagChangeField, ...TagChangeField[]] }, ctx.requestId, ctx.now, {
    change: updateStatement(change, ctx.now),
  });
}

/** Call before the DELETE. */
export async function tagDeleted(tx: Tx, ctx: WriteContext, tag: TagRow): Promise<void> {
  await recordEvent(tx, ctx.principal.workspaceId, 'tag.deleted', tagData(tag), ctx.requestId, ctx.now);
}

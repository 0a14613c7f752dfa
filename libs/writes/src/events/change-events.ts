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
import type { WriteContext } from '../conversations/conversation.commands';
import type { Tx } from '../tx';
import type { RowChange } from '../update-row';

/*
 * The `*.created`, `*.updated` and `*.deleted` events of the writes, recorded in the write's transaction with the
 * subject as it is after the change (before it, for deletes). docs/api.md "Events".
 */

/** What a conversation's events need of the write: the recorder's reports have no principal. */
type EventContext = Pick<WriteContext, 'requestId' | 'now'>;

type ConversationData = EventData['conversation.created'];
type FolderData = EventData['folder.created'];
type TagData = EventData['tag.created'];

async function conversationData(tx: Tx, id: string): Promise<ConversationData> {
  const [row] = await tx.query<{ id: string; title: string | null; started_at: Date; status: ConversationData['status'] }>(
    `SELECT id, title, COALESCE(started_at, created_at) AS started_at, status FROM conversations WHERE id = $1`,
    [id],
  );
  if (!row) throw new Error(`conversation ${id} does not exist`);
  return { id: row.id, title: row.title, started_at: row.started_at.toISOString(), status: row.status };
}

async function folderData(tx: Tx, id: string): Promise<FolderData> {
  const [row] = await tx.query<FolderData>(`SELECT id, name, parent_id, visibility FROM folders WHERE id = $1`, [id]);
  if (!row) throw new Error(`folder ${id} does not exist`);
  return row;
}

async function tagData(tx: Tx, id: string): Promise<TagData> {
  const [row] = await tx.query<TagData>(`SELECT id, name, color FROM tags WHERE id = $1`, [id]);
  if (!row) throw new Error(`tag ${id} does not exist`);
  return row;
}

/** Which `changed` field each column is (columns absent here are not part of the representation). */
const CONVERSATION_FIELDS: Record<string, ConversationChangeField> = { title: 'title', folder_id: 'folder', visibility: 'visibility' };
const FOLDER_FIELDS: Record<string, FolderChangeField> = { name: 'name', parent_id: 'parent', visibility: 'visibility' };
const TAG_FIELDS: Record<string, TagChangeField> = { name: 'name', color: 'color', description: 'description' };

function changedFields<F extends string>(change: RowChange, fields: Record<string, F>, order: readonly F[]): F[] {
  const named = new Set(change.columns.map((column) => fields[column]).filter((field): field is F => field !== undefined));
  return order.filter((field) => named.has(field));
}

const wasVisibility = (change: RowChange): Visibility | undefined =>
  change.columns.includes('visibility') ? (change.before['visibility'] as Visibility) : undefined;

export async function conversationCreated(tx: Tx, ctx: EventContext, workspaceId: string, id: string): Promise<void> {
  await recordEvent(tx, workspaceId, 'conversation.created', await conversationData(tx, id), ctx.requestId, ctx.now);
}

/** The `changed` fields of a PATCH of a conversation, and its visibility before when that changed. */
export function conversationChanges(change: RowChange): { fields: ConversationChangeField[]; wasVisibility?: Visibility } {
  return { fields: changedFields(change, CONVERSATION_FIELDS, CONVERSATION_CHANGE_FIELDS), wasVisibility: wasVisibility(change) };
}

/** A `conversation.updated` naming `fields` (in catalog order); nothing when there are none. */
export async function conversationUpdated(
  tx: Tx,
  ctx: EventContext,
  workspaceId: string,
  id: string,
  changes: { fields: readonly ConversationChangeField[]; wasVisibility?: Visibility },
): Promise<void> {
  const fields = CONVERSATION_CHANGE_FIELDS.filter((field) => changes.fields.includes(field));
  if (fields.length === 0) return;
  const data = { ...(await conversationData(tx, id)), changed: fields as [ConversationChangeField, ...ConversationChangeField[]] };
  await recordEvent(tx, workspaceId, 'conversation.updated', data, ctx.requestId, ctx.now, { wasVisibility: changes.wasVisibility });
}

export async function folderCreated(tx: Tx, ctx: WriteContext, id: string): Promise<void> {
  await recordEvent(tx, ctx.principal.workspaceId, 'folder.created', await folderData(tx, id), ctx.requestId, ctx.now);
}

export async function folderUpdated(tx: Tx, ctx: WriteContext, id: string, change: RowChange): Promise<void> {
  const fields = changedFields(change, FOLDER_FIELDS, FOLDER_CHANGE_FIELDS);
  if (fields.length === 0) return;
  await recordEvent(tx, ctx.principal.workspaceId, 'folder.updated', { ...(await folderData(tx, id)), changed: fields as [FolderChangeField, ...FolderChangeField[]] }, ctx.requestId, ctx.now, {
    wasVisibility: wasVisibility(change),
  });
}

/** Call before the DELETE. */
export async function folderDeleted(tx: Tx, ctx: WriteContext, id: string): Promise<void> {
  await recordEvent(tx, ctx.principal.workspaceId, 'folder.deleted', await folderData(tx, id), ctx.requestId, ctx.now);
}

export async function tagCreated(tx: Tx, ctx: WriteContext, id: string): Promise<void> {
  await recordEvent(tx, ctx.principal.workspaceId, 'tag.created', await tagData(tx, id), ctx.requestId, ctx.now);
}

export async function tagUpdated(tx: Tx, ctx: WriteContext, id: string, change: RowChange): Promise<void> {
  const fields = changedFields(change, TAG_FIELDS, TAG_CHANGE_FIELDS);
  if (fields.length === 0) return;
  await recordEvent(tx, ctx.principal.workspaceId, 'tag.updated', { ...(await tagData(tx, id)), changed: fields as [TagChangeField, ...TagChangeField[]] }, ctx.requestId, ctx.now);
}

/** Call before the DELETE. */
export async function tagDeleted(tx: Tx, ctx: WriteContext, id: string): Promise<void> {
  await recordEvent(tx, ctx.principal.workspaceId, 'tag.deleted', await tagData(tx, id), ctx.requestId, ctx.now);
}

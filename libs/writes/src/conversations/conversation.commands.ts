import { getConversation } from '@cs/catalog';
import { type Conversation, conflict, isIdOf, newId, notFound, type Principal } from '@cs/domain';
import { recordEvent, requestProcessing } from '@cs/events';
import { indexConversation } from '@cs/search';
import type { Tx } from '../tx';
import type { WriteContext } from '../write-context';
import { rowChange } from '../update-row';
import { LIMITS } from '../validation/fields';
import type { CreateConversationInput, SourceInput, UpdateConversationInput } from './conversation-input.schema';
import { insertSources, type UploadInput } from './insert-sources';
import { type LockedConversation, lockOwnedConversation } from './owned-conversation';
import { assertFolderUsable, assertTagsExist } from './references';
import { conversationCreated, conversationData, conversationPatched, conversationUpdated } from '../events/change-events';

/** POST /conversations: the conversation, its sources and tags, and its processing request, in one transaction. */
export async function createConversation(tx: Tx, ctx: WriteContext, input: CreateConversationInput): Promise<Conversation> {
  const { principal, now } = ctx;
  if (input.folder_id) await assertFolderUsable(tx, principal, input.folder_id);
  const tagIds = await assertTagsExist(tx, principal, input.tag_ids ?? []);
  const id = newId('conversation', now);
  await tx.query(
    `INSERT INTO conversations (id, workspace_id, owner_id, folder_id, title, status, visibility, started_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $8)`,
    [id, principal.workspaceId, principal.userId, input.folder_id ?? null, input.title ?? null, input.visibility ?? 'private', input.started_at ?? null, now],
  );
  const conversation = { id, workspaceId: principal.workspaceId };
  await insertSources(tx, conversation, input.sources, now);
  for (const tagId of tagIds) {
    await tx.query(`INSERT INTO conversation_tags (conversation_id, tag_id, workspace_id, origin, accepted) VALUES ($1, $2, $3, 'user', true)`, [
      id,
      tagId,
      principal.workspaceId,
    ]);
  }
  await requestProcessing(tx, conversation, ctx.requestId, now);
  await conversationCreated(tx, ctx, principal.workspaceId, id);
  return getConversation(tx, principal, id);
}

/** POST /conversations/{id}/sources: adding a source sends the conversation back through processing. */
export async function addSources(tx: Tx, ctx: WriteContext, conversationId: string, inputs: ReadonlyArray<SourceInput | UploadInput>): Promise<Conversation> {
  const locked = await lockOwnedConversation(tx, ctx.principal, conversationId);
  const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM sources WHERE conversation_id = $1`, [locked.id]);
  if (count + inputs.length > LIMITS.sourcesPerConversation) {
    throw conflict(`A conversation holds at most ${LIMITS.sourcesPerConversation} sources; this one has ${count}.`);
  }
  const conversation = { id: locked.id, workspaceId: locked.workspace_id };
  await insertSources(tx, conversation, inputs, ctx.now);
  await requestProcessing(tx, conversation, ctx.requestId, ctx.now);
  // requestProcessing made it pending.
  await conversationUpdated(tx, ctx, locked.workspace_id, conversationData({ ...locked, status: 'pending' }), 'sources');
  return getConversation(tx, ctx.principal, locked.id);
}

/** PATCH /conversations/{id}: title, folder and visibility; content changes go through sources. */
export async function updateConversation(tx: Tx, ctx: WriteContext, conversationId: string, input: UpdateConversationInput): Promise<Conversation> {
  const locked = await lockOwnedConversation(tx, ctx.principal, conversationId);
  if (input.folder_id) await assertFolderUsable(tx, ctx.principal, input.folder_id);
  const change = rowChange('conversations', locked, { title: input.title, folder_id: input.folder_id, visibility: input.visibility });
  await conversationPatched(tx, ctx, change);
  // A new title is searchable (and the old one no longer) when this commits; folder and visibility are read at query time.
  if (change.columns.includes('title')) await indexConversation(tx, locked.id);
  return getConversation(tx, ctx.principal, locked.id);
}

/** DELETE /conversations/{id}: gone at once, with a conversation.deleted event carrying the last-known title. */
export async function deleteConversation(tx: Tx, ctx: WriteContext, conversationId: string): Promise<void> {
  const locked = await lockOwnedConversation(tx, ctx.principal, conversationId);
  await recordEvent(
    tx,
    locked.workspace_id,
    'conversation.deleted',
    { id: locked.id, title: locked.title, started_at: locked.started_at.toISOString(), status: locked.status },
    ctx.requestId,
    ctx.now,
  );
  await tx.query(`DELETE FROM conversations WHERE id = $1`, [locked.id]);
}

/** PUT /conversations/{id}/tags/{tag_id}: applies the tag, or accepts it where processing suggested it. */
export async function applyTag(tx: Tx, ctx: WriteContext, conversationId: string, tagId: string): Promise<Conversation> {
  const locked = await lockOwnedConversation(tx, ctx.principal, conversationId);
  await assertTagInWorkspace(tx, ctx.principal, tagId);
  // Applied, or a suggestion accepted: a change; already applied: none (no updated_at, no event).
  const applied = await tx.affected(
    `INSERT INTO conversation_tags (conversation_id, tag_id, workspace_id, origin, accepted) VALUES ($1, $2, $3, 'user', true)
     ON CONFLICT (conversation_id, tag_id) DO UPDATE SET accepted = true WHERE NOT conversation_tags.accepted`,
    [locked.id, tagId, locked.workspace_id],
  );
  if (applied > 0) await tagsChanged(tx, ctx, locked);
  return getConversation(tx, ctx.principal, locked.id);
}

/** DELETE /conversations/{id}/tags/{tag_id}: removes the tag, or rejects the suggestion. Idempotent. */
export async function removeTag(tx: Tx, ctx: WriteContext, conversationId: string, tagId: string): Promise<Conversation> {
  const locked = await lockOwnedConversation(tx, ctx.principal, conversationId);
  await assertTagInWorkspace(tx, ctx.principal, tagId);
  // A rejected suggestion was never shown: only removing an accepted tag changes the conversation.
  const removed = await tx.query<{ accepted: boolean }>(`DELETE FROM conversation_tags WHERE conversation_id = $1 AND tag_id = $2 RETURNING accepted`, [locked.id, tagId]);
  if (removed.some((row) => row.accepted)) await tagsChanged(tx, ctx, locked);
  return getConversation(tx, ctx.principal, locked.id);
}

async function assertTagInWorkspace(tx: Tx, principal: Principal, tagId: string): Promise<void> {
  if (!isIdOf('tag', tagId)) throw notFound('tag');
  // FOR KEY SHARE: a concurrent delete of the tag waits for this write, or has already made it a 404 (see references.ts).
  const rows = await tx.query(`SELECT 1 FROM tags WHERE id = $1 AND workspace_id = $2 FOR KEY SHARE`, [tagId, principal.workspaceId]);
  if (rows.length === 0) throw notFound('tag');
}

async function tagsChanged(tx: Tx, ctx: WriteContext, conversation: LockedConversation): Promise<void> {
  await tx.query(`UPDATE conversations SET updated_at = $2 WHERE id = $1`, [conversation.id, ctx.now]);
  await conversationUpdated(tx, ctx, conversation.workspace_id, conversationData(conversation), 'tags');
}

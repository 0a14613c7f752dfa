import { addMembership, createTenant, createUser, createWorkspace } from '@cs/accounts';
import { newId } from '@cs/domain';
import { requestProcessing } from '@cs/events';
import { insertRows, type RowQueryable } from '@cs/persistence';
import { DEMO_FOLDERS, DEMO_TAGS, DEMO_USERS, DEMO_WORKSPACES, type UserKey, type WorkspaceKey } from './demo-organisation.dataset';
import type { PlannedConversation } from './planned-conversation.model';

export interface WrittenDemo {
  workspaces: Array<{ key: WorkspaceKey; id: string; name: string }>;
  users: Array<{ key: UserKey; id: string; workspaceId: string }>;
}

const DAY = 86_400_000;

/** Lookup that fails loudly: a dataset key without a row is a bug in the dataset, not a runtime condition. */
function idOf<K extends string>(ids: Map<K, string>, key: K): string {
  const id = ids.get(key);
  if (!id) throw new Error(`demo dataset refers to unknown key "${key}"`);
  return id;
}

const FOLDER_COLUMNS = ['id', 'workspace_id', 'parent_id', 'owner_id', 'name', 'visibility', 'created_at', 'updated_at'];
const TAG_COLUMNS = ['id', 'workspace_id', 'name', 'color', 'description', 'created_at', 'updated_at'];
const CONVERSATION_COLUMNS = [
  'id', 'workspace_id', 'owner_id', 'folder_id', 'title', 'visibility', 'status', 'termination_reason', 'error_reason', 'created_at', 'updated_at',
];
const SOURCE_COLUMNS = [
  'id', 'conversation_id', 'workspace_id', 'position', 'added_at', 'created_at', 'type', 'title', 'duration_seconds', 'language', 'meeting_url',
  'attendees', 'participants', 'content', 'input', 'upload', 'upload_kind',
];
const CONVERSATION_TAG_COLUMNS = ['conversation_id', 'tag_id', 'workspace_id', 'origin', 'accepted', 'created_at'];

/**
 * Inserts the whole demo through the caller's transaction, parents before children so every
 * composite foreign key (workspace_id, …) is satisfied. Organisation rows are back-dated before the
 * oldest conversation so the history reads consistently.
 */
export async function writeDemo(
  db: RowQueryable,
  plan: readonly PlannedConversation[],
  passwordHashes: Record<UserKey, string>,
  now: Date,
): Promise<WrittenDemo> {
  const orgTime = (daysAgo: number, step: number) => new Date(Math.floor((now.getTime() - daysAgo * DAY) / 1000) * 1000 + step * 60_000);

  const workspaceIds = new Map<WorkspaceKey, string>();
  const written: WrittenDemo = { workspaces: [], users: [] };
  for (const [i, ws] of DEMO_WORKSPACES.entries()) {
    const createdAt = orgTime(96, i);
    const tenant = await createTenant(db, { name: ws.tenant, createdAt });
    const { id } = await createWorkspace(db, { tenantId: tenant.id, name: ws.name, createdAt });
    workspaceIds.set(ws.key, id);
    written.workspaces.push({ key: ws.key, id, name: ws.name });
  }

  const userIds = new Map<UserKey, string>();
  for (const [i, user] of DEMO_USERS.entries()) {
    const createdAt = orgTime(96, 10 + i);
    const workspaceId = idOf(workspaceIds, user.workspace);
    const { id } = await createUser(db, { email: user.email, name: user.name, passwordHash: passwordHashes[user.key], createdAt });
    await addMembership(db, { workspaceId, userId: id, role: user.role, createdAt });
    userIds.set(user.key, id);
    written.users.push({ key: user.key, id, workspaceId });
  }

  const folderIds = new Map<string, string>();
  for (const [i, folder] of DEMO_FOLDERS.entries()) {
    const createdAt = orgTime(95, i);
    const id = newId('folder', createdAt);
    const parentId = folder.parent === null ? null : idOf(folderIds, folder.parent);
    // One at a time: a folder's parent must exist before it.
    await insertRows(db, 'folders', FOLDER_COLUMNS, [
      [id, idOf(workspaceIds, folder.workspace), parentId, idOf(userIds, folder.owner), folder.name, folder.visibility, createdAt, createdAt],
    ]);
    folderIds.set(folder.key, id);
  }

  const tagIds = new Map<string, string>();
  const tagRows = DEMO_TAGS.map((tag, i) => {
    const createdAt = orgTime(94, i);
    const id = newId('tag', createdAt);
    tagIds.set(tag.key, id);
    const { name, color, description } = tag;
    return [id, idOf(workspaceIds, tag.workspace), name, color, description, createdAt, createdAt];
  });
  await insertRows(db, 'tags', TAG_COLUMNS, tagRows);

  const conversations: unknown[][] = [];
  const sources: unknown[][] = [];
  const conversationTags: unknown[][] = [];
  const toProcess: Array<{ id: string; workspaceId: string }> = [];
  for (const planned of plan) {
    const id = newId('conversation', planned.createdAt);
    const workspaceId = idOf(workspaceIds, planned.workspace);
    const { title, visibility, status, terminationReason, errorReason, createdAt, updatedAt } = planned;
    const ownerId = idOf(userIds, planned.owner);
    const folderId = planned.folder === null ? null : idOf(folderIds, planned.folder);
    conversations.push([id, workspaceId, ownerId, folderId, title, visibility, status, terminationReason, errorReason, createdAt, updatedAt]);
    if (planned.process) toProcess.push({ id, workspaceId });
    planned.sources.forEach((source, position) => {
      const addedAt = new Date(createdAt.getTime() + position * 1000);
      const { type, title: sourceTitle, durationSeconds, language, meetingUrl, attendees, participants, content, input, upload, uploadKind } = source;
      sources.push([
        newId('source', addedAt), id, workspaceId, position, addedAt, addedAt, type, sourceTitle, durationSeconds, language, meetingUrl, attendees, participants, content,
        input === null ? null : JSON.stringify(input), upload, uploadKind,
      ]);
    });
    for (const tag of planned.tags) conversationTags.push([id, idOf(tagIds, tag.tag), workspaceId, tag.origin, tag.accepted, updatedAt]);
  }
  await insertRows(db, 'conversations', CONVERSATION_COLUMNS, conversations);
  await insertRows(db, 'sources', SOURCE_COLUMNS, sources);
  await insertRows(db, 'conversation_tags', CONVERSATION_TAG_COLUMNS, conversationTags);
  // Each processing job goes to the outbox in this transaction; the processor picks them up once it runs, so the seed
  // (and `npm start`) does not wait for any summary.
  for (const conversation of toProcess) await requestProcessing(db, conversation, null, now);
  return written;
}

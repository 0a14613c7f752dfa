import { newId } from '@cs/domain';
import {
  ConversationEntity,
  ConversationTagEntity,
  FolderEntity,
  MembershipEntity,
  SourceEntity,
  TagEntity,
  TenantEntity,
  UserEntity,
  WorkspaceEntity,
} from '@cs/persistence';
import type { EntityManager } from 'typeorm';
import { DEMO_FOLDERS, DEMO_TAGS, DEMO_USERS, DEMO_WORKSPACES, type UserKey, type WorkspaceKey } from './demo-organisation.dataset';
import type { PlannedConversation } from './demo-conversations.planner';

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

/**
 * Inserts the whole demo through the caller's transaction manager, parents before children so every
 * composite foreign key (workspace_id, …) is satisfied. Organisation rows are back-dated before the
 * oldest conversation so the history reads consistently.
 */
export async function writeDemo(
  manager: EntityManager,
  plan: readonly PlannedConversation[],
  passwordHashes: Record<UserKey, string>,
  now: Date,
): Promise<WrittenDemo> {
  const orgTime = (daysAgo: number, step: number) => new Date(Math.floor((now.getTime() - daysAgo * DAY) / 1000) * 1000 + step * 60_000);

  const workspaceIds = new Map<WorkspaceKey, string>();
  const written: WrittenDemo = { workspaces: [], users: [] };
  for (const [i, ws] of DEMO_WORKSPACES.entries()) {
    const createdAt = orgTime(96, i);
    const tenantId = newId('tenant', createdAt);
    await manager.insert(TenantEntity, { id: tenantId, name: ws.tenant, createdAt });
    const id = newId('workspace', createdAt);
    await manager.insert(WorkspaceEntity, { id, tenantId, name: ws.name, oauthAppsEnabled: false, createdAt });
    workspaceIds.set(ws.key, id);
    written.workspaces.push({ key: ws.key, id, name: ws.name });
  }

  const userIds = new Map<UserKey, string>();
  for (const [i, user] of DEMO_USERS.entries()) {
    const createdAt = orgTime(96, 10 + i);
    const id = newId('user', createdAt);
    const workspaceId = idOf(workspaceIds, user.workspace);
    await manager.insert(UserEntity, { id, email: user.email, name: user.name, passwordHash: passwordHashes[user.key], createdAt });
    await manager.insert(MembershipEntity, { workspaceId, userId: id, role: user.role, createdAt });
    userIds.set(user.key, id);
    written.users.push({ key: user.key, id, workspaceId });
  }

  const folderIds = new Map<string, string>();
  for (const [i, folder] of DEMO_FOLDERS.entries()) {
    const createdAt = orgTime(95, i);
    const id = newId('folder', createdAt);
    await manager.insert(FolderEntity, {
      id,
      workspaceId: idOf(workspaceIds, folder.workspace),
      parentId: folder.parent === null ? null : idOf(folderIds, folder.parent),
      ownerId: idOf(userIds, folder.owner),
      name: folder.name,
      visibility: folder.visibility,
      createdAt,
      updatedAt: createdAt,
    });
    folderIds.set(folder.key, id);
  }

  const tagIds = new Map<string, string>();
  const tagRows = DEMO_TAGS.map((tag, i) => {
    const createdAt = orgTime(94, i);
    const id = newId('tag', createdAt);
    tagIds.set(tag.key, id);
    const { name, color, description } = tag;
    return { id, workspaceId: idOf(workspaceIds, tag.workspace), name, color, description, createdAt, updatedAt: createdAt };
  });
  await manager.insert(TagEntity, tagRows);

  const conversations: Partial<ConversationEntity>[] = [];
  const sources: Partial<SourceEntity>[] = [];
  const conversationTags: Partial<ConversationTagEntity>[] = [];
  for (const planned of plan) {
    const id = newId('conversation', planned.createdAt);
    const workspaceId = idOf(workspaceIds, planned.workspace);
    const { title, visibility, status, terminationReason, errorReason, digest, summary, createdAt, updatedAt } = planned;
    conversations.push({
      id,
      workspaceId,
      ownerId: idOf(userIds, planned.owner),
      folderId: planned.folder === null ? null : idOf(folderIds, planned.folder),
      title,
      visibility,
      status,
      terminationReason,
      errorReason,
      digest,
      summary,
      createdAt,
      updatedAt,
    });
    planned.sources.forEach((source, position) => {
      const addedAt = new Date(createdAt.getTime() + position * 1000);
      sources.push({ id: newId('source', addedAt), conversationId: id, workspaceId, position, addedAt, createdAt: addedAt, ...source });
    });
    for (const tag of planned.tags) {
      conversationTags.push({ conversationId: id, tagId: idOf(tagIds, tag.tag), workspaceId, origin: tag.origin, accepted: tag.accepted, createdAt: updatedAt });
    }
  }
  // Chunked: one multi-row INSERT per chunk keeps the seed fast without nearing Postgres' parameter limit.
  for (const [entity, rows] of [
    [ConversationEntity, conversations],
    [SourceEntity, sources],
    [ConversationTagEntity, conversationTags],
  ] as const) {
    for (let i = 0; i < rows.length; i += 200) await manager.insert(entity, rows.slice(i, i + 200));
  }
  return written;
}

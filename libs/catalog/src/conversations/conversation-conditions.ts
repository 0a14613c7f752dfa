import { notFound, type Principal, visibleTo } from '@cs/domain';
import type { RowQueryable, SqlParams } from '@cs/persistence';
import { assertFolderVisible, descendantFolderIds } from '../folders/folder-access';
import type { ConversationFilters } from './conversation-filters';

async function assertTagsExist(db: RowQueryable, principal: Principal, tagIds: string[]): Promise<void> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM tags WHERE workspace_id = $1 AND id = ANY($2)',
    [principal.workspaceId, tagIds],
  );
  if (rows[0]?.n !== tagIds.length) throw notFound('tag');
}

/**
 * The WHERE conditions on conversation `alias` that every conversation list applies (GET /conversations, GET /search):
 * the caller's workspace, the visibility rule and the filters. A folder or tag filter that names nothing the caller
 * can see is a 404, as on the list. Written once so search can never show what the list would hide.
 */
export async function conversationConditions(
  db: RowQueryable,
  principal: Principal,
  filters: ConversationFilters,
  p: SqlParams,
  alias = 'c',
): Promise<string[]> {
  if (filters.folderId !== null) await assertFolderVisible(db, principal, filters.folderId);
  if (filters.tagIds.length > 0) await assertTagsExist(db, principal, filters.tagIds);

  const where = [`${alias}.workspace_id = ${p.add(principal.workspaceId)}`, visibleTo(alias, p.add(principal.userId))];
  if (filters.status !== 'all') where.push(`${alias}.status = ${p.add(filters.status)}`);
  if (filters.createdAfter !== null) where.push(`${alias}.created_at > ${p.add(filters.createdAfter)}::timestamptz`);
  if (filters.folderId !== null) {
    const folder = p.add(filters.folderId);
    where.push(
      filters.recursive
        ? `(${alias}.folder_id = ${folder} OR ${alias}.folder_id IN ${descendantFolderIds(p, filters.folderId)})`
        : `${alias}.folder_id = ${folder}`,
    );
  }
  if (filters.tagIds.length > 0) {
    where.push(`EXISTS (SELECT 1 FROM conversation_tags ct
      WHERE ct.conversation_id = ${alias}.id AND ct.accepted AND ct.tag_id = ANY(${p.add(filters.tagIds)}))`);
  }
  return where;
}

import { type ConversationListEntry, notFound, type Principal } from '@cs/domain';
import { type Queryable, visibleTo } from '../db';
import { assertFolderVisible, descendantFolderIds } from '../folders/folder-access';
import type { PageRequest } from '../params/page-request';
import { type Page, toPage } from '../params/page';
import { SqlParams } from '../sql-params';
import type { ConversationFilters } from './conversation-filters';
import { CONVERSATION_COLUMNS, type ConversationRow, SOURCE_LITE_COLUMN, toListEntry } from './conversation-rows';

async function assertTagsExist(db: Queryable, principal: Principal, tagIds: string[]): Promise<void> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM tags WHERE workspace_id = $1 AND id = ANY($2)',
    [principal.workspaceId, tagIds],
  );
  if (rows[0]?.n !== tagIds.length) throw notFound('tag');
}

/**
 * GET /conversations: visible conversations, newest first, id breaking ties; keyset-paginated on
 * (created_at, id) so a page deep in the listing costs what the first one does.
 */
export async function listConversations(
  db: Queryable,
  principal: Principal,
  request: PageRequest<ConversationFilters>,
): Promise<Page<ConversationListEntry>> {
  const { filters, limit, after } = request;
  if (filters.folderId !== null) await assertFolderVisible(db, principal, filters.folderId);
  if (filters.tagIds.length > 0) await assertTagsExist(db, principal, filters.tagIds);

  const p = new SqlParams();
  const where = [`c.workspace_id = ${p.add(principal.workspaceId)}`, visibleTo('c', p.add(principal.userId))];
  if (filters.status !== 'all') where.push(`c.status = ${p.add(filters.status)}`);
  if (filters.createdAfter !== null) where.push(`c.created_at > ${p.add(filters.createdAfter)}::timestamptz`);
  if (filters.folderId !== null) {
    const folder = p.add(filters.folderId);
    where.push(
      filters.recursive
        ? `(c.folder_id = ${folder} OR c.folder_id IN ${descendantFolderIds(p, filters.folderId)})`
        : `c.folder_id = ${folder}`,
    );
  }
  if (filters.tagIds.length > 0) {
    where.push(`EXISTS (SELECT 1 FROM conversation_tags ct
      WHERE ct.conversation_id = c.id AND ct.accepted AND ct.tag_id = ANY(${p.add(filters.tagIds)}))`);
  }
  if (after) where.push(`(c.created_at, c.id) < (${p.add(after[0])}::timestamptz, ${p.add(after[1])})`);

  const rows = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS}, ${SOURCE_LITE_COLUMN}
     FROM conversations c
     WHERE ${where.join(' AND ')}
     ORDER BY c.created_at DESC, c.id DESC
     LIMIT ${p.add(limit + 1)}`,
    p.values,
  );
  return toPage(rows, limit, (r) => [r.created_at.toISOString(), r.id], toListEntry);
}

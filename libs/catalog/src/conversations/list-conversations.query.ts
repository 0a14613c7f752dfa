import { type ConversationListEntry, notFound, type Principal, visibleTo } from '@cs/domain';
import { newestFirst, type Page, type PageRequest } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import { assertFolderVisible, descendantFolderIds } from '../folders/folder-access';
import type { ConversationFilters } from './conversation-filters';
import { CONVERSATION_COLUMNS, type ConversationRow, SOURCE_LITE_COLUMN, toListEntry } from './conversation-rows';

const ORDER = newestFirst('c');

async function assertTagsExist(db: RowQueryable, principal: Principal, tagIds: string[]): Promise<void> {
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
  db: RowQueryable,
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
  if (filters.updatedAfter !== null) where.push(`c.updated_at > ${p.add(filters.updatedAfter)}::timestamptz`);
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
  if (after) where.push(ORDER.after(p, after));

  const rows = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS}, ${SOURCE_LITE_COLUMN}
     FROM conversations c
     WHERE ${where.join(' AND ')}
     ${ORDER.orderAndLimit(p, limit)}`,
    p.values,
  );
  return ORDER.page(rows, limit, toListEntry);
}

import type { ConversationListEntry, Principal } from '@cs/domain';
import { newestFirst, type Page, type PageRequest } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import { conversationConditions } from './conversation-conditions';
import type { ListConversationFilters } from './conversation-filters';
import { CONVERSATION_COLUMNS, type ConversationRow, SOURCE_LITE_COLUMN, toListEntry } from './conversation-rows';
import { conversationMatches, TextQuery } from './text-query';

const ORDER = newestFirst('c');

/**
 * GET /conversations: visible conversations, newest first, id breaking ties; keyset-paginated on
 * (created_at, id) so a page deep in the listing costs what the first one does. `q` narrows the list to
 * conversations with a matching passage and changes nothing else (order, cursors, other filters).
 */
export async function listConversations(
  db: RowQueryable,
  principal: Principal,
  request: PageRequest<ListConversationFilters>,
): Promise<Page<ConversationListEntry>> {
  const { filters, limit, after } = request;
  const p = new SqlParams();
  const where = await conversationConditions(db, principal, filters, p);
  if (filters.q !== null) where.push(conversationMatches(p, 'c', principal.workspaceId, await TextQuery.analyse(db, filters.q)));
  if (filters.updatedAfter !== null) where.push(`c.updated_at > ${p.add(filters.updatedAfter)}::timestamptz`);
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

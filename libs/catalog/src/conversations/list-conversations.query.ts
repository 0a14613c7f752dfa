import type { ConversationListEntry, Principal } from '@cs/domain';
import { newestFirst, type Page, type PageRequest } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import { conversationConditions } from './conversation-conditions';
import type { ListConversationFilters } from './conversation-filters';
import { CONVERSATION_COLUMNS, type ConversationRow, SOURCE_LITE_COLUMN, toListEntry } from './conversation-rows';
import { densityPilot, TextQuery, WHEN_DENSE, WHEN_SPARSE } from './text-query';

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
  if (filters.updatedAfter !== null) where.push(`c.updated_at > ${p.add(filters.updatedAfter)}::timestamptz`);
  if (after) where.push(ORDER.after(p, after));
  const select = (conditions: readonly string[]) =>
    `SELECT ${CONVERSATION_COLUMNS}, ${SOURCE_LITE_COLUMN} FROM conversations c WHERE ${conditions.join(' AND ')} ${ORDER.orderAndLimit(p, limit)}`;
  if (filters.q === null) return ORDER.page(await db.query<ConversationRow>(select(where), p.values), limit, toListEntry);

  // With `q`: a dense query walks the list's order and asks the index about each conversation by its id (a page
  // costs a few dozen probes); a sparse one takes every matching passage from the index first, then the page of
  // their conversations. The pilot tells which (densityPilot); only that arm runs. The matches are a materialized
  // CTE, read only if the sparse arm runs, so that the planner cannot turn that arm into a walk of its own.
  const text = await TextQuery.analyse(db, filters.q);
  const passages = `sp.workspace_id = ${p.add(principal.workspaceId)} AND ${text.bind(p).matches('sp')}`;
  const rows = await db.query<ConversationRow>(
    `WITH pilot AS MATERIALIZED (${densityPilot(where, passages, limit + 1)}),
     matched AS MATERIALIZED (SELECT DISTINCT sp.conversation_id FROM search_passages sp WHERE ${passages})
     SELECT * FROM (
       (${select([...where, `EXISTS (SELECT 1 FROM search_passages sp WHERE sp.conversation_id = c.id AND ${passages} OFFSET 0)`, WHEN_DENSE])})
       UNION ALL
       (${select([...where, 'c.id IN (SELECT conversation_id FROM matched)', WHEN_SPARSE])})
     ) c ${ORDER.orderBy()}`,
    p.values,
  );
  return ORDER.page(rows, limit, toListEntry);
}

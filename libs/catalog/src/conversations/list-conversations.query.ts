import type { ConversationListEntry, Principal } from '@cs/domain';
import { newestFirst, type Page, type PageRequest } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import { conversationConditions } from './conversation-conditions';
import type { ListConversationFilters } from './conversation-filters';
import { CONVERSATION_COLUMNS, type ConversationRow, SOURCE_LITE_COLUMN, toListEntry } from './conversation-rows';
import { TextQuery } from './text-query';

const ORDER = newestFirst('c');

/**
 * GET /conversations: visible conversations, newest first, id breaking ties; keyset-paginated on
 * (created_at, id) so a page deep in the listing costs what the first one does. `q` narrows the list to
 * conversations that hold every word of it anywhere (any passages, any sources), each of its phrases as written and
 * none of its excluded words, and changes nothing else (order, cursors, other filters).
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

  // With `q`: the conversations whose words (search_conversation_terms) hold every word of `q` come from that
  // table's GIN index first (one row a conversation, so even a word every conversation holds is a posting list as
  // long as the workspace's conversations, not its passages); then the list's filters and order, and for a phrase or
  // an exclusion one probe of the passages' index per conversation on the way to the page.
  const text = (await TextQuery.analyse(db, filters.q)).bind(p);
  const holding = text.holdsWords('t');
  const workspace = p.add(principal.workspaceId);
  const excluded = text.excludedFrom('c.id');
  const conditions = [
    ...where,
    ...(holding === null ? [] : [`c.id IN (SELECT t.conversation_id FROM matched t)`]),
    ...text.phrasesHeldBy('c.id'),
    ...(excluded === null ? [] : [excluded]),
  ];
  const matched = holding === null ? '' : `WITH matched AS MATERIALIZED (SELECT t.conversation_id FROM search_conversation_terms t WHERE t.workspace_id = ${workspace} AND ${holding}) `;
  return ORDER.page(await db.query<ConversationRow>(`${matched}${select(conditions)}`, p.values), limit, toListEntry);
}

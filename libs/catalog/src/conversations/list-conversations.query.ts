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

  // With `q`: a conversation qualifies when its words (search_conversation_terms, one row a conversation) hold
  // every word of `q`. Two ways to find them, measured in the statement by a pilot: when most of the newest
  // conversations the list would show qualify (a common word), walking the list's order and checking each by primary
  // key stops after about a page; otherwise the words' GIN index yields the qualifying conversations first, then the
  // list's filters and order. Only the arm the pilot picks runs (a one-time filter). A phrase or an exclusion then
  // costs one probe of the passages' index per conversation on the way to the page.
  const text = (await TextQuery.analyse(db, filters.q)).bind(p);
  const holding = text.holdsWords('t');
  const excluded = text.excludedFrom('c.id');
  const strict = [...text.phrasesHeldBy('c.id'), ...(excluded === null ? [] : [excluded])];
  if (holding === null) return ORDER.page(await db.query<ConversationRow>(select([...where, ...strict]), p.values), limit, toListEntry);
  const holds = `EXISTS (SELECT 1 FROM search_conversation_terms t WHERE t.conversation_id = c.id AND ${holding})`;
  const rows = await db.query<ConversationRow>(
    `WITH pilot AS MATERIALIZED (
       SELECT count(*) FILTER (WHERE ${holds}) * 2 >= ${PILOT_CONVERSATIONS} AS dense
       FROM (SELECT c.id FROM conversations c WHERE ${where.join(' AND ')} ${ORDER.orderBy()} LIMIT ${PILOT_CONVERSATIONS}) c
     ),
     matched AS MATERIALIZED (
       SELECT t.conversation_id FROM search_conversation_terms t
       WHERE t.workspace_id = ${p.add(principal.workspaceId)} AND ${holding} AND NOT (SELECT dense FROM pilot)
     )
     SELECT * FROM (
       (${select([...where, holds, ...strict, '(SELECT dense FROM pilot)'])})
       UNION ALL
       (${select([...where, 'c.id IN (SELECT conversation_id FROM matched)', ...strict, 'NOT (SELECT dense FROM pilot)'])})
     ) c ${ORDER.orderBy()}`,
    p.values,
  );
  return ORDER.page(rows, limit, toListEntry);
}

/** How many of the newest conversations the list would show its pilot checks (see listConversations). */
const PILOT_CONVERSATIONS = 20;

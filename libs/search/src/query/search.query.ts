import {
  CONVERSATION_COLUMNS,
  conversationConditions,
  type ConversationRow,
  passageMatches,
  passageQuery,
  SOURCE_LITE_COLUMN,
  toListEntry,
} from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { Keyset, type Page, type PageRequest } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import { MAX_MATCHES_PER_HIT, type SearchHit, type SearchMatch } from './search-hit.schema';
import type { SearchFilters } from './search-params';

interface HitRow extends ConversationRow {
  score: string;
}

type MatchRow = SearchMatch & { conversation_id: string };

/** Best first; the score travels in the cursor as numeric text, so it compares exactly. */
const ORDER = new Keyset<HitRow>('s.score', 'c.id', 'DESC', 'numeric', (row) => [row.score, row.id]);

/**
 * The snippet's marker (docs/search.md "Snippets"): Markdown bold. The passage is escaped before it is highlighted
 * (`\` → `\\`, `*` → `\*`), so `**` appears unescaped only around matched terms. The parser sees the escapes as
 * punctuation, so they change no word and an excerpt never cuts one in half.
 */
const ESCAPED_BODY = String.raw`replace(replace(sp.body, '\', '\\'), '*', '\*')`;
const HEADLINE_OPTIONS = 'StartSel=**, StopSel=**, MaxWords=35, MinWords=15, ShortWord=2';

/** Passage conditions besides the match: who spoke, which source types. */
function passageFilters(p: SqlParams, filters: SearchFilters): string[] {
  const where: string[] = [];
  if (filters.speaker !== null) where.push(`lower(sp.speaker) = lower(${p.add(filters.speaker)})`);
  if (filters.sourceTypes.length > 0) where.push(`sp.source_type = ANY(${p.add(filters.sourceTypes)}::text[])`);
  return where;
}

/**
 * GET /search: conversations with at least one matching passage, best first. A conversation's score is its best
 * passage's ts_rank (field weights put a title, weight A, ten times above a content mention, weight D) plus a
 * little for each further match (0.01 × ln of the count), rounded to 6 places so the keyset compares exactly.
 * Workspace, visibility and the list's filters are applied to the conversations by the list's own conditions.
 */
export async function searchConversations(db: RowQueryable, principal: Principal, request: PageRequest<SearchFilters>): Promise<Page<SearchHit>> {
  const { filters, limit, after } = request;
  const p = new SqlParams();
  const where = await conversationConditions(db, principal, filters, p);
  const q = p.add(filters.q);
  const passageWhere = [`sp.workspace_id = ${p.add(principal.workspaceId)}`, passageMatches('sp', q), ...passageFilters(p, filters)];
  if (after) where.push(ORDER.after(p, after));

  const rows = await db.query<HitRow>(
    `WITH scored AS (
       SELECT sp.conversation_id AS id, round((max(ts_rank(sp.tsv, ${passageQuery('sp', q)})) + 0.01 * ln(count(*)))::numeric, 6) AS score
       FROM search_passages sp
       WHERE ${passageWhere.join(' AND ')}
       GROUP BY sp.conversation_id
     )
     SELECT ${CONVERSATION_COLUMNS}, ${SOURCE_LITE_COLUMN}, s.score::text AS score
     FROM scored s JOIN conversations c ON c.id = s.id
     WHERE ${where.join(' AND ')}
     ${ORDER.orderAndLimit(p, limit)}`,
    p.values,
  );
  const page = ORDER.page(rows, limit, (row) => row);
  const matches = await matchesOf(db, principal, filters, page.items.map((row) => row.id));
  return {
    items: page.items.map((row) => ({ conversation: toListEntry(row), score: Number(row.score), matches: matches.get(row.id) ?? [] })),
    nextKey: page.nextKey,
  };
}

/** The best matching passages of each conversation of the page, with their snippets. */
async function matchesOf(db: RowQueryable, principal: Principal, filters: SearchFilters, conversationIds: string[]): Promise<Map<string, SearchMatch[]>> {
  const byConversation = new Map<string, SearchMatch[]>();
  if (conversationIds.length === 0) return byConversation;
  const p = new SqlParams();
  const ids = p.add(conversationIds);
  const q = p.add(filters.q);
  const where = [passageMatches('sp', q), ...passageFilters(p, filters)];
  // The conversation's own passages first (OFFSET 0 keeps the match from being pushed into that scan): a few hundred
  // rows by search_passages_conversation_idx, where the GIN index would return every passage of a common word.
  const rows = await db.query<MatchRow>(
    `SELECT m.* FROM unnest(${ids}::text[]) WITH ORDINALITY AS page(id, n)
     CROSS JOIN LATERAL (
       SELECT sp.conversation_id, sp.source_id, sp.source_type, sp.field, sp.speaker, sp.start_seconds,
              ts_headline(sp.config::regconfig, ${ESCAPED_BODY}, ${passageQuery('sp', q)}, ${p.add(HEADLINE_OPTIONS)}) AS snippet
       FROM (SELECT * FROM search_passages own WHERE own.conversation_id = page.id AND own.workspace_id = ${p.add(principal.workspaceId)} OFFSET 0) sp
       WHERE ${where.join(' AND ')}
       ORDER BY ts_rank(sp.tsv, ${passageQuery('sp', q)}) DESC, sp.position
       LIMIT ${MAX_MATCHES_PER_HIT}
     ) m
     ORDER BY page.n`,
    p.values,
  );
  for (const { conversation_id, ...match } of rows) {
    const list = byConversation.get(conversation_id) ?? [];
    list.push(match);
    byConversation.set(conversation_id, list);
  }
  return byConversation;
}

import {
  CONVERSATION_COLUMNS,
  conversationConditions,
  type ConversationRow,
  densityPilot,
  narrowsConversations,
  TextQuery,
  WHEN_DENSE,
  WHEN_SPARSE,
  SOURCE_LITE_COLUMN,
  toListEntry,
} from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { Keyset, newestFirst, type Page, type PageRequest } from '@cs/paging';
import { PASSAGE_MAX_CHARS, type RowQueryable, SqlParams } from '@cs/persistence';
import { MAX_MATCHES_PER_HIT, type SearchHit, type SearchMatch } from './search-hit.schema';
import { MATCH_END, MATCH_START, snippetOf } from './snippet';
import type { SearchFilters } from './search-params';

interface HitRow extends ConversationRow {
  score: string;
  /** Ids of the conversation's best candidate passages, best first (bigint as text). */
  best: string[];
}

type MatchRow = Omit<SearchMatch, 'snippet'> & { conversation_id: string; highlighted: string };

/** Best first; the score travels in the cursor as numeric text, so it compares exactly. */
const ORDER = new Keyset<HitRow>('s.score', 's.id', 'DESC', 'numeric', (row) => [row.score, row.id]);

/**
 * Highlighting (docs/search.md "Snippets"): Postgres marks every matched word of the passage's first
 * PASSAGE_MAX_CHARS characters (MATCH_START, MATCH_END; removed from the text first, so they mark nothing else), with
 * the query's words each on its own (BoundTextQuery.highlight), in one pass; snippetOf picks the window to show and
 * makes it inert Markdown. Stored passages are capped at that length too (migration 1765500000000): the bound also
 * holds for a passage an older release indexed.
 */
const HIGHLIGHTED_TEXT = `replace(replace(left(sp.body, ${PASSAGE_MAX_CHARS}), '${MATCH_START}', ''), '${MATCH_END}', '')`;
const HIGHLIGHT_OPTIONS = `HighlightAll=true, StartSel=${MATCH_START}, StopSel=${MATCH_END}`;

/**
 * Passage conditions besides the match: who spoke, which source types. Both are keys of the passages' GIN index,
 * written as equalities, so a rare speaker or source type with a word is one index scan rather than a walk through
 * conversations that mostly lack them. Transcripts are the exception: every turn is a passage, so nearly every
 * passage is a transcript's, and intersecting that key's posting list (the whole table) with a word's cost 25 ms on
 * the benchmark where checking the word's matches took 2. With transcripts among the types, the types are checked
 * on the rows the match yields: `IS TRUE` makes the condition a test of the row, which no index serves (a bare
 * `= ANY(array)` would still be intersected, one bitmap scan per type).
 */
function passageFilters(p: SqlParams, filters: SearchFilters): string[] {
  const where: string[] = [];
  if (filters.speaker !== null) where.push(`lower(sp.speaker) = lower(${p.add(filters.speaker)}::text)`);
  if (filters.sourceTypes.includes('transcript')) where.push(`(sp.source_type = ANY(${p.add(filters.sourceTypes)}::text[])) IS TRUE`);
  else if (filters.sourceTypes.length > 0) where.push(`(${filters.sourceTypes.map((type) => `sp.source_type = ${p.add(type)}::text`).join(' OR ')})`);
  return where;
}

/** Titles, digests and summary lines have no speaker and no source: with either filter only content can match. */
const onlyContentMatches = (filters: SearchFilters): boolean => filters.speaker !== null || filters.sourceTypes.length > 0;

/**
 * The most passages a search ranks, per kind (docs/search.md "Ranking a bounded candidate set"): matching titles,
 * digests and summary lines up to HEADING_CANDIDATES, in the order the index yields them; matching content
 * passages up to CONTENT_CANDIDATES, the newest conversations' for a dense query. Under both bounds, which most
 * queries are, the ranking is exact; a common word is ranked among these only, so that its cost stops growing with
 * the corpus.
 */
export const HEADING_CANDIDATES = 200;
export const CONTENT_CANDIDATES = 200;

/**
 * GET /search: conversations with at least one matching passage, best first. A conversation's score is its best
 * passage's ts_rank (field weights put a title, weight A, ten times above a content mention, weight D) plus a
 * little for each further match (0.01 × ln of the count), rounded to 6 places so the keyset compares exactly.
 * Workspace, visibility and the list's filters are applied to the conversations by the list's own conditions,
 * inside the candidate scans, so a narrow filter still finds its conversations. Each hit brings the ids of its best
 * passages, whose snippets are made for the page only.
 */
export async function searchConversations(db: RowQueryable, principal: Principal, request: PageRequest<SearchFilters>): Promise<Page<SearchHit>> {
  const { filters, limit, after } = request;
  const text = await TextQuery.analyse(db, filters.q);
  const p = new SqlParams();
  const where = await conversationConditions(db, principal, filters, p);
  const query = text.bind(p);
  const workspace = p.add(principal.workspaceId);
  const candidate = `sp.id, sp.conversation_id, sp.position, ts_rank(sp.tsv, ${query.query('sp')}) AS rank`;
  const passageWhere = [`sp.workspace_id = ${workspace}`, ...passageFilters(p, filters), query.matches('sp')].join(' AND ');
  const headingWhere = `sp.field <> 'content' AND ${passageWhere}`;
  const contentWhere = `sp.field = 'content' AND ${passageWhere}`;
  const order = newestFirst('c').orderBy();
  // A walk: conversations in the list's order, each asked for its matching passages (OFFSET 0 keeps the subquery
  // per conversation), until there are enough candidates.
  const walked = (conversations: string, passages: string, conditions: readonly string[], most: number) =>
    `(SELECT sp.* FROM ${conversations}
        CROSS JOIN LATERAL (SELECT ${candidate} FROM search_passages sp WHERE sp.conversation_id = c.id AND ${passages} OFFSET 0) sp
        ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''} ${order} LIMIT ${most})`;
  const holding = narrowsConversations(filters) ? query.conversationMatches('t') : null;
  const titling = holding === null ? null : query.conversationMatches('t', 'headings');
  const [prelude, headings, contents] = holding === null || titling === null ? unnarrowed() : narrowed(holding, titling);

  // Not narrowed. Headings (none under a speaker or source-type filter: reading their index would only reject what
  // it yields) in the order their own GIN index yields them: sorting them by the conversations' age would read every
  // match first, tens of thousands for a common word, and the planner cannot tell (its statistics are the table's,
  // where headings are one passage in two hundred). Each one's conversation is checked by its primary key (OFFSET 0
  // keeps the check per row: as a join, the planner would read every conversation the filters allow first).
  // Content: for a dense query (densityPilot), the walk of the newest conversations. For a sparse one the index
  // finds the matches first, each conversation checked by primary key, and the first CONTENT_CANDIDATES it yields
  // are taken: all of them, unless the pilot's sample misjudged it.
  function unnarrowed(): [string, string, string] {
    const allowedBy = (alias: string) => `EXISTS (SELECT 1 FROM conversations c WHERE c.id = ${alias}.conversation_id AND ${where.join(' AND ')} OFFSET 0)`;
    return [
      `pilot AS MATERIALIZED (${densityPilot(where, contentWhere, CONTENT_CANDIDATES)})`,
      `(SELECT ${candidate} FROM search_passages sp WHERE ${headingWhere} AND ${allowedBy('sp')} LIMIT ${HEADING_CANDIDATES})`,
      `${walked('conversations c', contentWhere, [...where, WHEN_DENSE], CONTENT_CANDIDATES)}
       UNION ALL
       (SELECT ${candidate} FROM search_passages sp WHERE ${contentWhere} AND ${WHEN_SPARSE} AND ${allowedBy('sp')} LIMIT ${CONTENT_CANDIDATES})`,
    ];
  }

  // Narrowed by folder, tag or date: no pilot. The conversations that hold the query's words (their words' GIN
  // index) and pass the filters are read once (`allowed`); content walks them newest first, headings walk those
  // among them whose titles, digests or summary lines hold the words (search_conversation_headings, by primary key
  // or its GIN index, as the planner judges), each probed by the headings' partial index (docs/search.md "Filtered
  // searches"). Either passages' GIN index would yield the matches of every conversation and tenant for the filters
  // to drop most of them, and walking every conversation the filters allow would probe those without the words too.
  function narrowed(holdingWords: string, headingWords: string): [string, string, string] {
    const newest = newestFirst('a').orderBy();
    return [
      `holders AS MATERIALIZED (SELECT t.conversation_id FROM search_conversation_terms t WHERE t.workspace_id = ${workspace} AND ${holdingWords}),
       allowed AS MATERIALIZED (SELECT c.id, c.created_at FROM holders h JOIN conversations c ON c.id = h.conversation_id WHERE ${where.join(' AND ')})`,
      walked(
        `(SELECT a.id, a.created_at FROM allowed a
            JOIN search_conversation_headings t ON t.conversation_id = a.id AND t.workspace_id = ${workspace} AND ${headingWords}
            ${newest} OFFSET 0) c`,
        headingWhere,
        [],
        HEADING_CANDIDATES,
      ),
      walked(`(SELECT a.id, a.created_at FROM allowed a ${newest} OFFSET 0) c`, contentWhere, [], CONTENT_CANDIDATES),
    ];
  }

  const pageWhere = after ? `WHERE ${ORDER.after(p, after)}` : '';

  // The page is cut from the scores before the conversations are read: only its rows are joined and shaped.
  const rows = await db.query<HitRow>(
    `WITH ${prelude},
     candidates AS (${onlyContentMatches(filters) ? contents : `${headings} UNION ALL ${contents}`}),
     scored AS (
       SELECT conversation_id AS id, round((max(rank) + 0.01 * ln(count(*)))::numeric, 6) AS score,
              (array_agg(id ORDER BY rank DESC, position))[1:${MAX_MATCHES_PER_HIT}] AS best
       FROM candidates
       GROUP BY conversation_id
     ),
     page AS (SELECT * FROM scored s ${pageWhere} ${ORDER.orderAndLimit(p, limit)})
     SELECT ${CONVERSATION_COLUMNS}, ${SOURCE_LITE_COLUMN}, s.score::text AS score, s.best
     FROM page s JOIN conversations c ON c.id = s.id AND c.workspace_id = ${workspace}
     ORDER BY s.score DESC, s.id DESC`,
    p.values,
  );
  const page = ORDER.page(rows, limit, (row) => row);
  const matches = await matchesOf(db, principal, text, page.items.flatMap((row) => row.best));
  return {
    items: page.items.map((row) => ({ conversation: toListEntry(row), score: Number(row.score), matches: matches.get(row.id) ?? [] })),
    nextKey: page.nextKey,
  };
}

/** The snippets of the given passages (the best of each hit of the page, best first), by conversation. */
async function matchesOf(db: RowQueryable, principal: Principal, text: TextQuery, passageIds: string[]): Promise<Map<string, SearchMatch[]>> {
  const byConversation = new Map<string, SearchMatch[]>();
  if (passageIds.length === 0) return byConversation;
  const p = new SqlParams();
  const ids = p.add(passageIds);
  const query = text.bind(p);
  const rows = await db.query<MatchRow>(
    `SELECT sp.conversation_id, sp.source_id, sp.source_type, sp.field, sp.speaker, sp.start_seconds,
            ts_headline(sp.config::regconfig, ${HIGHLIGHTED_TEXT}, ${query.highlight('sp')}, ${p.add(HIGHLIGHT_OPTIONS)}) AS highlighted
     FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS best(id, n)
     JOIN search_passages sp ON sp.id = best.id AND sp.workspace_id = ${p.add(principal.workspaceId)}
     ORDER BY best.n`,
    p.values,
  );
  for (const { conversation_id, highlighted, ...match } of rows) {
    const list = byConversation.get(conversation_id) ?? [];
    list.push({ ...match, snippet: snippetOf(highlighted) });
    byConversation.set(conversation_id, list);
  }
  return byConversation;
}

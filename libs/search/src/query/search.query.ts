import {
  CONVERSATION_COLUMNS,
  conversationConditions,
  type ConversationRow,
  lexemeOf,
  narrowsConversations,
  TextQuery,
  SOURCE_LITE_COLUMN,
  toListEntry,
  wordQuery,
} from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { newestFirst, type Page, type PageRequest, toPage } from '@cs/paging';
import { PASSAGE_MAX_CHARS, type RowQueryable, SqlParams } from '@cs/persistence';
import { type Candidate, compareIds, type PassageField, rankConversations, type RankedConversation } from './ranking';
import { MAX_MATCHES_PER_HIT, type SearchHit, type SearchMatch } from './search-hit.schema';
import { MATCH_END, MATCH_START, snippetOf } from './snippet';
import type { SearchFilters } from './search-params';
import { readStatistics } from './term-statistics';

type MatchRow = Omit<SearchMatch, 'snippet'> & { conversation_id: string; highlighted: string };

interface CandidateRow {
  id: string;
  conversation_id: string;
  source_id: string | null;
  position: number;
  field: PassageField;
  length: number;
  /** The passage's tsvector reduced to the query's words, in Postgres's text form (`'lexeme':3A,9A …`). */
  own: string;
  /** The lexemes of the speaker's name, when it holds a word of the query. */
  speaker_words: string[] | null;
}

/** A lexeme of a tsvector's text form (escaped as in a tsquery's) and its positions: `'it''s':4A,7A`. */
const TSVECTOR_ENTRY = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

/** How often each lexeme of a tsvector (text form) occurs: the number of its positions. */
function occurrencesIn(tsvector: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, lexeme, positions] of tsvector.matchAll(TSVECTOR_ENTRY)) {
    counts.set(lexemeOf(lexeme!), positions === undefined ? 1 : positions.split(',').length);
  }
  return counts;
}

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
 * The bounds of one search (docs/search.md "Ranking a bounded candidate set"): at most CANDIDATES passages are read
 * and ranked. A word held by at most RARE_WORD_PASSAGES passages of the workspace is looked up in the index whole;
 * the rarest words first, until the candidates are full. A query of common words only walks the conversations
 * newest first instead, at most PASSAGES_PER_CONVERSATION of each, so that its cost stops growing with the corpus.
 */
export const CANDIDATES = 1000;
export const RARE_WORD_PASSAGES = 20_000;
export const PASSAGES_PER_CONVERSATION = 100;

/**
 * Passage conditions besides the match: who spoke, which source types. Titles, digests and summary lines have
 * neither, so with either filter only content matches. Both are keys of the passages' GIN index, written as
 * equalities so that the index intersects them with the words (a GIN index serves no `= ANY(array)`). Transcripts
 * are the exception: nearly every passage is a transcript turn, so that key's posting list is about the whole table;
 * with transcripts among the types, `IS TRUE` makes the condition a test of the rows the words yield.
 */
function passageFilters(p: SqlParams, filters: SearchFilters): string[] {
  const where: string[] = [];
  if (filters.speaker !== null) where.push(`lower(sp.speaker) = lower(${p.add(filters.speaker)}::text)`);
  if (filters.sourceTypes.includes('transcript')) where.push(`(sp.source_type = ANY(${p.add(filters.sourceTypes)}::text[])) IS TRUE`);
  else if (filters.sourceTypes.length > 0) where.push(`(${filters.sourceTypes.map((type) => `sp.source_type = ${p.add(type)}::text`).join(' OR ')})`);
  return where;
}

/** A speaker, or source types without transcripts: a key of the GIN index that leaves few of a word's passages. */
const narrowsPassages = (filters: SearchFilters): boolean =>
  filters.speaker !== null || (filters.sourceTypes.length > 0 && !filters.sourceTypes.includes('transcript'));

/**
 * GET /search: conversations with at least one passage holding a word of the query, best first (ranking.ts). Phrases
 * must stand in a matching passage as written, and a conversation holding an excluded word is left out. Workspace,
 * visibility and the list's filters are applied to the conversations by the list's own conditions, inside the
 * candidate scans. Each hit brings its best passages, whose snippets are made for the page only.
 */
export async function searchConversations(db: RowQueryable, principal: Principal, request: PageRequest<SearchFilters>): Promise<Page<SearchHit>> {
  const { filters, limit, after } = request;
  const text = await TextQuery.analyse(db, filters.q);
  const words = text.words();
  if (words.length === 0) return { items: [], nextKey: null };
  const lexemes = words.map(lexemeOf);
  const stats = await readStatistics(db, principal.workspaceId, lexemes);
  const candidates = await readCandidates(db, principal, filters, text, words, lexemes, stats.documentFrequencies);
  const ranked = rankConversations(candidates, stats, MAX_MATCHES_PER_HIT);
  const rest = after ? ranked.filter((r) => r.score < Number(after[0]) || (r.score === Number(after[0]) && compareIds(r.conversationId, String(after[1])) < 0)) : ranked;
  const page = toPage(rest.slice(0, limit + 1), limit, (r) => [String(r.score), r.conversationId], (r) => r);
  const [conversations, matches] = await Promise.all([
    conversationsOf(db, principal, page.items),
    matchesOf(db, principal, text, page.items.flatMap((r) => r.passageIds)),
  ]);
  return {
    items: page.items.map((r) => ({ conversation: toListEntry(conversations.get(r.conversationId)!), score: r.score, matches: matches.get(r.conversationId) ?? [] })),
    nextKey: page.nextKey,
  };
}

/**
 * The candidate passages with what ranking needs of each: one statement. With a phrase, the passages holding every
 * phrase (their word pairs make that an index lookup). Otherwise the words held by at most RARE_WORD_PASSAGES
 * passages, rarest first, each looked up in the index until CANDIDATES are found; with none such, the walk of the
 * conversations newest first (only those holding a word, from search_conversation_terms, when a folder, tag or date
 * narrows the list). Each candidate's conversation passes the list's conditions (by primary key).
 */
async function readCandidates(
  db: RowQueryable,
  principal: Principal,
  filters: SearchFilters,
  text: TextQuery,
  words: readonly string[],
  wordLexemes: readonly string[],
  documentFrequencies: readonly number[],
): Promise<Candidate[]> {
  const p = new SqlParams();
  const where = await conversationConditions(db, principal, filters, p);
  const query = text.bind(p);
  const excluded = query.excludedFrom('c.id');
  const allowed = [...where, ...(excluded === null ? [] : [excluded])].join(' AND ');
  const workspace = p.add(principal.workspaceId);
  const wordParam = (i: number) => `${p.add(wordQuery(words[i]!))}::tsquery`;
  const lexemes = `${p.add(wordLexemes)}::text[]`;
  let anyWordParam: string | undefined;
  const anyWord = () => (anyWordParam ??= `${p.add(words.map(wordQuery).join(' | '))}::tsquery`);
  const phrases = query.holdsPhrases('sp');
  const passageWhere = [`sp.workspace_id = ${workspace}`, ...passageFilters(p, filters), ...(phrases === null ? [] : [phrases])];
  // Narrowed by folder, tag or date, each row's conversation is checked as it is read, so that the filter's
  // conversations fill the candidates; otherwise the conversations are checked once each after the lookups (most of
  // a workspace is visible to its members, and a check per passage cost more than the lookups).
  const narrowed = narrowsConversations(filters);
  const perRow = narrowed ? [`EXISTS (SELECT 1 FROM conversations c WHERE c.id = sp.conversation_id AND ${allowed} OFFSET 0)`] : [];
  // What ranking needs of a passage, read in the lookup itself (one visit of each passage): the passage's tsvector
  // reduced to the query's words, read (and decompressed) once for all of them: every other lexeme weighted D, the
  // query's A, and only A kept.
  const candidateColumns = `sp.id, sp.conversation_id, sp.source_id, sp.position, sp.field, length(sp.tsv) AS length, sp.speaker, sp.config,
    ts_filter(setweight(setweight(sp.tsv, 'D'), 'A', ${lexemes}), '{a}')::text AS own`;
  const lookup = (match: string, most: number) =>
    `(SELECT ${candidateColumns} FROM search_passages sp WHERE ${[...passageWhere, match, ...perRow].join(' AND ')} LIMIT ${most})`;

  const arms: string[] = [];
  if (phrases !== null) {
    arms.push(lookup(`sp.tsv @@ ${anyWord()}`, CANDIDATES));
  } else if (narrowsPassages(filters)) {
    // The filter's key is intersected with the words in the index: only the passages it allows are read, however
    // common the words.
    arms.push(lookup(`sp.tsv @@ ${anyWord()}`, CANDIDATES));
  } else if (!narrowed) {
    let left = CANDIDATES;
    const rarestFirst = words.map((_, i) => i).sort((a, b) => documentFrequencies[a]! - documentFrequencies[b]!);
    for (const i of rarestFirst) {
      if (left <= 0 || documentFrequencies[i]! > RARE_WORD_PASSAGES || documentFrequencies[i] === 0) continue;
      arms.push(lookup(`sp.tsv @@ ${wordParam(i)}`, left));
      left -= documentFrequencies[i]!;
    }
  }
  if (arms.length === 0) {
    const conversations = narrowed
      ? `(SELECT c.id, c.created_at FROM conversations c
          WHERE c.id IN (SELECT t.conversation_id FROM search_conversation_terms t WHERE t.workspace_id = ${workspace} AND t.terms @@ ${anyWord()} OFFSET 0)
            AND ${allowed})`
      : `(SELECT c.id, c.created_at FROM conversations c WHERE ${allowed})`;
    arms.push(`(SELECT m.* FROM (SELECT c.id, c.created_at FROM ${conversations} c ${newestFirst('c').orderBy()}) c
      CROSS JOIN LATERAL (SELECT ${candidateColumns} FROM search_passages sp
                          WHERE sp.conversation_id = c.id AND ${[...passageWhere, `sp.tsv @@ ${anyWord()}`].join(' AND ')}
                          LIMIT ${PASSAGES_PER_CONVERSATION}) m
      LIMIT ${CANDIDATES})`);
  }

  const rows = await db.query<CandidateRow>(
    `WITH found AS MATERIALIZED (SELECT DISTINCT ON (id) * FROM (${arms.join(' UNION ALL ')}) a),
     visible AS MATERIALIZED (
       SELECT c.id FROM (SELECT DISTINCT conversation_id FROM found) f
       CROSS JOIN LATERAL (SELECT c.id FROM conversations c WHERE c.id = f.conversation_id AND ${allowed} OFFSET 0) c
     ),
     speakers AS (
       SELECT s.speaker, s.config, tsvector_to_array(to_tsvector(s.config::regconfig, s.speaker)) AS words
       FROM (SELECT DISTINCT speaker, config FROM found WHERE speaker IS NOT NULL) s
     )
     SELECT f.id::text AS id, f.conversation_id, f.source_id, f.position, f.field, f.length, f.own,
            CASE WHEN s.words && ${lexemes} THEN s.words END AS speaker_words
     FROM found f JOIN visible v ON v.id = f.conversation_id LEFT JOIN speakers s ON s.speaker = f.speaker AND s.config = f.config`,
    p.values,
  );
  return rows.map((row) => {
    const occurrences = occurrencesIn(row.own);
    const speakerWords = new Set(row.speaker_words ?? []);
    return {
      id: row.id,
      conversationId: row.conversation_id,
      sourceId: row.source_id,
      position: row.position,
      field: row.field,
      length: row.length,
      frequencies: wordLexemes.map((lexeme) => occurrences.get(lexeme) ?? 0),
      speakerHits: wordLexemes.map((lexeme) => speakerWords.has(lexeme)),
    };
  });
}

/** The page's conversations, by id (their visibility was checked with the candidates). */
async function conversationsOf(db: RowQueryable, principal: Principal, page: readonly RankedConversation[]): Promise<Map<string, ConversationRow>> {
  if (page.length === 0) return new Map();
  const rows = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS}, ${SOURCE_LITE_COLUMN} FROM conversations c WHERE c.id = ANY($1::text[]) AND c.workspace_id = $2`,
    [page.map((r) => r.conversationId), principal.workspaceId],
  );
  return new Map(rows.map((row) => [row.id, row]));
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

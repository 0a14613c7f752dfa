import type { SqlParams } from '@cs/persistence';
import { sqlString } from '@cs/paging';

/*
 * The full-text match, written once for GET /search, `q` on GET /conversations and the MCP search tool
 * (docs/search.md). Content is indexed as passages (search_passages, maintained by @cs/search); a conversation
 * matches a query when one of its passages does.
 */

/** ISO 639-3 code of a source's language → the text-search configuration it is analysed with (migration 1764200000000). */
export const SEARCH_CONFIGS: Readonly<Record<string, string>> = {
  eng: 'cs_english',
  deu: 'cs_german',
  fra: 'cs_french',
  spa: 'cs_spanish',
  ita: 'cs_italian',
  por: 'cs_portuguese',
  nld: 'cs_dutch',
};

/** Any other language, or none known: unaccented and lower-cased, not stemmed. */
export const SIMPLE_CONFIG = 'cs_simple';

/** Every configuration a passage can have been analysed with. */
export const ALL_SEARCH_CONFIGS: readonly string[] = [...new Set([...Object.values(SEARCH_CONFIGS), SIMPLE_CONFIG])];

export const MAX_QUERY_LENGTH = 500;

/** Text that is no word: websearch operators (quotes, `-`, `OR`), tsquery syntax and any other punctuation or space. */
const WORD = /[\p{L}\p{N}]/u;
const QUERY_REASON = 'must contain at least one word to find (not only operators, punctuation or excluded words)';

/**
 * Whether websearch syntax leaves something to look for: a word or a "phrase" not excluded with a leading `-`, other
 * than the operator `OR`. A query of only exclusions would match nearly everything (and read the whole index), so
 * it is refused like an empty one.
 */
export function hasWordToFind(query: string): boolean {
  let i = 0;
  while (i < query.length) {
    while (i < query.length && /\s/u.test(query[i]!)) i++;
    const excluded = query[i] === '-';
    if (excluded) i++;
    let token: string;
    if (query[i] === '"') {
      const close = query.indexOf('"', i + 1);
      const end = close === -1 ? query.length : close;
      token = query.slice(i + 1, end); // a phrase; an unclosed quote runs to the end
      i = end + 1;
    } else {
      const start = i;
      while (i < query.length && query[i] !== '"' && !/\s/u.test(query[i]!)) i++;
      token = query.slice(start, i);
      if (token.toUpperCase() === 'OR') continue;
    }
    if (!excluded && WORD.test(token)) return true;
  }
  return false;
}

/** The `q` parameter: websearch syntax, 1..500 characters, with a word to find. */
export const searchQuery = () =>
  sqlString()
    .min(1, { error: 'must not be empty' })
    .max(MAX_QUERY_LENGTH, { error: `must be at most ${MAX_QUERY_LENGTH} characters` })
    .refine(hasWordToFind, { error: QUERY_REASON })
    .meta({
      description:
        'Search query, websearch syntax: words (all must match in one passage), "quoted phrases", -excluded words, OR. Case and diacritics are ignored; ' +
        `words are stemmed by the language of each source. At most ${MAX_QUERY_LENGTH} characters. See docs/search.md.`,
    });

/**
 * The condition that passage `alias` matches the query bound to `queryParam`: one branch per configuration, each
 * comparing with a tsquery that is a constant of the statement, so every branch is a scan of the GIN index
 * (search_passages_tsv_idx) and the branches combine in a BitmapOr.
 *
 * A branch whose tsquery has nothing the index can look up (`querytree` is `T` when only negations are left, as
 * in English for `the -draft` once the stop word is gone, and empty when nothing is left) is folded away by the
 * planner: it would match every passage of that language without the excluded word, and read the whole index.
 */
export function passageMatches(alias: string, queryParam: string): string {
  const branches = ALL_SEARCH_CONFIGS.map((config) => {
    const query = `websearch_to_tsquery('${config}'::regconfig, ${queryParam})`;
    return `(${alias}.config = '${config}' AND querytree(${query}) NOT IN ('T', '') AND ${alias}.tsv @@ ${query})`;
  });
  return `(${branches.join(' OR ')})`;
}

/** The query as analysed with passage `alias`'s own configuration (for ranking and snippets; not index-served). */
export function passageQuery(alias: string, queryParam: string): string {
  const cases = ALL_SEARCH_CONFIGS.map((config) => `WHEN '${config}' THEN websearch_to_tsquery('${config}'::regconfig, ${queryParam})`);
  return `(CASE ${alias}.config ${cases.join(' ')} END)`;
}

/**
 * The `q` filter of a conversation list: conversation `alias` has a passage that matches. Uncorrelated (the workspace
 * is a parameter, not the outer row's), so Postgres can run it once as a semi-join rather than once per conversation.
 */
export function conversationMatches(p: SqlParams, alias: string, workspaceId: string, query: string): string {
  return `${alias}.id IN (SELECT sp.conversation_id FROM search_passages sp
    WHERE sp.workspace_id = ${p.add(workspaceId)} AND ${passageMatches('sp', p.add(query))})`;
}

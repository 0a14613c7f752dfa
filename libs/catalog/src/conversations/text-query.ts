import type { RowQueryable, SqlParams } from '@cs/persistence';
import { sqlString } from '@cs/paging';
import { tsqueryFrequency } from './tsquery-frequency';

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
 * The share of passages a query's rarest word must be in for the query to count as common: one in 5,000. A
 * conversation of a few hundred passages then has a match about one time in ten or more, so reading a list in
 * its own order finds a page within a few hundred probes of the index.
 */
export const COMMON_FREQUENCY = 0.0002;

/** One distinct tsquery of an analysed query and the configurations that analyse the query to it. */
interface QueryBranch {
  configs: string[];
  tsquery: string;
}

/**
 * The query as every configuration analyses it, distinct tsqueries only: a passage is compared with the tsquery of
 * its own configuration. Most configurations analyse most words alike (no stemmer touches "roadmap"), so a query
 * usually has one to three branches, not eight: each branch is one scan of the GIN index, and the same lexeme read
 * eight times costs eight times its posting list.
 */
export class TextQuery {
  private constructor(
    readonly branches: readonly QueryBranch[],
    /**
     * Whether the query's words are common enough that most conversations have a match: then a list is best read in
     * its own order, probing each conversation, rather than by collecting every match first. Decided here, from the
     * planner's statistics of the lexemes (pg_stats), because the planner cannot tell: the condition a statement
     * has to use for a query several configurations analyse differently hides the words' frequency from it.
     */
    readonly common: boolean,
  ) {}

  /**
   * Analyses `query` (websearch syntax) in one round trip. A configuration whose tsquery has nothing the index can
   * look up is left out: `querytree` is `T` when only negations are left (in English `the -draft` once the stop
   * word is gone) and empty when nothing is; such a tsquery would match every passage of that language without the
   * excluded word, and read the whole index. How common the query is comes from the planner's statistics of its
   * lexemes (tsqueryFrequency; a lexeme not among the most common ones the statistics keep counts as rare).
   */
  static async analyse(db: RowQueryable, query: string): Promise<TextQuery> {
    const rows = await db.query<{ config: string; tsquery: string; tree: string; shares: Record<string, number> | null }>(
      `WITH a AS (SELECT config, websearch_to_tsquery(config::regconfig, $1) AS q FROM unnest($2::text[]) AS config),
       stats AS MATERIALIZED (
         SELECT s.most_common_elems::text::text[] AS lexemes, s.most_common_elem_freqs AS frequencies
         FROM pg_stats s
         WHERE s.schemaname = current_schema() AND s.tablename = 'search_passages' AND s.attname = 'tsv'
       )
       SELECT a.config, a.q::text AS tsquery, querytree(a.q) AS tree,
              (SELECT json_object_agg(l.lexeme, st.frequencies[array_position(st.lexemes, l.lexeme)])
               FROM (SELECT DISTINCT replace(m[1], '''''', '''') AS lexeme FROM regexp_matches(querytree(a.q), $3, 'g') AS m) l,
                    stats st
               WHERE array_position(st.lexemes, l.lexeme) IS NOT NULL) AS shares
       FROM a`,
      [query, [...ALL_SEARCH_CONFIGS], String.raw`'((?:[^']|'')*)'`],
    );
    const byQuery = new Map<string, string[]>();
    let frequency = 0;
    for (const row of rows) {
      if (row.tree === 'T' || row.tree === '') continue;
      byQuery.set(row.tsquery, [...(byQuery.get(row.tsquery) ?? []), row.config]);
      frequency = Math.max(frequency, tsqueryFrequency(row.tree, (lexeme) => row.shares?.[lexeme] ?? 0));
    }
    return new TextQuery(
      [...byQuery].map(([tsquery, configs]) => ({ tsquery, configs: configs.sort() })),
      frequency >= COMMON_FREQUENCY,
    );
  }

  /** Binds the branches to `p`, each value once, so the match and the rank of one statement share their parameters. */
  bind(p: SqlParams): BoundTextQuery {
    return new BoundTextQuery(p, this.branches);
  }
}

/** A TextQuery's SQL within one statement: a value becomes a parameter when first used (none is left unused). */
export class BoundTextQuery {
  private readonly params = new Map<string, string>();

  constructor(
    private readonly p: SqlParams,
    private readonly branches: readonly QueryBranch[],
  ) {}

  private param(key: string, value: unknown, cast: string): string {
    let placeholder = this.params.get(key);
    if (placeholder === undefined) {
      placeholder = `${this.p.add(value)}::${cast}`;
      this.params.set(key, placeholder);
    }
    return placeholder;
  }

  private tsquery(i: number): string {
    return this.param(`q${i}`, this.branches[i]!.tsquery, 'tsquery');
  }

  private configs(i: number): string {
    return this.param(`c${i}`, this.branches[i]!.configs, 'text[]');
  }

  /**
   * The condition that passage `alias` matches. One branch for every configuration: the passage's tsvector matches the
   * constant tsquery. Otherwise (configurations analyse the query differently, or leave nothing of it): the tsvector
   * matches any of the branches' tsqueries, the one condition a GIN index scan serves (one scan, or one probe of the
   * index per conversation with the conversation's id), and the tsquery of the passage's own configuration.
   *
   * The second test is a CASE of booleans on purpose: the planner estimates it as a coin toss. Written as an OR of
   * matches, or as a match with a computed tsquery, it would count the words' frequency twice or guess it, expect
   * a hundred times fewer rows than a common word has, and pick plans made for a rare one.
   */
  matches(alias: string): string {
    if (this.branches.length === 0) return 'false';
    if (this.branches.length === 1 && this.branches[0]!.configs.length === ALL_SEARCH_CONFIGS.length) return `${alias}.tsv @@ ${this.tsquery(0)}`;
    const any = this.param('any', this.branches.map((b) => `(${b.tsquery})`).join(' | '), 'tsquery');
    const own = this.branches.map((_, i) => `WHEN ${alias}.config = ANY(${this.configs(i)}) THEN ${alias}.tsv @@ ${this.tsquery(i)}`);
    return `(${alias}.tsv @@ ${any} AND CASE ${own.join(' ')} ELSE false END)`;
  }

  /**
   * The query as analysed with passage `alias`'s own configuration (for ranking and snippets of matching passages);
   * the empty tsquery, which matches nothing, for a configuration that left nothing to look for.
   */
  query(alias: string): string {
    if (this.branches.length === 0) return `''::tsquery`;
    if (this.branches.length === 1 && this.branches[0]!.configs.length === ALL_SEARCH_CONFIGS.length) return this.tsquery(0);
    const cases = this.branches.map((_, i) => `WHEN ${alias}.config = ANY(${this.configs(i)}) THEN ${this.tsquery(i)}`);
    return `(CASE ${cases.join(' ')} ELSE ''::tsquery END)`;
  }
}

/**
 * The `q` filter of a conversation list: conversation `alias` has a passage that matches. For a common query, a
 * subquery per conversation (OFFSET 0 keeps Postgres from turning it into a join): the list is read in its own
 * order and each conversation asked of the GIN index by its id, so a page costs a few dozen probes. Otherwise an
 * uncorrelated semi-join: the index finds the few matching passages first.
 */
export function conversationMatches(p: SqlParams, alias: string, workspaceId: string, query: TextQuery): string {
  const passages = `search_passages sp WHERE sp.workspace_id = ${p.add(workspaceId)} AND ${query.bind(p).matches('sp')}`;
  return query.common
    ? `EXISTS (SELECT 1 FROM ${passages} AND sp.conversation_id = ${alias}.id OFFSET 0)`
    : `${alias}.id IN (SELECT sp.conversation_id FROM ${passages})`;
}

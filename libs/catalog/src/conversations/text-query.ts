import type { RowQueryable, SqlParams } from '@cs/persistence';
import { newestFirst } from '@cs/paging';
import { conversationTermsQuery } from './conversation-terms-query';
import { highlightQuery } from './highlight-query';
import { withWordPairs } from './word-pairs';

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

/** One distinct tsquery of an analysed query and the configurations that analyse the query to it. */
interface QueryBranch {
  configs: string[];
  tsquery: string;
  /** The tsquery a passage is matched with: the same, with the word pairs of its phrases (withWordPairs). */
  match: string;
  /** The tsquery a matching passage is highlighted with: its words, each on its own (highlightQuery). */
  highlight: string;
}

/**
 * The query as every configuration analyses it, distinct tsqueries only: a passage is compared with the tsquery of
 * its own configuration. Most configurations analyse most words alike (no stemmer touches "roadmap"), so a query
 * usually has one to three branches, not eight: each branch is one scan of the GIN index, and the same lexeme read
 * eight times costs eight times its posting list.
 */
export class TextQuery {
  private constructor(readonly branches: readonly QueryBranch[]) {}

  /**
   * Analyses `query` (websearch syntax) in one round trip. A configuration whose tsquery has nothing the index can
   * look up is left out: `querytree` is `T` when only negations are left (in English `the -draft` once the stop
   * word is gone) and empty when nothing is; such a tsquery would match every passage of that language without the
   * excluded word, and read the whole index.
   */
  static async analyse(db: RowQueryable, query: string): Promise<TextQuery> {
    const rows = await db.query<{ config: string; tsquery: string; tree: string }>(
      `SELECT config, q::text AS tsquery, querytree(q) AS tree
       FROM unnest($2::text[]) AS config, websearch_to_tsquery(config::regconfig, $1) AS q`,
      [query, [...ALL_SEARCH_CONFIGS]],
    );
    const byQuery = new Map<string, string[]>();
    for (const row of rows) {
      if (row.tree === 'T' || row.tree === '') continue;
      byQuery.set(row.tsquery, [...(byQuery.get(row.tsquery) ?? []), row.config]);
    }
    return new TextQuery(
      [...byQuery].map(([tsquery, configs]) => ({ tsquery, configs: configs.sort(), match: withWordPairs(tsquery), highlight: highlightQuery(tsquery) })),
    );
  }

  /** Binds the branches to `p`, each value once, so the match and the rank of one statement share their parameters. */
  bind(p: SqlParams): BoundTextQuery {
    return new BoundTextQuery(p, this.branches);
  }
}

/** The tsquery that matches a passage of any configuration: its own branch's, or the OR of all of them. */
const anyBranch = (branches: readonly QueryBranch[]): string => (branches.length === 1 ? branches[0]!.match : branches.map((b) => `(${b.match})`).join(' | '));

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

  private match(i: number): string {
    const branch = this.branches[i]!;
    return branch.match === branch.tsquery ? this.tsquery(i) : this.param(`m${i}`, branch.match, 'tsquery');
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
    if (this.branches.length === 1 && this.branches[0]!.configs.length === ALL_SEARCH_CONFIGS.length) return `${alias}.tsv @@ ${this.match(0)}`;
    const any = this.param('any', anyBranch(this.branches), 'tsquery');
    const own = this.branches.map((_, i) => `WHEN ${alias}.config = ANY(${this.configs(i)}) THEN ${alias}.tsv @@ ${this.match(i)}`);
    return `(${alias}.tsv @@ ${any} AND CASE ${own.join(' ')} ELSE false END)`;
  }

  /**
   * The condition that conversation words `alias` (search_conversation_terms) hold what a matching passage would:
   * true of every conversation with a match, and of some without (conversationTermsQuery). Null when the query asks
   * nothing of a conversation's words (only exclusions in some configuration), so that every conversation may match.
   * `words` picks all of a conversation's words (search_conversation_terms' `terms`) or those of its titles, digests
   * and summary lines (search_conversation_headings' `headings`).
   */
  conversationMatches(alias: string, words: 'terms' | 'headings' = 'terms'): string | null {
    if (this.branches.length === 0) return 'false';
    const terms = conversationTermsQuery(anyBranch(this.branches));
    return terms === null ? null : `${alias}.${words} @@ ${this.param('terms', terms, 'tsquery')}`;
  }

  /**
   * The query as analysed with passage `alias`'s own configuration, without word pairs (for ranking and snippets of
   * matching passages: a pair is no word of the passage);
   * the empty tsquery, which matches nothing, for a configuration that left nothing to look for.
   */
  query(alias: string): string {
    return this.byConfig(alias, (i) => this.tsquery(i));
  }

  /** The highlight query (highlightQuery) of passage `alias`'s own configuration, as `query` picks the query. */
  highlight(alias: string): string {
    return this.byConfig(alias, (i) => this.param(`h${i}`, this.branches[i]!.highlight, 'tsquery'));
  }

  /** One tsquery of each branch, picked by passage `alias`'s configuration; the empty one for none. */
  private byConfig(alias: string, tsqueryOf: (branch: number) => string): string {
    if (this.branches.length === 0) return `''::tsquery`;
    if (this.branches.length === 1 && this.branches[0]!.configs.length === ALL_SEARCH_CONFIGS.length) return tsqueryOf(0);
    const cases = this.branches.map((_, i) => `WHEN ${alias}.config = ANY(${this.configs(i)}) THEN ${tsqueryOf(i)}`);
    return `(CASE ${cases.join(' ')} ELSE ''::tsquery END)`;
  }
}

/**
 * The density pilot (docs/search.md "Walk or index first"): how many conversations, the first of a list in its
 * order with its filters, it probes, and the most matching passages it counts in each.
 */
export const PILOT_CONVERSATIONS = 20;
export const PILOT_MATCHES_PER_CONVERSATION = 10;
/**
 * What probing one conversation in the GIN index costs, in matching passages read from the index and the heap:
 * measured on the search benchmark (a probe 50–160 µs, a passage 4–5 µs).
 */
export const PROBE_COST_IN_MATCHES = 15;

/**
 * The body of a one-row CTE, `dense`: whether a statement that needs `candidates` matches finds them sooner by
 * walking the list's order, probing each conversation in the GIN index by its id, than by reading the matches from
 * the index first.
 *
 * The pilot counts the passages meeting `passageWhere` (on alias `sp`) in the first PILOT_CONVERSATIONS
 * conversations that `conversationWhere` (on alias `c`) lets through, newest first (at most
 * PILOT_MATCHES_PER_CONVERSATION each): r matches a conversation. A walk then costs about candidates / r probes;
 * the index about r × the conversations in the table matches. The walk wins when r² > candidates ×
 * PROBE_COST_IN_MATCHES / conversations (from the planner's row count). Measured on the conversations and
 * filters the statement reads, the density is right for phrases, words that go together, stems shared by several
 * words and filters, where an estimate from the words' frequencies was off by orders of magnitude.
 *
 * Each arm of the statement is gated by WHEN_DENSE or WHEN_SPARSE, which Postgres evaluates once (a one-time
 * filter) to skip the other arm whole.
 */
export function densityPilot(conversationWhere: readonly string[], passageWhere: string, candidates: number): string {
  return `SELECT count(*) >= ${PILOT_CONVERSATIONS} * sqrt(${candidates * PROBE_COST_IN_MATCHES}
             / greatest(1, (SELECT reltuples FROM pg_class WHERE oid = 'conversations'::regclass))) AS dense
    FROM (SELECT c.id, c.created_at FROM conversations c WHERE ${conversationWhere.join(' AND ')}
          ${newestFirst('c').orderBy()} LIMIT ${PILOT_CONVERSATIONS}) c
    CROSS JOIN LATERAL (SELECT 1 FROM search_passages sp WHERE sp.conversation_id = c.id AND ${passageWhere}
                        LIMIT ${PILOT_MATCHES_PER_CONVERSATION}) m`;
}

/** The gate of a statement's arm for a dense query (see densityPilot). */
export const WHEN_DENSE = '(SELECT dense FROM pilot)';
/** The gate of the arm for a sparse one. */
export const WHEN_SPARSE = 'NOT (SELECT dense FROM pilot)';

import type { RowQueryable, SqlParams } from '@cs/persistence';
import { conversationTermsQuery } from './conversation-terms-query';
import { anyWordQuery, positiveWords } from './query-words';
import { queryParts } from './search-query';
import { withWordPairs } from './word-pairs';

/*
 * The query analysis, written once for GET /search, `q` on GET /conversations and the MCP search tool
 * (docs/search.md). Content is indexed as passages (search_passages, maintained by @cs/search), and each
 * conversation's words (search_conversation_terms).
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

/** One distinct tsquery of an analysed text and the configurations that analyse the text to it. */
interface QueryBranch {
  configs: string[];
  tsquery: string;
  /** The tsquery a passage is matched with: the same, with the word pairs of its phrases (withWordPairs). */
  match: string;
}

/** A text as every configuration analyses it, distinct tsqueries only; none when no configuration leaves a word. */
type Branches = readonly QueryBranch[];

/**
 * A query as every configuration analyses it, part by part (queryParts): its words, each of its phrases, its
 * exclusions. A passage is compared with the tsquery of its own configuration. Most configurations analyse most
 * words alike (no stemmer touches "roadmap"), so a part usually has one to three branches, not eight: each branch is
 * one scan of the GIN index, and the same lexeme read eight times costs eight times its posting list.
 */
export class TextQuery {
  private constructor(
    private readonly wordBranches: Branches,
    private readonly phraseBranches: readonly Branches[],
    private readonly excludedBranches: Branches,
  ) {}

  /**
   * Analyses `query` (websearch syntax) in one round trip. A configuration whose tsquery has nothing the index can
   * look up is left out: `querytree` is `T` when only negations are left and empty when nothing is (a phrase of
   * stop words asks for nothing).
   */
  static async analyse(db: RowQueryable, query: string): Promise<TextQuery> {
    const parts = queryParts(query);
    const texts = [parts.words, parts.excluded, ...parts.phrases];
    const rows = await db.query<{ n: string; config: string; tsquery: string; tree: string }>(
      `SELECT t.n, config, q::text AS tsquery, querytree(q) AS tree
       FROM unnest($1::text[]) WITH ORDINALITY AS t(text, n), unnest($2::text[]) AS config, websearch_to_tsquery(config::regconfig, t.text) AS q`,
      [texts, [...ALL_SEARCH_CONFIGS]],
    );
    const branches = texts.map((_, i) => {
      const byQuery = new Map<string, string[]>();
      for (const row of rows) {
        if (Number(row.n) !== i + 1 || row.tree === 'T' || row.tree === '') continue;
        byQuery.set(row.tsquery, [...(byQuery.get(row.tsquery) ?? []), row.config]);
      }
      return [...byQuery].map(([tsquery, configs]) => ({ tsquery, configs: configs.sort(), match: withWordPairs(tsquery) }));
    });
    const [words = [], excluded = [], ...phrases] = branches;
    return new TextQuery(words, phrases.filter((phrase) => phrase.length > 0), excluded);
  }

  /** The words that rank a search, each once across configurations, as a tsquery's text form writes them. */
  words(): string[] {
    return [...new Set(this.wordBranches.flatMap((branch) => positiveWords(branch.tsquery)))];
  }

  /** Binds the parts to `p`, each value once, so the conditions of one statement share their parameters. */
  bind(p: SqlParams): BoundTextQuery {
    return new BoundTextQuery(p, this.wordBranches, this.phraseBranches, this.excludedBranches);
  }
}

/** The tsquery that matches a passage of any configuration: its own branch's, or the OR of all of them. */
const anyBranch = (branches: Branches, form: 'match' | 'tsquery'): string =>
  branches.length === 1 ? branches[0]![form] : branches.map((b) => `(${b[form]})`).join(' | ');

/** A TextQuery's SQL within one statement: a value becomes a parameter when first used (none is left unused). */
export class BoundTextQuery {
  private readonly params = new Map<string, string>();

  constructor(
    private readonly p: SqlParams,
    private readonly words: Branches,
    private readonly phrases: readonly Branches[],
    private readonly excluded: Branches,
  ) {}

  private param(key: string, value: unknown, cast: string): string {
    let placeholder = this.params.get(key);
    if (placeholder === undefined) {
      placeholder = `${this.p.add(value)}::${cast}`;
      this.params.set(key, placeholder);
    }
    return placeholder;
  }

  /**
   * The condition that passage `alias` matches the branches (named `key` among the statement's parameters). One
   * branch for every configuration: the passage's tsvector matches the constant tsquery. Otherwise: the tsvector
   * matches any of the branches' tsqueries, the one condition a GIN index scan serves, and the tsquery of the
   * passage's own configuration.
   *
   * The second test is a CASE of booleans on purpose: the planner estimates it as a coin toss. Written as an OR of
   * matches, or as a match with a computed tsquery, it would count the words' frequency twice or guess it, expect
   * a hundred times fewer rows than a common word has, and pick plans made for a rare one.
   */
  private matches(key: string, branches: Branches, alias: string): string {
    if (branches.length === 1 && branches[0]!.configs.length === ALL_SEARCH_CONFIGS.length) {
      return `${alias}.tsv @@ ${this.param(`${key}m0`, branches[0]!.match, 'tsquery')}`;
    }
    const any = this.param(`${key}any`, anyBranch(branches, 'match'), 'tsquery');
    const own = branches.map(
      (b, i) => `WHEN ${alias}.config = ANY(${this.param(`${key}c${i}`, b.configs, 'text[]')}) THEN ${alias}.tsv @@ ${this.param(`${key}m${i}`, b.match, 'tsquery')}`,
    );
    return `(${alias}.tsv @@ ${any} AND CASE ${own.join(' ')} ELSE false END)`;
  }

  /**
   * The condition that conversation words `alias` (search_conversation_terms) hold every word of the query, phrases'
   * words included (conversationTermsQuery: a phrase asks for its words anywhere, `OR` keeps its meaning). Null when
   * the words ask nothing of a conversation.
   */
  holdsWords(alias: string): string | null {
    if (this.words.length === 0) return 'false';
    const terms = conversationTermsQuery(anyBranch(this.words, 'tsquery'));
    return terms === null ? null : `${alias}.terms @@ ${this.param('terms', terms, 'tsquery')}`;
  }

  /** The condition that passage `alias` holds every phrase of the query as written; null without phrases. */
  holdsPhrases(alias: string): string | null {
    if (this.phrases.length === 0) return null;
    return this.phrases.map((phrase, i) => this.matches(`p${i}`, phrase, alias)).join(' AND ');
  }

  /**
   * The conditions that conversation `conversationId` (SQL) holds each phrase of the query as written, in some
   * passage (one probe of the passages' GIN index, keyed by conversation first, per phrase).
   */
  phrasesHeldBy(conversationId: string): string[] {
    return this.phrases.map(
      (phrase, i) => `EXISTS (SELECT 1 FROM search_passages x WHERE x.conversation_id = ${conversationId} AND ${this.matches(`p${i}`, phrase, 'x')})`,
    );
  }

  /** The condition that conversation `conversationId` (SQL) holds none of the excluded words and phrases; null without. */
  excludedFrom(conversationId: string): string | null {
    if (this.excluded.length === 0) return null;
    return `NOT EXISTS (SELECT 1 FROM search_passages x WHERE x.conversation_id = ${conversationId} AND ${this.matches('x', this.excluded, 'x')})`;
  }

  /**
   * The tsquery passage `alias` is highlighted with: the words of its own configuration's branch, each on its own
   * (anyWordQuery); the empty tsquery, which marks nothing, for a configuration that left nothing.
   */
  highlight(alias: string): string {
    if (this.words.length === 0) return `''::tsquery`;
    const highlightOf = (i: number) => this.param(`h${i}`, anyWordQuery(positiveWords(this.words[i]!.tsquery)), 'tsquery');
    if (this.words.length === 1 && this.words[0]!.configs.length === ALL_SEARCH_CONFIGS.length) return highlightOf(0);
    const cases = this.words.map((b, i) => `WHEN ${alias}.config = ANY(${this.param(`c${i}`, b.configs, 'text[]')}) THEN ${highlightOf(i)}`);
    return `(CASE ${cases.join(' ')} ELSE ''::tsquery END)`;
  }
}

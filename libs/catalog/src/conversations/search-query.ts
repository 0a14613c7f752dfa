import { sqlString } from '@cs/paging';

/*
 * The `q` parameter of GET /search and GET /conversations (and `query` of the MCP search tool): websearch syntax,
 * read here only to refuse what cannot be searched or would cost too much (docs/search.md "The query language").
 * Postgres analyses the accepted text itself (TextQuery).
 */

export const MAX_QUERY_LENGTH = 500;

/**
 * The most words a query may hold, and the most a phrase may (docs/search.md "Limits"). A word is a run of letters,
 * digits and marks (WORD); a phrase is a quoted text, or words joined by anything but a space (`e-mail`, `a.b.c`), which
 * Postgres also matches as a phrase. Each word is a posting list to read and a term to rank: the bounds keep a
 * query's cost independent of what a hostile caller types, far above what a person or an assistant asks (a
 * question of 15 words, a quoted title of 8).
 */
export const MAX_QUERY_WORDS = 32;
export const MAX_PHRASE_WORDS = 10;

/** A word, as the limits count them: a letter or digit, then letters, digits and marks. Anything else separates words. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const QUERY_REASON = 'must contain at least one word to find (not only operators, punctuation or excluded words)';

const wordsOf = (text: string): number => text.match(WORD)?.length ?? 0;

/**
 * One operand of websearch syntax: a quoted phrase or a run without spaces, whether a leading `-` excludes it, and
 * whether the operator `OR` stands before it.
 */
interface WebsearchTerm {
  text: string;
  excluded: boolean;
  quoted: boolean;
  afterOr: boolean;
}

/** The terms of a query as websearch syntax reads them; the operator `OR` is no term. An unclosed quote runs to the end. */
function websearchTerms(query: string): WebsearchTerm[] {
  const terms: WebsearchTerm[] = [];
  let afterOr = false;
  let i = 0;
  while (i < query.length) {
    while (i < query.length && /\s/u.test(query[i]!)) i++;
    const excluded = query[i] === '-';
    if (excluded) i++;
    if (query[i] === '"') {
      const close = query.indexOf('"', i + 1);
      const end = close === -1 ? query.length : close;
      terms.push({ text: query.slice(i + 1, end), excluded, quoted: true, afterOr });
      afterOr = false;
      i = end + 1;
    } else {
      const start = i;
      while (i < query.length && query[i] !== '"' && !/\s/u.test(query[i]!)) i++;
      const text = query.slice(start, i);
      if (text.toUpperCase() === 'OR' && !excluded) afterOr = terms.length > 0;
      else if (text !== '' || excluded) {
        terms.push({ text, excluded, quoted: false, afterOr });
        afterOr = false;
      }
    }
  }
  return terms;
}

/**
 * A query split by what each part asks (docs/search.md "The query language"), each part again in websearch syntax
 * for Postgres to analyse:
 * - `words`: everything not excluded, phrases still quoted and `OR` kept: the words that rank a search, and that a
 *   conversation must hold (anywhere) to be listed by `q` on GET /conversations;
 * - `phrases`: each quoted phrase (of two words or more once analysed), which must stand in the text as written;
 * - `excluded`: the excluded words and phrases joined by `OR`: a conversation holding any of them is left out.
 */
export interface QueryParts {
  words: string;
  phrases: string[];
  excluded: string;
}

const quotedIf = (term: WebsearchTerm): string => (term.quoted ? `"${term.text}"` : term.text);

export function queryParts(query: string): QueryParts {
  const terms = websearchTerms(query).filter((term) => wordsOf(term.text) > 0);
  const kept = terms.filter((term) => !term.excluded);
  return {
    words: kept.map((term, i) => `${i > 0 && term.afterOr ? 'OR ' : ''}${quotedIf(term)}`).join(' '),
    phrases: kept.filter((term) => term.quoted && wordsOf(term.text) > 1).map((term) => `"${term.text}"`),
    excluded: terms
      .filter((term) => term.excluded)
      .map(quotedIf)
      .join(' OR '),
  };
}

/**
 * Whether websearch syntax leaves something to look for: a word or a "phrase" not excluded with a leading `-`, other
 * than the operator `OR`. A query of only exclusions would match nearly everything (and read the whole index), so
 * it is refused like an empty one.
 */
export function hasWordToFind(query: string): boolean {
  return websearchTerms(query).some((term) => !term.excluded && wordsOf(term.text) > 0);
}

/** How many words the query holds, excluded ones included, and how many its longest phrase does. */
export function querySize(query: string): { words: number; longestPhrase: number } {
  const counts = websearchTerms(query).map((term) => wordsOf(term.text));
  return { words: counts.reduce((sum, n) => sum + n, 0), longestPhrase: Math.max(0, ...counts) };
}

/** The `q` parameter: websearch syntax, 1..500 characters, with a word to find, within the word limits. */
export const searchQuery = () =>
  sqlString()
    .min(1, { error: 'must not be empty' })
    .max(MAX_QUERY_LENGTH, { error: `must be at most ${MAX_QUERY_LENGTH} characters` })
    .refine(hasWordToFind, { error: QUERY_REASON, abort: true })
    .refine((q) => querySize(q).words <= MAX_QUERY_WORDS, { error: `must have at most ${MAX_QUERY_WORDS} words`, abort: true })
    .refine((q) => querySize(q).longestPhrase <= MAX_PHRASE_WORDS, {
      error: `must have at most ${MAX_PHRASE_WORDS} words in a phrase (a quoted text, or words joined without spaces)`,
    })
    .meta({
      description:
        'Search query, websearch syntax: words, "quoted phrases", -excluded words, OR. Case and diacritics are ignored; ' +
        `words are stemmed by the language of each source. At most ${MAX_QUERY_LENGTH} characters, ${MAX_QUERY_WORDS} words and ` +
        `${MAX_PHRASE_WORDS} words in a phrase. See docs/search.md.`,
    });

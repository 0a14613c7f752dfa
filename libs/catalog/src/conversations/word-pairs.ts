import { MAX_WORD_PAIR_BYTES } from '@cs/persistence';
import { lexemeOf } from './query-words';
import { type TsqueryToken as Token, tokenizeTsquery } from './tsquery-tokens';

/*
 * The query side of the passages' word pairs (migration 1765000000000, docs/search.md "Phrases"): a tsquery in
 * Postgres's text form, as websearch_to_tsquery returns it, with each phrase also asking for the pairs of adjacent
 * words it holds. `'user' <-> 'interfac'` becomes `('user' <-> 'interfac' & 'user interfac')`: the same matches
 * (a passage holding the phrase holds its pairs), but the GIN index can now tell which passages hold the words side
 * by side, so it no longer hands every passage with both words to the heap to have its positions checked.
 * (The text form's grammar: tsquery-tokens.ts.)
 */

/** The unescaped bytes of a lexeme as written in a tsquery's text form. */
const lexemeBytes = (escaped: string): number => Buffer.byteLength(lexemeOf(escaped));

/** An insertion into the text: after `at`, `text`. */
interface Insertion {
  at: number;
  text: string;
}

/** Reads the tokens of a tsquery and records where each phrase's pairs go. */
class PairFinder {
  private i = 0;
  readonly insertions: Insertion[] = [];

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  /** An OR of ANDs of phrases; `free` when no enclosing phrase holds it (only there can a pair be ANDed). */
  expression(free: boolean): void {
    this.phrase(free);
    while (this.peek()?.kind === '&' || this.peek()?.kind === '|') {
      this.i++;
      this.phrase(free);
    }
  }

  /** Elements joined by phrase operators: the pairs of adjacent plain operands at distance 1. */
  private phrase(free: boolean): void {
    const first = this.i;
    const elements = [this.element()];
    const distances: number[] = [];
    while (this.peek()?.kind === 'phrase') {
      const operator = this.tokens[this.i++] as Extract<Token, { kind: 'phrase' }>;
      distances.push(operator.distance);
      elements.push(this.element());
    }
    for (const element of elements) if (element.group) this.within(element.group, free && elements.length === 1);
    if (!free || elements.length === 1) return;
    const pairs = new Set<string>();
    distances.forEach((distance, k) => {
      const [left, right] = [elements[k]!.operand, elements[k + 1]!.operand];
      if (distance !== 1 || !left?.plain || !right?.plain) return;
      if (lexemeBytes(left.lexeme) + 1 + lexemeBytes(right.lexeme) > MAX_WORD_PAIR_BYTES) return;
      pairs.add(`'${left.lexeme} ${right.lexeme}'`);
    });
    if (pairs.size === 0) return;
    this.insertions.push({ at: this.tokens[first]!.start, text: '(' });
    this.insertions.push({ at: this.tokens[this.i - 1]!.end, text: ` & ${[...pairs].join(' & ')})` });
  }

  /**
   * One element of a phrase: an operand not negated (a candidate for a pair), or anything else. A parenthesised
   * group is skipped here and read by `within` once its phrase is known.
   */
  private element(): { operand?: Extract<Token, { kind: 'operand' }>; group?: number } {
    const token = this.tokens[this.i++];
    if (token?.kind === 'operand') return { operand: token };
    if (token?.kind === '!') {
      const inner = this.element();
      return inner.group === undefined ? {} : { group: inner.group };
    }
    if (token?.kind === '(') {
      const group = this.i;
      let depth = 1;
      while (depth > 0 && this.i < this.tokens.length) {
        const kind = this.tokens[this.i++]!.kind;
        if (kind === '(') depth++;
        if (kind === ')') depth--;
      }
      return { group };
    }
    throw new Error('unreadable tsquery');
  }

  private within(group: number, free: boolean): void {
    const resume = this.i;
    this.i = group;
    this.expression(free);
    this.i = resume;
  }
}

/**
 * `tsquery` (Postgres's text form) with the word pairs of each phrase ANDed to it. Only a phrase that is not
 * itself inside another phrase gets them (an AND within a phrase would change what the phrase means), and only
 * pairs of plain lexemes (no weight, no prefix, not negated) at distance 1, the only ones the passages hold.
 */
export function withWordPairs(tsquery: string): string {
  const finder = new PairFinder(tokenizeTsquery(tsquery));
  if (tsquery.trim() !== '') finder.expression(true);
  let text = tsquery;
  for (const { at, text: insert } of [...finder.insertions].sort((a, b) => b.at - a.at)) text = text.slice(0, at) + insert + text.slice(at);
  return text;
}

import { type TsqueryToken, tokenizeTsquery } from './tsquery-tokens';

/*
 * The query a conversation's words (search_conversation_terms, migration 1765100000000) must match for one of its
 * passages to match `tsquery`: a necessary condition, never a sufficient one. The conversation's tsvector holds every
 * lexeme of its passages without positions, so:
 * - a phrase asks for its words (and pairs) anywhere: `'user' <-> 'interfac'` becomes `'user' & 'interfac'`
 *   (Postgres never matches `<->` on a tsvector without positions);
 * - a negation asks for nothing: a passage without a word says nothing of the conversation's other passages;
 * - an operand with a weight or a prefix mark asks for nothing either (websearch syntax writes neither).
 * What asks for nothing leaves an AND, and makes an OR ask for nothing. A query that asks for nothing at all has no
 * conversation-level form (null): every conversation could hold a match.
 */

class Relaxer {
  private i = 0;

  constructor(private readonly tokens: TsqueryToken[]) {}

  private peek(): TsqueryToken | undefined {
    return this.tokens[this.i];
  }

  or(): string | null {
    const parts = this.series('|', () => this.and());
    return parts.includes(null) ? null : joined(parts as string[], ' | ');
  }

  private and(): string | null {
    return joined(asked(this.series('&', () => this.phrase())), ' & ');
  }

  private phrase(): string | null {
    return joined(asked(this.series('phrase', () => this.element())), ' & ');
  }

  /** What `next` reads, once and again after each `operator` token. */
  private series(operator: TsqueryToken['kind'], next: () => string | null): (string | null)[] {
    const parts = [next()];
    while (this.peek()?.kind === operator) {
      this.i++;
      parts.push(next());
    }
    return parts;
  }

  private element(): string | null {
    const token = this.tokens[this.i++];
    if (token?.kind === 'operand') return token.plain ? `'${token.lexeme}'` : null;
    if (token?.kind === '!') {
      this.element();
      return null;
    }
    if (token?.kind === '(') {
      const inner = this.or();
      if (this.tokens[this.i++]?.kind !== ')') throw new Error('unreadable tsquery');
      return inner;
    }
    throw new Error('unreadable tsquery');
  }
}

/** The parts that ask for something. */
const asked = (parts: (string | null)[]): string[] => parts.filter((part): part is string => part !== null);

/** The parts joined by `operator`, parenthesised when there are several; null for none. */
function joined(parts: string[], operator: string): string | null {
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `(${parts.join(operator)})`;
}

/** `tsquery` (Postgres's text form) as the conversation's words must match it, or null when any conversation may. */
export function conversationTermsQuery(tsquery: string): string | null {
  if (tsquery.trim() === '') return null;
  return new Relaxer(tokenizeTsquery(tsquery)).or();
}

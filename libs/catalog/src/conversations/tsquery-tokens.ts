/*
 * Postgres's text form of a tsquery, as websearch_to_tsquery returns it, read into tokens (for word pairs and for
 * the conversation-level query). By precedence: `|` < `&` < phrase (`<->`, `<N>`) < `!`; operands are quoted
 * lexemes (`'` doubled, `\` escaped) with optional weights or a prefix mark after `:`; parentheses group.
 */

export type TsqueryToken =
  | { kind: 'operand'; lexeme: string; plain: boolean; start: number; end: number }
  | { kind: 'phrase'; distance: number; start: number; end: number }
  | { kind: '&' | '|' | '!' | '(' | ')'; start: number; end: number };

export function tokenizeTsquery(text: string): TsqueryToken[] {
  const tokens: TsqueryToken[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ' ') {
      i++;
    } else if (ch === "'") {
      const start = i;
      let lexeme = '';
      i++;
      while (i < text.length) {
        if (text[i] === '\\') {
          lexeme += text.slice(i, i + 2);
          i += 2;
        } else if (text[i] === "'" && text[i + 1] === "'") {
          lexeme += "''";
          i += 2;
        } else if (text[i] === "'") {
          break;
        } else {
          lexeme += text[i++];
        }
      }
      i++;
      let plain = true;
      if (text[i] === ':') {
        plain = false;
        i++;
        while (i < text.length && /[*A-Da-d]/.test(text[i]!)) i++;
      }
      tokens.push({ kind: 'operand', lexeme, plain, start, end: i });
    } else if (ch === '<') {
      const close = text.indexOf('>', i);
      if (close === -1) throw new Error(`unreadable tsquery: ${text}`);
      const inner = text.slice(i + 1, close);
      tokens.push({ kind: 'phrase', distance: inner === '-' ? 1 : Number(inner), start: i, end: close + 1 });
      i = close + 1;
    } else if (ch === '&' || ch === '|' || ch === '!' || ch === '(' || ch === ')') {
      tokens.push({ kind: ch, start: i, end: i + 1 });
      i++;
    } else {
      throw new Error(`unreadable tsquery: ${text}`);
    }
  }
  return tokens;
}

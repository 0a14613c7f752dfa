import { escapedLength } from './answer-budget';

/**
 * Where a part of `content` starting at `from` ends so that its JSON-escaped length is at most `budget`: after the
 * last whole line that fits (the line break kept with its line), so a transcript is cut between speaker turns.
 * When not even one line fits, `progress` decides: false gives `from` (nothing), true cuts inside the line at the
 * last code point that fits (at least one), so paging always moves on.
 */
export function cutOnLines(content: string, from: number, budget: number, progress: boolean): number {
  let end = from;
  let used = 0;
  while (end < content.length) {
    const lineBreak = content.indexOf('\n', end);
    const lineEnd = lineBreak === -1 ? content.length : lineBreak + 1;
    const cost = escapedLength(content.slice(end, lineEnd));
    if (used + cost > budget) break;
    used += cost;
    end = lineEnd;
  }
  if (end > from || end === content.length || !progress) return end;
  return cutInsideLine(content, from, budget);
}

function cutInsideLine(content: string, from: number, budget: number): number {
  let end = from;
  let used = 0;
  for (const char of content.slice(from)) {
    const cost = escapedLength(char);
    if (used + cost > budget && end > from) break;
    used += cost;
    end += char.length;
  }
  return end;
}

/** Lines of `content`: a trailing line break ends the last line rather than starting an empty one. */
export function lineCount(content: string): number {
  if (content.length === 0) return 0;
  return linesBefore(content, content.length) + (content.endsWith('\n') ? 0 : 1);
}

/** Line breaks before `offset`: the 0-based index of the line `offset` falls in. */
export function linesBefore(content: string, offset: number): number {
  let count = 0;
  for (let i = content.indexOf('\n'); i !== -1 && i < offset; i = content.indexOf('\n', i + 1)) count++;
  return count;
}

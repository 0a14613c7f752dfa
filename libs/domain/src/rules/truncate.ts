const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Shortens text to at most `max` characters, cutting on a word boundary and never inside a character; the one
 * truncation rule of the service (digests, summary bullets). Whitespace runs become one space first.
 * "Character" is counted the strictest way a consumer might count it, in UTF-16 code units (JavaScript's
 * `length`), which is never less than the count in code points (Postgres) or graphemes (what people see),
 * so the limit holds under every reading. Adds an ellipsis when it cut, within the limit.
 */
export function truncateOnWord(text: string, max: number): string {
  const normalized = text.replace(/\s+/g, ' ').trim();
  if (normalized.length <= max) return normalized;
  let head = '';
  for (const { segment } of segmenter.segment(normalized)) {
    if (head.length + segment.length > max - 1) break;
    head += segment;
  }
  const lastSpace = head.lastIndexOf(' ');
  const cut = (lastSpace > 0 ? head.slice(0, lastSpace) : head).replace(/[\s,.;:\u2013-]+$/u, '');
  return `${cut}\u2026`;
}

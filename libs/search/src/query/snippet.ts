import { markdownText } from './markdown-text';

/**
 * What Postgres puts around each matched word of a passage it highlights (ts_headline with HighlightAll): two
 * private-use characters, removed from the passage first, so they mark matches and nothing else.
 */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';

/** The most words of a passage a snippet shows (ts_headline's MaxWords, which snippets used before). */
export const SNIPPET_MAX_WORDS = 35;

interface Word {
  text: string;
  /** The matched term, lower-cased, when the word holds one. */
  term: string | null;
}

const MARKED = new RegExp(`${MATCH_START}([^${MATCH_END}]*)${MATCH_END}`, 'gu');

function wordsOf(highlighted: string): Word[] {
  return highlighted
    .replaceAll(`${MATCH_END}${MATCH_START}`, '')
    .split(/\s+/u)
    .filter((text) => text !== '')
    .map((text) => {
      const first = new RegExp(MARKED.source, 'u').exec(text);
      return { text, term: first ? first[1]!.toLowerCase() : null };
    });
}

/** The first index of ascending `sorted` whose value is at least `value` (its length when none is). */
function firstAtLeast(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The window of at most SNIPPET_MAX_WORDS words to show: the one with the most distinct matched terms, then the most
 * matches, then the one whose matches sit nearest its middle, then the first. Linear in the passage's words.
 */
function bestWindow(words: readonly Word[]): [number, number] {
  const size = Math.min(SNIPPET_MAX_WORDS, words.length);
  const counts = new Map<string, number>();
  const add = (term: string | null, delta: number) => {
    if (term === null) return;
    const n = (counts.get(term) ?? 0) + delta;
    if (n === 0) counts.delete(term);
    else counts.set(term, n);
  };
  let matches = 0;
  for (let i = 0; i < size; i++) {
    add(words[i]!.term, 1);
    if (words[i]!.term !== null) matches++;
  }
  const matchedAt = words.flatMap((word, i) => (word.term === null ? [] : [i]));
  const offCentre = (start: number): number => {
    const first = firstAtLeast(matchedAt, start);
    const last = firstAtLeast(matchedAt, start + size) - 1;
    if (first > last) return 0;
    return Math.abs((matchedAt[first]! + matchedAt[last]!) / 2 - (start + (size - 1) / 2));
  };
  let best = { start: 0, distinct: counts.size, matches, offCentre: offCentre(0) };
  for (let start = 1; start + size <= words.length; start++) {
    const leaving = words[start - 1]!.term;
    const entering = words[start + size - 1]!.term;
    add(leaving, -1);
    add(entering, 1);
    matches += (entering === null ? 0 : 1) - (leaving === null ? 0 : 1);
    if (counts.size < best.distinct || (counts.size === best.distinct && matches < best.matches)) continue;
    const candidate = { start, distinct: counts.size, matches, offCentre: offCentre(start) };
    if (candidate.distinct > best.distinct || candidate.matches > best.matches || candidate.offCentre < best.offCentre) best = candidate;
  }
  return [best.start, best.start + size];
}

/** One word as Markdown: its text made inert (markdownText), its matched terms in bold. */
function rendered(word: string): string {
  let out = '';
  let last = 0;
  for (const match of word.matchAll(MARKED)) {
    out += markdownText(word.slice(last, match.index)) + `**${markdownText(match[1]!)}**`;
    last = match.index + match[0].length;
  }
  return out + markdownText(word.slice(last).replaceAll(MATCH_START, '').replaceAll(MATCH_END, ''));
}

/**
 * A search match's snippet (docs/search.md "Snippets") from a passage Postgres highlighted whole: the best window
 * of at most SNIPPET_MAX_WORDS words, as inert Markdown whose only markup is `**` around matched terms.
 */
export function snippetOf(highlighted: string): string {
  const words = wordsOf(highlighted);
  const [start, end] = bestWindow(words);
  return words
    .slice(start, end)
    .map((word) => rendered(word.text))
    .join(' ');
}

import { foldPlural, terms } from '../text/terms';

export interface TagCandidate {
  id: string;
  name: string;
  description: string | null;
}

export interface SuggestTagsOptions {
  /** At most this many suggestions (default 3). */
  max?: number;
}

/** A name must be mentioned once, plus once per this many words of text: a long meeting mentions everything. */
const WORDS_PER_EXTRA_MENTION = 4_000;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/**
 * Ids of the workspace's tags that fit a conversation's text, best first. Deterministic, documented rule:
 *
 * - The tag's name is matched as a whole phrase (case, accents and simple plurals ignored: "Roadmap" matches
 *   "roadmaps", "Café" matches "cafe"). `mentions` = how often it occurs.
 * - Its description's content terms (three letters or more, no stopwords, the name's own words left out) are
 *   looked up in the text. `matched` = how many distinct ones occur, `weight` = their occurrences, each term
 *   counted at most 3 times.
 * - A tag fits when the name is mentioned at least 1 + ⌊words / 4,000⌋ times (once in a note, six times in a
 *   two-hour meeting), or when it is mentioned at all and 2 description terms occur, or when at least 3
 *   description terms and half of them occur (a tag can fit without being named).
 * - Fitting tags rank by 3 × mentions + weight, ties by name (case-insensitive) then id; the first `max` (default 3) are returned.
 */
export function suggestTags(text: string, candidates: readonly TagCandidate[], options: SuggestTagsOptions = {}): string[] {
  const max = options.max ?? 3;
  if (max <= 0 || candidates.length === 0) return [];
  const tokens = wordTokens(text);
  if (tokens.length === 0) return [];
  const frequency = new Map<string, number>();
  const positions = new Map<string, number[]>();
  tokens.forEach((token, i) => {
    frequency.set(token, (frequency.get(token) ?? 0) + 1);
    const list = positions.get(token);
    if (list) list.push(i);
    else positions.set(token, [i]);
  });
  const requiredMentions = 1 + Math.floor(tokens.length / WORDS_PER_EXTRA_MENTION);

  const fitting: Array<{ id: string; name: string; score: number }> = [];
  for (const candidate of candidates) {
    const phrase = wordTokens(candidate.name);
    if (phrase.length === 0) continue;
    const mentions = countPhrase(tokens, phrase, positions);
    const nameWords = new Set(phrase);
    const descriptionTerms = [...new Set(terms(fold(candidate.description ?? '')))].filter((term) => !nameWords.has(term));
    let matched = 0;
    let weight = 0;
    for (const term of descriptionTerms) {
      const count = frequency.get(term) ?? 0;
      if (count > 0) matched++;
      weight += Math.min(count, 3);
    }
    const fits =
      mentions >= requiredMentions ||
      (mentions >= 1 && matched >= 2) ||
      (descriptionTerms.length >= 3 && matched >= 3 && matched * 2 >= descriptionTerms.length);
    if (fits) fitting.push({ id: candidate.id, name: candidate.name, score: 3 * mentions + weight });
  }
  return fitting
    .sort((a, b) => b.score - a.score || compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.name, b.name) || compare(a.id, b.id))
    .slice(0, max)
    .map((tag) => tag.id);
}

/** Every word, lower-cased, accents removed, plurals folded; stopwords kept so that phrases stay contiguous. */
function wordTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const match of fold(text).matchAll(WORD)) tokens.push(foldPlural(match[0].replace(/’/g, "'")));
  return tokens;
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Occurrences of a phrase, checked only where its first word occurs: linear in mentions, not in the text. */
function countPhrase(tokens: readonly string[], phrase: readonly string[], positions: ReadonlyMap<string, readonly number[]>): number {
  const [first, ...rest] = phrase;
  if (first === undefined) return 0;
  const starts = positions.get(first) ?? [];
  if (rest.length === 0) return starts.length;
  return starts.filter((i) => rest.every((word, j) => tokens[i + 1 + j] === word)).length;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

import { STOPWORDS } from '../text/stopwords';
import { foldPlural } from '../text/terms';

/**
 * Openings and closings of a meeting ("good morning", "welcome", "thanks") name no topic, nor do the casual
 * spellings of talk ("yep", "wanna": "The meeting's 6 participants discussed function, Yep and little" read badly).
 */
const COURTESY = new Set([
  'good', 'morning', 'afternoon', 'evening', 'welcome', 'thank', 'thanks', 'bye', 'goodbye', 'hello', 'please', 'sorry', 'great', 'cool', 'nice', 'fine',
  'guess', 'mean', 'said', 'talk', 'talking', 'stuff', 'thing', 'bit', 'idea', 'question', 'point', 'chair', 'chairman', 'madam',
  'yep', 'yup', 'nope', 'wanna', 'kinda', 'sorta', 'dunno', 'huh', 'cuz',
]);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The words of a text in order, with each word's content term (null for stopwords, numbers and short words). */
function words(text: string): Array<{ surface: string; term: string | null }> {
  return [...text.matchAll(WORD)].map((match) => {
    const lower = match[0].toLowerCase().replace(/’/g, "'");
    const content = lower.length >= 3 && !STOPWORDS.has(lower) && !COURTESY.has(lower) && !/^\p{N}+$/u.test(lower);
    return { surface: match[0], term: content ? foldPlural(lower) : null };
  });
}

/** Counts of the phrases (one content word, or two in a row) of some sentences, per sentence, with their spellings. */
export class PhraseCounts {
  readonly count = new Map<string, number>();
  readonly spellings = new Map<string, Map<string, number>>();

  constructor(texts: readonly string[]) {
    for (const text of texts) {
      const seen = new Set<string>();
      const list = words(text);
      list.forEach((word, i) => {
        if (!word.term) return;
        this.add(word.term, word.surface, seen);
        const next = list[i + 1];
        if (next?.term && next.term !== word.term) this.add(`${word.term} ${next.term}`, `${word.surface} ${next.surface}`, seen);
      });
    }
  }

  private add(phrase: string, surface: string, seen: Set<string>): void {
    if (!seen.has(phrase)) {
      seen.add(phrase);
      this.count.set(phrase, (this.count.get(phrase) ?? 0) + 1);
    }
    const forms = this.spellings.get(phrase) ?? new Map<string, number>();
    forms.set(surface, (forms.get(surface) ?? 0) + 1);
    this.spellings.set(phrase, forms);
  }

  /** The spelling a phrase most often has (ties: the lexically first), e.g. "remote control", "August". */
  spelling(phrase: string): string {
    const forms = [...(this.spellings.get(phrase) ?? new Map<string, number>())];
    forms.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return forms[0]?.[0] ?? phrase;
  }
}

/**
 * A section's heading: the phrase most particular to it, as a person would title a part of their notes
 * ("Remote control design" rather than "Remote · Control · Design"). A phrase is one content word or two in a
 * row; it scores the number of the section's sentences that say it, times how concentrated in the section it
 * is, times its rarity in the whole conversation; a two-word phrase said as often as its best word is preferred,
 * being the more specific title. Phrases already used by an earlier heading are skipped. Null when nothing is said
 * twice (a short note), for the caller's default.
 */
export function sectionHeading(section: PhraseCounts, whole: PhraseCounts, sentences: number, sectionSentences: number, used: Set<string>): string | null {
  const scored: Array<{ phrase: string; score: number; count: number }> = [];
  for (const [phrase, count] of section.count) {
    if (count < 2 && sectionSentences > 3) continue;
    const overall = whole.count.get(phrase) ?? count;
    const parts = phrase.split(' ');
    if (parts.some((part) => used.has(part))) continue;
    const score = count * (count / overall) * Math.log(1 + sentences / overall) * (parts.length === 2 ? 1.6 : 1);
    scored.push({ phrase, score, count });
  }
  scored.sort((a, b) => b.score - a.score || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0));
  const best = scored[0];
  if (!best || (best.count < 2 && sectionSentences > 3)) return null;
  for (const part of best.phrase.split(' ')) used.add(part);
  const title = section.spelling(best.phrase);
  return title.charAt(0).toLocaleUpperCase() + title.slice(1);
}

/** The headline phrase of a whole conversation for its overview: its top phrases, spelled as said. */
export function topPhrases(whole: PhraseCounts, sentences: number, count: number): string[] {
  const scored = [...whole.count]
    .filter(([, n]) => n >= 2)
    .map(([phrase, n]) => ({ phrase, score: n * Math.log(1 + sentences / n) * (phrase.includes(' ') ? 1.6 : 1) }))
    .sort((a, b) => b.score - a.score || (a.phrase < b.phrase ? -1 : 1));
  const chosen: string[] = [];
  const used = new Set<string>();
  for (const { phrase } of scored) {
    if (chosen.length >= count) break;
    const parts = phrase.split(' ');
    if (parts.some((p) => used.has(p))) continue;
    parts.forEach((p) => used.add(p));
    chosen.push(whole.spelling(phrase));
  }
  return chosen;
}

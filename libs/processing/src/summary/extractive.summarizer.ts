import { toDigest, truncateOnWord } from '@cs/domain';
import { sentenceUnits } from '../text/sentences';
import { foldPlural, terms } from '../text/terms';
import { segmentTopics } from './topic-segmentation';
import { type Summarizer, SummarizerError, type SummaryInput, type SummaryOutput, type SummarySectionStart } from './summarizer.port';

export interface ExtractiveSummarizerOptions {
  /** Topical sections at most (default 5). */
  maxSections?: number;
  /** Bullets per section at most (default 3). */
  bulletsPerSection?: number;
  /** A bullet or overview sentence longer than this is cut on a word boundary (default 280 characters). */
  maxBulletChars?: number;
}

interface ScoredSentence {
  index: number;
  source: number;
  speaker: string | null;
  start_seconds: number | null;
  text: string;
  terms: string[];
  termSet: Set<string>;
  score: number;
}

/** Sentences shorter than this are mostly acknowledgements ("Sounds good.") and rarely summarize anything. */
const SHORT_SENTENCE_WORDS = 6;
/** Beyond this a "sentence" is usually a run-on turn; its score is scaled down in proportion. */
const LONG_SENTENCE_WORDS = 45;
/** About one section per this many sentences, up to maxSections: a short note gets one, a meeting several. */
const SENTENCES_PER_SECTION = 8;
/** A candidate sharing more than this share of its terms with a sentence already chosen says the same thing. */
const MAX_OVERLAP = 0.5;

/**
 * The built-in summarizer: offline, deterministic (the same input gives the same output, ties broken by
 * position), extractive (it quotes the sources' own sentences, never invents text, in any language).
 *
 * 1. Every source's text is split into sentences (transcript prefixes and Markdown markers removed).
 * 2. Terms are weighted TF-IDF style over the conversation: how often a term occurs overall times
 *    log(1 + sentences / sentences containing it), terms of the conversation's title counting 1.5 times.
 *    A sentence scores the sum of the weights of its distinct terms divided by the square root of their
 *    number, scaled down when it is very short or very long.
 * 3. Overview: the best 1 to 3 sentences (by length of the conversation) in their original order, skipping
 *    near-duplicates (more than half of the terms shared with one already chosen).
 * 4. Sections: the sentence sequence is cut into up to 5 topical sections (one per 8 sentences) where the vocabulary changes most
 *    (see segmentTopics), each headed by its three most distinctive repeated terms ("## Pipeline · Latency ·
 *    Migration", or "## Key points" when no term repeats) and listing as `- ` bullets, in original order,
 *    its best sentences by the section's own term weights.
 * 5. Digest: toDigest() of the single best sentence.
 * No text in any source (all contents null or blank) is a SummarizerError of kind `no_content`.
 */
export class ExtractiveSummarizer implements Summarizer {
  readonly name = 'extractive';
  private readonly maxSections: number;
  private readonly bulletsPerSection: number;
  private readonly maxBulletChars: number;

  constructor(options: ExtractiveSummarizerOptions = {}) {
    this.maxSections = options.maxSections ?? 5;
    this.bulletsPerSection = options.bulletsPerSection ?? 3;
    this.maxBulletChars = options.maxBulletChars ?? 280;
  }

  async summarize(input: SummaryInput, signal?: AbortSignal): Promise<SummaryOutput> {
    signal?.throwIfAborted();
    return this.summarizeNow(input);
  }

  /** The same, synchronously (the work is CPU-only), for callers and benchmarks that want no promise. */
  summarizeNow(input: SummaryInput): SummaryOutput {
    const { all, idf } = scoreSentences(input);
    const best = rank(all)[0];
    if (!best) throw new SummarizerError('no_content', 'no source has any text to summarize', false);

    const overviewSize = all.length <= 3 ? 1 : all.length < 40 ? 2 : 3;
    const overview = pickDistinct(rank(all), overviewSize, []);
    const chosen = [...overview];
    const sections: string[] = [];
    const starts: SummarySectionStart[] = [];
    for (const range of segmentTopics(all, Math.min(this.maxSections, Math.max(1, Math.floor(all.length / SENTENCES_PER_SECTION))))) {
      const members = all.slice(range.start, range.end);
      const bullets = pickDistinct(
        rankWithin(members, idf).filter((s) => !chosen.includes(s)),
        this.bulletsPerSection,
        chosen,
      );
      if (bullets.length === 0) continue;
      chosen.push(...bullets);
      const lines = byPosition(bullets).map((s) => `- ${truncateOnWord(s.text, this.maxBulletChars)}`);
      const title = heading(members, all);
      sections.push(`## ${title}\n${lines.join('\n')}`);
      const first = members[0] as ScoredSentence;
      starts.push({ heading: title, source: first.source, start_seconds: first.start_seconds });
    }
    const summary = [byPosition(overview).map((s) => truncateOnWord(s.text, this.maxBulletChars)).join(' '), ...sections].join('\n\n');
    return { summary, digest: toDigest(best.text), sections: starts };
  }
}

function scoreSentences(input: SummaryInput): { all: ScoredSentence[]; idf: Map<string, number> } {
  const all: ScoredSentence[] = [];
  input.sources.forEach((source, sourceIndex) => {
    if (!source.content) return;
    for (const { text, speaker, start_seconds } of sentenceUnits(source.content)) {
      const found = terms(text);
      all.push({ index: all.length, source: sourceIndex, speaker, start_seconds, text, terms: found, termSet: new Set(found), score: 0 });
    }
  });
  const frequency = new Map<string, number>();
  const sentenceFrequency = new Map<string, number>();
  for (const sentence of all) {
    for (const term of sentence.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    for (const term of sentence.termSet) sentenceFrequency.set(term, (sentenceFrequency.get(term) ?? 0) + 1);
  }
  const titleTerms = new Set(terms(input.title ?? ''));
  const idf = new Map<string, number>();
  const weight = new Map<string, number>();
  for (const [term, count] of frequency) {
    const termIdf = Math.log(1 + all.length / (sentenceFrequency.get(term) ?? 1));
    idf.set(term, termIdf);
    weight.set(term, count * termIdf * (titleTerms.has(term) ? 1.5 : 1));
  }
  for (const sentence of all) sentence.score = sentenceScore(sentence, weight);
  return { all, idf };
}

/** Sum of the weights of a sentence's distinct terms over the square root of their number, scaled for length. */
function sentenceScore(sentence: ScoredSentence, weight: ReadonlyMap<string, number>): number {
  if (sentence.termSet.size === 0) return 0;
  let sum = 0;
  for (const term of sentence.termSet) sum += weight.get(term) ?? 0;
  const words = sentence.text.split(' ').length;
  const lengthFactor = words < SHORT_SENTENCE_WORDS ? words / SHORT_SENTENCE_WORDS : words > LONG_SENTENCE_WORDS ? LONG_SENTENCE_WORDS / words : 1;
  return (sum / Math.sqrt(sentence.termSet.size)) * lengthFactor;
}

/**
 * Ranks a section's sentences by the section's own term weights (its term counts times the conversation's
 * idf), so its bullets speak of what the section is about rather than of the conversation's overall themes.
 */
function rankWithin(members: readonly ScoredSentence[], idf: ReadonlyMap<string, number>): ScoredSentence[] {
  const counts = new Map<string, number>();
  for (const sentence of members) for (const term of sentence.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const weight = new Map<string, number>();
  for (const [term, count] of counts) weight.set(term, count * (idf.get(term) ?? 0));
  const local = new Map(members.map((sentence) => [sentence, sentenceScore(sentence, weight)]));
  return [...members].sort((a, b) => (local.get(b) ?? 0) - (local.get(a) ?? 0) || a.index - b.index);
}

/** Best first; equal scores in document order, so the result never depends on sort stability. */
function rank(list: readonly ScoredSentence[]): ScoredSentence[] {
  return [...list].sort((a, b) => b.score - a.score || a.index - b.index);
}

function byPosition(list: readonly ScoredSentence[]): ScoredSentence[] {
  return [...list].sort((a, b) => a.index - b.index);
}

function pickDistinct(ranked: readonly ScoredSentence[], count: number, alreadyChosen: readonly ScoredSentence[]): ScoredSentence[] {
  const picked: ScoredSentence[] = [];
  for (const candidate of ranked) {
    if (picked.length >= count) break;
    if (candidate.score <= 0) break;
    if ([...alreadyChosen, ...picked].some((other) => overlap(candidate, other) > MAX_OVERLAP)) continue;
    picked.push(candidate);
  }
  return picked;
}

function overlap(a: ScoredSentence, b: ScoredSentence): number {
  if (a.termSet.size === 0) return 1;
  let shared = 0;
  for (const term of a.termSet) if (b.termSet.has(term)) shared++;
  return shared / Math.min(a.termSet.size, Math.max(1, b.termSet.size));
}

/**
 * The three terms most particular to a section: frequent in it, and concentrated in it rather than spread
 * over the whole conversation. Shown in the spelling they most often have in the section, capitalised.
 */
function heading(members: readonly ScoredSentence[], all: readonly ScoredSentence[]): string {
  const inSection = new Map<string, number>();
  for (const sentence of members) for (const term of sentence.terms) inSection.set(term, (inSection.get(term) ?? 0) + 1);
  const overall = new Map<string, number>();
  for (const sentence of all) for (const term of sentence.termSet) if (inSection.has(term)) overall.set(term, (overall.get(term) ?? 0) + 1);
  const candidates = [...inSection]
    .map(([term, count]) => ({ term, count, score: count * (count / (overall.get(term) ?? 1)) * Math.log(1 + all.length / (overall.get(term) ?? 1)) }))
    .sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  // A term said once is no topic: without repeated terms (a short note) the section is just the key points.
  const top = candidates.filter((c) => c.count >= 2).slice(0, 3).map((c) => c.term);
  if (top.length === 0) return 'Key points';
  const spellings = surfaceForms(members, new Set(top));
  return top.map((term) => capitalise(spellings.get(term) ?? term)).join(' · ');
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

function surfaceForms(members: readonly ScoredSentence[], wanted: ReadonlySet<string>): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const sentence of members) {
    for (const match of sentence.text.matchAll(WORD)) {
      const term = foldPlural(match[0].toLowerCase().replace(/’/g, "'"));
      if (!wanted.has(term)) continue;
      const forms = counts.get(term) ?? new Map<string, number>();
      forms.set(match[0], (forms.get(match[0]) ?? 0) + 1);
      counts.set(term, forms);
    }
  }
  const result = new Map<string, string>();
  for (const [term, forms] of counts) {
    const [form] = [...forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[0] ?? [term];
    result.set(term, form);
  }
  return result;
}

function capitalise(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}

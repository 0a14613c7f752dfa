import { DIGEST_MAX_LENGTH } from '@cs/domain';
import { sentenceUnits } from '../text/sentences';
import { cleanSpoken, wordCount } from '../text/spoken-text';
import { terms } from '../text/terms';
import { decisionText, isDecision, isPrinciple, recogniseActionItem } from './action-items';
import { PhraseCounts, sectionHeading, topPhrases } from './section-heading';
import { renderSummaryMarkdown, SUMMARY_LIMITS, type SummaryStructure } from './summary-structure';
import { type Summarizer, SummarizerError, type SummaryInput, type SummaryOutput, type SummarySectionStart } from './summarizer.port';
import { announcesTopic, segmentTopics } from './topic-segmentation';

export interface ExtractiveSummarizerOptions {
  /** Topical sections at most (default 6). */
  maxSections?: number;
  /** Bullets per section at most (default 3). */
  bulletsPerSection?: number;
}

interface Unit {
  index: number;
  source: number;
  speaker: string | null;
  start_seconds: number | null;
  /** As quoted: spoken hesitations removed. */
  text: string;
  words: number;
  /** Spoken and broken off (no closing . ! ? …): the speaker was interrupted or started again. */
  unfinished: boolean;
  terms: string[];
  termSet: Set<string>;
  score: number;
}

/** Sentences shorter than this are mostly acknowledgements ("Sounds good.") and rarely summarize anything. */
const SHORT_SENTENCE_WORDS = 8;
/** Beyond this a "sentence" is usually a run-on turn; its score is scaled down in proportion. */
const LONG_SENTENCE_WORDS = 30;
/**
 * An unfinished spoken sentence ("For a remote control, do you think that will be") scores this share of what it
 * would: quoted, it leaves the reader hanging, so a finished one of at least a quarter of its weight is preferred.
 * 0.25 by cross-validation on the QMSum training meetings (of 0 to 1; 0 to 0.25 within 0.01 of each other on every
 * corpus, 1 below on all three; tools/bench/README.md, summary-quality).
 */
const UNFINISHED_SHARE = 0.25;
/** A bullet says something: "Thanks for joining, Tom." does not. */
const MIN_BULLET_WORDS = 6;
/** A bullet is a sentence of at most this many words: longer spoken sentences read as rambling when quoted. */
const MAX_BULLET_WORDS = 30;
/** About one section per this many words of text, up to maxSections: a short note gets one, a meeting several. */
const WORDS_PER_SECTION = 1_500;
/** Bullets of the topical sections, all together, at most (each section keeps at least one). */
const MAX_SECTION_BULLETS = 5;
/** Decisions and key principles listed at most: each is a whole spoken sentence, and a summary is read in a minute or two. */
const MAX_DECISIONS = 2;
const MAX_PRINCIPLES = 1;
/**
 * A decision is listed as a statement of at most this many words: the whole sentence when it is that short, else its
 * closing clause when that decides ("…, so we decided to keep the provider."), else it is not listed. A long spoken
 * sentence that happens to contain "we decided" mostly reasons around the decision: quoted whole (60 words and more
 * on some meetings) it read as rambling and cost ROUGE-1 on the QMSum training meetings. 20 by cross-validation on
 * train (of 15, 20, 25, 30, 40 and no limit; tools/bench/README.md, summary-quality).
 */
const MAX_DECISION_WORDS = 20;
/**
 * The opening: the first twentieth of the conversation (at least its first 10 sentences), where a chair or host
 * usually says what the meeting is for ("Welcome to the kick-off meeting of…").
 */
const OPENING_SHARE = 0.05;
const MIN_OPENING_SENTENCES = 10;
/** How fast the opening's pull fades: a sentence's score is scaled by e^(−position / (this × the opening's length)). */
const OPENING_DECAY = 0.3;
/** A candidate sharing more than this share of its terms with a sentence already chosen says the same thing. */
const MAX_OVERLAP = 0.5;
/** I, me, my…: the sentence speaks for its speaker. */
const FIRST_PERSON = /\b(?:I|I'm|I'd|I've|I'll|me|my|mine|myself)\b/;
/** A question asks rather than tells: never a bullet or an overview sentence. */
const isQuestion = (unit: Unit) => /\?["'”’)]?$/.test(unit.text);

/**
 * The built-in summarizer: offline, deterministic (the same input gives the same output, ties broken by
 * position), extractive (bullets quote the sources' own sentences, in any language), with rules that recognise
 * decisions, action items and stated principles in English.
 *
 * 1. Every source's text is split into sentences (transcript prefixes and Markdown markers removed, spoken
 *    hesitations, fillers, cut-off letters and stutters dropped: cleanSpoken), each remembering its source,
 *    speaker and start time.
 * 2. Terms are weighted TF-IDF style over the conversation: how often a term occurs overall times
 *    log(1 + sentences / sentences containing it), terms of the conversation's title counting 1.5 times. A sentence
 *    scores the sum of the weights of its distinct terms over the square root of their number, scaled down when it
 *    is short (under 8 words) or long (over 30), and to a quarter when it is spoken and unfinished.
 * 3. Sections: the sentences are cut where the vocabulary and the speakers change most (segmentTopics), at most
 *    one section per 1,500 words up to 6; each is titled by its most particular phrase (sectionHeading) and lists,
 *    in order, its best sentences by the section's own term weights (5 bullets in all), attributed ("Name: …") when
 *    several people spoke.
 * 4. Decisions, action items (owner, due phrase) and key principles are recognised sentence by sentence
 *    (action-items.ts) and listed in their own sections (at most 2 decisions, each of at most 20 words or
 *    its closing deciding clause, and 1 principle).
 * 5. Overview: for an English meeting, who discussed what ("A, B and C discussed x, y and z."); then, for a long
 *    conversation, the best sentence of its opening (what the chair says the meeting is for) and its best
 *    sentence; otherwise its best one or two sentences.
 * 6. Digest: a complete headline of at most 80 characters quoted from the conversation: the first decision, else
 *    the best sentence that fits, else the best sentence's opening clauses, else the first heading; never cut
 *    mid-phrase, never with an ellipsis.
 * No text in any source (all contents null or blank) is a SummarizerError of kind `no_content`.
 */
export class ExtractiveSummarizer implements Summarizer {
  readonly name = 'extractive';
  private readonly maxSections: number;
  private readonly bulletsPerSection: number;

  constructor(options: ExtractiveSummarizerOptions = {}) {
    this.maxSections = Math.min(options.maxSections ?? 6, SUMMARY_LIMITS.sections);
    this.bulletsPerSection = Math.min(options.bulletsPerSection ?? 3, SUMMARY_LIMITS.bulletsPerSection);
  }

  async summarize(input: SummaryInput, signal?: AbortSignal): Promise<SummaryOutput> {
    signal?.throwIfAborted();
    return this.summarizeNow(input);
  }

  /** The same, synchronously (the work is CPU-only), for callers and benchmarks that want no promise. */
  summarizeNow(input: SummaryInput): SummaryOutput {
    const all = scoreUnits(input);
    const ranked = rank(all);
    if (ranked.length === 0) throw new SummarizerError('no_content', 'no source has any text to summarize', false);
    const speakers = new Set(all.map((u) => u.speaker).filter((s): s is string => s !== null));
    // Who said it matters when someone speaks for themselves (an opinion, a commitment, an experience).
    const quote = (unit: Unit) => (speakers.size > 1 && unit.speaker && FIRST_PERSON.test(unit.text) ? `${unit.speaker}: ${unit.text}` : unit.text);
    const participants = [...new Set(input.sources.flatMap((s) => s.participants))];

    const actionItems = recogniseActionItems(all, participants);
    const actionUnits = new Set(actionItems.map((a) => a.unit));
    const decisionUnits = byPosition(pickDistinct(rank(all.filter((u) => !actionUnits.has(u) && u.words >= 4 && decisionStatement(u.text) !== null)), MAX_DECISIONS, []));
    const principleUnits = byPosition(
      pickDistinct(rank(all.filter((u) => !actionUnits.has(u) && !decisionUnits.includes(u) && u.words >= 5 && u.words <= MAX_BULLET_WORDS && isPrinciple(u.text))), MAX_PRINCIPLES, []),
    );

    const totalWords = all.reduce((sum, u) => sum + u.words, 0);
    // One section per WORDS_PER_SECTION words, or one per announced topic when the speakers announce more.
    const announced = all.filter((u) => announcesTopic(u.text)).length;
    const wanted = Math.min(this.maxSections, Math.max(1, Math.round(totalWords / WORDS_PER_SECTION), announced + 1));
    const whole = new PhraseCounts(all.map((u) => u.text));
    const chosen: Unit[] = [...actionUnits, ...decisionUnits, ...principleUnits];
    const english = input.sources.some((s) => s.content && (s.language ?? 'en').startsWith('en'));
    const lead = english && input.sources.some((s) => s.type === 'transcript') ? meetingLead(participants, topPhrases(whole, all.length, 3)) : null;
    // A short meeting's few sentences belong in its sections; its overview is the lead sentence alone.
    const overviewSize = lead ? (all.length >= 40 ? 2 : 0) : all.length <= 3 ? 1 : 2;
    // A long conversation's overview starts with what its opening says it is about, then its best sentences.
    const opening = all.length >= 40 ? pickDistinct(openingCandidates(ranked, all.length).filter((u) => !chosen.includes(u)), 1, chosen) : [];
    chosen.push(...opening);
    const overview = [...opening, ...pickDistinct(ranked.filter((u) => u.words <= MAX_BULLET_WORDS && !isQuestion(u) && !chosen.includes(u)), overviewSize - opening.length, chosen)];
    chosen.push(...overview.filter((u) => !opening.includes(u)));
    const sections: SummaryStructure['sections'] = [];
    const starts: SummarySectionStart[] = [];
    const used = new Set<string>();
    const ranges = segmentTopics(all, wanted);
    // A long meeting with many sections gets fewer bullets in each: a summary is read in a minute or two.
    const perSection = Math.max(1, Math.min(this.bulletsPerSection, Math.floor(MAX_SECTION_BULLETS / ranges.length)));
    for (const range of ranges) {
      const members = all.slice(range.start, range.end);
      const candidates = rankWithin(members, all.length).filter((u) => !chosen.includes(u) && u.words <= MAX_BULLET_WORDS && u.words >= MIN_BULLET_WORDS && !isQuestion(u));
      const bullets = byPosition(pickDistinct(candidates, perSection, chosen));
      if (bullets.length === 0) continue;
      chosen.push(...bullets);
      const heading = sectionHeading(new PhraseCounts(members.map((u) => u.text)), whole, all.length, members.length, used) ?? 'Key points';
      sections.push({ heading, bullets: bullets.map(quote) });
      const first = members[0] as Unit;
      starts.push({ heading, source: first.source, start_seconds: first.start_seconds });
    }

    const structure: Omit<SummaryStructure, 'digest'> = {
      overview: fitSentences([lead, ...byPosition(overview).map((u) => u.text)], SUMMARY_LIMITS.overviewChars),
      sections,
      decisions: decisionUnits.map((u) => decisionStatement(u.text) as string),
      action_items: actionItems.map(({ text, owner, due }) => ({ text, owner, due })),
      key_principles: principleUnits.map(quote),
    };
    const digest = headline(decisionUnits, ranked, sections[0]?.heading ?? null);
    return {
      summary: renderSummaryMarkdown(structure),
      digest,
      sections: starts,
      action_items: actionItems.map(({ text, owner, due, unit }) => ({ text, owner, due, source: unit.source, start_seconds: unit.start_seconds })),
    };
  }
}

function scoreUnits(input: SummaryInput): Unit[] {
  const all: Unit[] = [];
  input.sources.forEach((source, sourceIndex) => {
    if (!source.content) return;
    const spoken = source.type === 'transcript';
    const english = (source.language ?? 'en').startsWith('en');
    for (const unit of sentenceUnits(source.content)) {
      const text = spoken ? cleanSpoken(unit.text, english) : unit.text;
      if (text === '') continue;
      const found = terms(text);
      const unfinished = spoken && !/[.!?…]["'”’)\]]?$/.test(text);
      all.push({ index: all.length, source: sourceIndex, speaker: unit.speaker, start_seconds: unit.start_seconds, text, words: wordCount(text), unfinished, terms: found, termSet: new Set(found), score: 0 });
    }
  });
  const frequency = new Map<string, number>();
  const sentenceFrequency = new Map<string, number>();
  for (const unit of all) {
    for (const term of unit.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    for (const term of unit.termSet) sentenceFrequency.set(term, (sentenceFrequency.get(term) ?? 0) + 1);
  }
  const titleTerms = new Set(terms(input.title ?? ''));
  const weight = new Map<string, number>();
  for (const [term, count] of frequency) weight.set(term, count * Math.log(1 + all.length / (sentenceFrequency.get(term) ?? 1)) * (titleTerms.has(term) ? 1.5 : 1));
  for (const unit of all) unit.score = unitScore(unit, weight);
  return all;
}

function unitScore(unit: Unit, weight: ReadonlyMap<string, number>): number {
  if (unit.termSet.size === 0) return 0;
  let sum = 0;
  for (const term of unit.termSet) sum += weight.get(term) ?? 0;
  const lengthFactor = unit.words < SHORT_SENTENCE_WORDS ? unit.words / SHORT_SENTENCE_WORDS : unit.words > LONG_SENTENCE_WORDS ? LONG_SENTENCE_WORDS / unit.words : 1;
  return (sum / Math.sqrt(unit.termSet.size)) * lengthFactor * (unit.unfinished ? UNFINISHED_SHARE : 1);
}

/** Ranks a section's sentences by the section's own term weights, so its bullets speak of what it is about. */
function rankWithin(members: readonly Unit[], conversationSentences: number): Unit[] {
  const counts = new Map<string, number>();
  const spread = new Map<string, number>();
  for (const unit of members) {
    for (const term of unit.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const term of unit.termSet) spread.set(term, (spread.get(term) ?? 0) + 1);
  }
  const weight = new Map<string, number>();
  for (const [term, count] of counts) weight.set(term, count * Math.log(1 + members.length / (spread.get(term) ?? 1)) * Math.log(1 + conversationSentences / members.length));
  const local = new Map(members.map((unit) => [unit, unitScore(unit, weight)]));
  return [...members].sort((a, b) => (local.get(b) ?? 0) - (local.get(a) ?? 0) || a.index - b.index);
}

function rank(list: readonly Unit[]): Unit[] {
  return list.filter((u) => u.score > 0).sort((a, b) => b.score - a.score || a.index - b.index);
}

function byPosition<T extends { index: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.index - b.index);
}

function pickDistinct(ranked: readonly Unit[], count: number, alreadyChosen: readonly Unit[]): Unit[] {
  const picked: Unit[] = [];
  for (const candidate of ranked) {
    if (picked.length >= count) break;
    if ([...alreadyChosen, ...picked].some((other) => overlap(candidate, other) > MAX_OVERLAP)) continue;
    picked.push(candidate);
  }
  return picked;
}

function overlap(a: Unit, b: Unit): number {
  if (a.termSet.size === 0) return 1;
  let shared = 0;
  for (const term of a.termSet) if (b.termSet.has(term)) shared++;
  return shared / Math.min(a.termSet.size, Math.max(1, b.termSet.size));
}

function recogniseActionItems(all: readonly Unit[], participants: readonly string[]): Array<{ text: string; owner: string | null; due: string | null; unit: Unit }> {
  const found: Array<{ text: string; owner: string | null; due: string | null; unit: Unit }> = [];
  const seen = new Set<string>();
  for (const unit of all) {
    if (found.length >= SUMMARY_LIMITS.actionItems) break;
    const item = recogniseActionItem(unit, participants);
    if (!item || wordCount(item.text) < 3 || wordCount(item.text) > MAX_BULLET_WORDS || item.text.length > SUMMARY_LIMITS.bulletChars) continue;
    const key = item.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ ...item, unit });
  }
  return found;
}

/** Whole sentences, in order, while they fit in `max` characters. */
function fitSentences(parts: ReadonlyArray<string | null>, max: number): string {
  let text = '';
  for (const part of parts) {
    if (!part) continue;
    const next = text === '' ? part : `${text} ${part}`;
    if (next.length > max) break;
    text = next;
  }
  return text;
}

/** "Ada, Grace and Tom discussed the pricing tiers, hiring and the mobile launch." for an English meeting. */
function meetingLead(participants: readonly string[], phrases: readonly string[]): string | null {
  if (phrases.length === 0) return null;
  const names = participants.map((p) => p.replace(/\s*\(.*$/, '').trim()).filter((p) => p !== '');
  const who = names.length === 0 ? "The meeting's participants" : names.length <= 4 ? list(names) : `The meeting's ${names.length} participants`;
  return `${who.charAt(0).toLocaleUpperCase()}${who.slice(1)} discussed ${list(phrases)}.`;
}

/**
 * The opening's sentences that could open the overview, best first: the score fades with the position (OPENING_DECAY),
 * so the chair's "Welcome to the 14th meeting of the committee on…" beats a procedural remark a minute later.
 */
function openingCandidates(ranked: readonly Unit[], sentences: number): Unit[] {
  const length = Math.max(MIN_OPENING_SENTENCES, sentences * OPENING_SHARE);
  const pull = (unit: Unit) => unit.score * Math.exp(-unit.index / (length * OPENING_DECAY));
  return ranked
    .filter((u) => u.index < length && u.words >= SHORT_SENTENCE_WORDS && u.words <= MAX_BULLET_WORDS && !isQuestion(u))
    .sort((a, b) => pull(b) - pull(a) || a.index - b.index);
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Clause ends a headline may stop at: a comma, semicolon, colon or dash, or before "and", "but", "so", "because". */
const CLAUSE_END = /[,;:]\s|\s[–—-]\s|\s(?=(?:and|but|so|because|which|although|while)\s)/g;

/** A sentence's clauses (CLAUSE_END), each without its leading connective ("so", "and", "then"…). */
function clauses(text: string): string[] {
  return text.split(CLAUSE_END).map((c) => c.trim().replace(/^(?:so|and|but|then|therefore)\s+/i, ''));
}

/**
 * A decision as listed (MAX_DECISION_WORDS): the sentence when it decides and is short enough, else its closing
 * clause when that decides and has 4 to MAX_DECISION_WORDS words (the reasoning first, then "…, so we decided to
 * keep the provider."); null otherwise. A clause from the middle of a sentence is no statement ("what we decided
 * to do").
 */
function decisionStatement(text: string): string | null {
  if (!isDecision(text)) return null;
  if (wordCount(text) <= MAX_DECISION_WORDS) return decisionText(text);
  const closing = clauses(text).at(-1);
  return closing && isDecision(closing) && wordCount(closing) >= 4 && wordCount(closing) <= MAX_DECISION_WORDS ? decisionText(closing) : null;
}

/**
 * The digest: a complete headline of at most DIGEST_MAX_LENGTH characters from the conversation's own words, so in
 * its language. The first decision when one fits, else the best sentence that fits (at least four words, no
 * question), else the longest run of whole clauses of a top sentence that fits, else the first heading.
 */
function headline(decisions: readonly Unit[], ranked: readonly Unit[], firstHeading: string | null): string {
  const tidy = (text: string) => text.replace(/[\s,;:–—-]+$/u, '').replace(/\.$/, '').trim();
  const fits = (text: string) => text.length <= DIGEST_MAX_LENGTH && wordCount(text) >= 4 && !text.endsWith('?');
  for (const unit of decisions) {
    // The whole decision, else the clause of it that decides ("…, so the launch moves to August 15").
    for (const candidate of [unit.text, ...clauses(unit.text).filter((c) => isDecision(c))]) {
      const text = tidy(decisionText(candidate));
      if (fits(text)) return text;
    }
  }
  const top = ranked.slice(0, 20);
  for (const unit of top) {
    const text = tidy(unit.text);
    if (fits(text)) return text;
  }
  for (const unit of top) {
    if (unit.text.trim().endsWith('?')) continue;
    let best: string | null = null;
    for (const match of unit.text.matchAll(CLAUSE_END)) {
      const clause = tidy(unit.text.slice(0, match.index));
      if (clause.length > DIGEST_MAX_LENGTH) break;
      if (wordCount(clause) >= 4) best = clause;
    }
    if (best) return best;
  }
  if (firstHeading && firstHeading.length <= DIGEST_MAX_LENGTH) return firstHeading;
  const words = (ranked[0]?.text ?? '').split(/\s+/);
  let text = '';
  for (const word of words) {
    if (`${text} ${word}`.trim().length > DIGEST_MAX_LENGTH) break;
    text = `${text} ${word}`.trim();
  }
  return tidy(text);
}


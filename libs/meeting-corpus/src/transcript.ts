import type { CorpusMeeting } from './meetings';

/**
 * The corpora transcribe non-speech and disfluencies in braces ({vocalsound}, {disfmarker}, {gap}, {pause},
 * {comment}, {nonvocalsound}). A meeting-notes transcript shows what was said, so they are dropped.
 */
const ANNOTATION = /\{[a-z_ ]+\}/g;

/** QMSum is tokenised: "we 're on ." reads "we're on." once the spaces before clitics and punctuation go. */
const SPACE_BEFORE_CLITIC = / (?=(?:n't|'s|'re|'m|'ll|'ve|'d)\b)/g;
const SPACE_BEFORE_PUNCTUATION = / +(?=[.,?!;:])/g;
/** A disfluency marker left between words leaves "- -" or a doubled space behind. */
const LEFTOVER_DASHES = /(?:\s+-)+(?=\s|$)/g;

/** A turn's text as a transcript would show it; empty when the turn held only annotations. */
export function readableText(raw: string): string {
  return raw
    .replace(ANNOTATION, ' ')
    .replace(LEFTOVER_DASHES, ' ')
    .replace(/\s+/g, ' ')
    .replace(SPACE_BEFORE_CLITIC, '')
    .replace(SPACE_BEFORE_PUNCTUATION, '')
    .trim();
}

export interface TimedTurn {
  /** The turn's index in the meeting (topic spans count these), kept when empty turns are dropped. */
  readonly turn: number;
  readonly speaker: string;
  readonly start_seconds: number;
  readonly end_seconds: number;
  readonly text: string;
}

/** The corpora have no timestamps; this pace (a common speaking rate) gives plausible ones. */
export const WORDS_PER_MINUTE = 150;
/** The pause assumed between two turns. */
const TURN_GAP_SECONDS = 0.5;

const wordCount = (text: string): number => text.split(' ').filter((word) => word.length > 0).length;

/**
 * The meeting as transcript segments: readable text, times from word counts at WORDS_PER_MINUTE, turns with no
 * speech left out (their index is kept in `turn`).
 */
export function timedTurns(meeting: CorpusMeeting): TimedTurn[] {
  const timed: TimedTurn[] = [];
  let clock = 0;
  meeting.turns.forEach((turn, index) => {
    const text = readableText(turn.text);
    if (text.length === 0) return;
    const seconds = Math.max(1, (wordCount(text) * 60) / WORDS_PER_MINUTE);
    const start = Math.round(clock * 10) / 10;
    const end = Math.round((clock + seconds) * 10) / 10;
    timed.push({ turn: index, speaker: turn.speaker, start_seconds: start, end_seconds: end, text });
    clock += seconds + TURN_GAP_SECONDS;
  });
  return timed;
}

/** The attribution to show wherever these meetings reach users (the dataset's README asks for it). */
export const CORPUS_ATTRIBUTION = 'QMSum (Yale-LILY, MIT License); AMI Meeting Corpus (CC BY 4.0); ICSI Meeting Corpus';

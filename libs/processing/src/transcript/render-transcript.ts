export interface TranscriptSegment {
  speaker: string;
  start_seconds: number;
  end_seconds: number;
  text: string;
}

export interface RenderedTranscript {
  /** One line per speaker turn: `[HH:MM:SS] Name: text`, lines separated by `\n`. */
  content: string;
  /** Distinct speakers in order of first appearance: the user-set name where given, else the raw label. */
  participants: string[];
  durationSeconds: number;
}

export interface RenderTranscriptOptions {
  /** Raw labels ("Speaker 1") to the names users gave them ("Ada Lovelace"). */
  speakerNames?: Record<string, string>;
  /** The recording's length when the source knows it; else the end of the last segment. */
  durationSeconds?: number;
}

/** A transcript that cannot be rendered: processing ends in `error` with `error_reason: transcript_invalid`. */
export class TranscriptInvalidError extends Error {
  constructor(
    message: string,
    readonly segmentIndex: number | null,
  ) {
    super(message);
    this.name = 'TranscriptInvalidError';
  }
}

/**
 * Renders transcript segments as the spec's "speaker-labeled, time-stamped flat string".
 *
 * Format (ours; the spec leaves it open): one line per speaker turn, `[HH:MM:SS] Name: text`, where a turn is
 * a run of consecutive segments of the same speaker (after naming), stamped with the start of its first
 * segment, texts joined by one space. Hours are not capped at 99 (`[100:00:00]` for a very long recording).
 * Whitespace inside a text, newlines included, collapses to one space, so every line is exactly one turn and
 * the content can be parsed back line by line. Segments are ordered by start time (stable for equal starts):
 * recorders may deliver them out of order. Segments whose text is blank are skipped; a speaker who only has
 * blank segments is no participant (nothing of theirs is in the content).
 */
export function renderTranscript(segments: readonly TranscriptSegment[], options: RenderTranscriptOptions = {}): RenderedTranscript {
  segments.forEach(checkSegment);
  const ordered = segments
    .map((segment, index) => ({ segment, index }))
    .sort((a, b) => a.segment.start_seconds - b.segment.start_seconds || a.index - b.index)
    .map(({ segment }) => segment);

  const turns: Array<{ name: string; start: number; texts: string[] }> = [];
  const participants: string[] = [];
  const seen = new Set<string>();
  for (const segment of ordered) {
    const text = collapseWhitespace(segment.text);
    if (text === '') continue;
    const name = displayName(segment.speaker, options.speakerNames);
    if (!seen.has(name)) {
      seen.add(name);
      participants.push(name);
    }
    const turn = turns.at(-1);
    if (turn?.name === name) turn.texts.push(text);
    else turns.push({ name, start: segment.start_seconds, texts: [text] });
  }
  const lines = turns.map((turn) => `[${formatTimestamp(turn.start)}] ${turn.name}: ${turn.texts.join(' ')}`);

  const lastEnd = ordered.reduce((max, s) => Math.max(max, s.end_seconds), 0);
  const duration = options.durationSeconds ?? lastEnd;
  if (!Number.isFinite(duration) || duration < 0) throw new TranscriptInvalidError(`duration ${duration} is not a non-negative number`, null);
  return { content: lines.join('\n'), participants, durationSeconds: Math.round(duration) };
}

/** `HH:MM:SS` of a whole number of seconds (fractions are dropped: a turn starting at 65.9 s shows 00:01:05). */
export function formatTimestamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

function displayName(rawLabel: string, speakerNames: Record<string, string> | undefined): string {
  const label = collapseWhitespace(rawLabel);
  // Own-property lookup only: a speaker labelled "constructor" must not pick up Object.prototype.
  const given = speakerNames && Object.hasOwn(speakerNames, label) ? collapseWhitespace(speakerNames[label] ?? '') : '';
  return given === '' ? label : given;
}

function checkSegment(segment: TranscriptSegment, index: number): void {
  const { start_seconds: start, end_seconds: end } = segment;
  if (!Number.isFinite(start) || start < 0) throw new TranscriptInvalidError(`segment ${index}: start_seconds ${start} is not a non-negative number`, index);
  if (!Number.isFinite(end) || end < start) throw new TranscriptInvalidError(`segment ${index}: end_seconds ${end} precedes start_seconds ${start}`, index);
  if (typeof segment.speaker !== 'string' || collapseWhitespace(segment.speaker) === '') throw new TranscriptInvalidError(`segment ${index}: speaker is empty`, index);
  if (typeof segment.text !== 'string') throw new TranscriptInvalidError(`segment ${index}: text is not a string`, index);
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

import { collapseWhitespace, formatTimestamp, type TranscriptSegment, transcriptLine, transcriptTurns } from '@cs/domain';

export { formatTimestamp, type TranscriptSegment };

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
 * Format (ours; the spec leaves it open): one line per speaker turn (transcriptTurns, @cs/domain: its ordering,
 * naming, blank segments and whitespace rules), `[HH:MM:SS] Name: text`, stamped with the turn's start. Hours are
 * not capped at 99 (`[100:00:00]` for a very long recording). Every line is exactly one turn, so the content can be
 * parsed back line by line; a speaker who only has blank segments is no participant (nothing of theirs is in it).
 */
export function renderTranscript(segments: readonly TranscriptSegment[], options: RenderTranscriptOptions = {}): RenderedTranscript {
  segments.forEach(checkSegment);
  const turns = transcriptTurns(segments, options.speakerNames);
  // Distinct speakers in order of first appearance: a speaker's first non-blank segment opens a turn of theirs.
  const participants = [...new Set(turns.map((turn) => turn.speaker))];
  const lines = turns.map(transcriptLine);

  const lastEnd = segments.reduce((max, s) => Math.max(max, s.end_seconds), 0);
  const duration = options.durationSeconds ?? lastEnd;
  if (!Number.isFinite(duration) || duration < 0) throw new TranscriptInvalidError(`duration ${duration} is not a non-negative number`, null);
  return { content: lines.join('\n'), participants, durationSeconds: Math.round(duration) };
}

function checkSegment(segment: TranscriptSegment, index: number): void {
  const { start_seconds: start, end_seconds: end } = segment;
  if (!Number.isFinite(start) || start < 0) throw new TranscriptInvalidError(`segment ${index}: start_seconds ${start} is not a non-negative number`, index);
  if (!Number.isFinite(end) || end < start) throw new TranscriptInvalidError(`segment ${index}: end_seconds ${end} precedes start_seconds ${start}`, index);
  if (typeof segment.speaker !== 'string' || collapseWhitespace(segment.speaker) === '') throw new TranscriptInvalidError(`segment ${index}: speaker is empty`, index);
  if (typeof segment.text !== 'string') throw new TranscriptInvalidError(`segment ${index}: text is not a string`, index);
}

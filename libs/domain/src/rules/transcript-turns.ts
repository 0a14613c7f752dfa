/** One segment of a transcript as a write or a recorder gives it. */
export interface TranscriptSegment {
  speaker: string;
  start_seconds: number;
  end_seconds: number;
  text: string;
}

/** A speaker turn: consecutive segments of one speaker (after naming), as the content shows it on one line. */
export interface TranscriptTurn {
  speaker: string;
  start_seconds: number;
  end_seconds: number;
  text: string;
}

/**
 * The speaker turns of a transcript, the one rule both the rendered content (processing's renderTranscript, one
 * line per turn) and the segments endpoint (GET …/sources/{id}/segments) read it by. Segments are ordered by start
 * time (stable for equal starts: recorders may deliver them out of order); a segment whose text is blank is skipped;
 * a speaker is named as the user labelled them, otherwise by the raw label; whitespace, newlines included,
 * collapses to one space. A turn starts where its first segment starts and ends where the last of its segments ends.
 */
export function transcriptTurns(segments: readonly TranscriptSegment[], speakerNames: Record<string, string> = {}): TranscriptTurn[] {
  const ordered = segments
    .map((segment, index) => ({ segment, index }))
    .sort((a, b) => a.segment.start_seconds - b.segment.start_seconds || a.index - b.index)
    .map(({ segment }) => segment);
  const turns: TranscriptTurn[] = [];
  for (const segment of ordered) {
    const text = collapseWhitespace(segment.text);
    if (text === '') continue;
    const speaker = speakerDisplayName(segment.speaker, speakerNames);
    const turn = turns.at(-1);
    if (turn?.speaker === speaker) {
      turn.text = `${turn.text} ${text}`;
      turn.end_seconds = Math.max(turn.end_seconds, segment.end_seconds);
    } else {
      turns.push({ speaker, start_seconds: segment.start_seconds, end_seconds: segment.end_seconds, text });
    }
  }
  return turns;
}

/** The turn as one line of the content: `[HH:MM:SS] Name: text`. */
export const transcriptLine = (turn: TranscriptTurn): string => `[${formatTimestamp(turn.start_seconds)}] ${turn.speaker}: ${turn.text}`;

/** `HH:MM:SS` of a whole number of seconds (fractions are dropped: a turn starting at 65.9 s shows 00:01:05). */
export function formatTimestamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

/** The name a raw label ("Speaker 1") shows as: the one the user gave it, else the label itself. */
export function speakerDisplayName(rawLabel: string, speakerNames: Record<string, string>): string {
  const label = collapseWhitespace(rawLabel);
  // Own-property lookup only: a speaker labelled "constructor" must not pick up Object.prototype.
  const given = Object.hasOwn(speakerNames, label) ? collapseWhitespace(speakerNames[label] ?? '') : '';
  return given === '' ? label : given;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

import type { TimedTurn } from '@cs/meeting-corpus';

/** Seconds of a meeting, inclusive at both ends, within which a match's start_seconds answers a question. */
export interface AnswerWindow {
  readonly from: number;
  readonly to: number;
}

/** The renderer's speaker of a line: whitespace collapsed (no names are given to the corpus's labels). */
const lineName = (speaker: string): string => speaker.replace(/\s+/g, ' ').trim();

/**
 * The second a turn's passages are stamped with once stored: the transcript renderer (@cs/processing's
 * renderTranscript) joins consecutive segments of one speaker into one line stamped with the first one's start,
 * in whole seconds (floored), and every passage cut from that line carries it.
 */
export function storedStarts(turns: readonly TimedTurn[]): number[] {
  const starts: number[] = [];
  turns.forEach((turn, i) => {
    const previous = turns[i - 1];
    starts.push(previous !== undefined && lineName(previous.speaker) === lineName(turn.speaker) ? (starts[i - 1] as number) : Math.floor(turn.start_seconds));
  });
  return starts;
}

/**
 * The answering spans of a question (inclusive turn indexes of the corpus, empty turns counted) as windows of
 * stored start seconds: from the stamp of the line holding the span's first spoken turn to the stamp of its
 * last one. A line that starts before the span but runs into it counts, since its passages hold the span's words;
 * the next line starts at least a second after the span's last turn began (every turn lasts a second or more), so
 * nothing after the span does. A span of empty turns only has no window.
 */
export function answerWindows(turns: readonly TimedTurn[], spans: ReadonlyArray<readonly [number, number]>): AnswerWindow[] {
  const starts = storedStarts(turns);
  const windows: AnswerWindow[] = [];
  for (const [first, last] of spans) {
    const inside = turns.flatMap((turn, i) => (turn.turn >= first && turn.turn <= last ? [i] : []));
    const [head, tail] = [inside[0], inside.at(-1)];
    if (head === undefined || tail === undefined) continue;
    windows.push({ from: starts[head] as number, to: starts[tail] as number });
  }
  return windows;
}

/** Whether a stored start second lies in one of the windows. */
export const insideWindows = (windows: readonly AnswerWindow[], seconds: number): boolean => windows.some((w) => seconds >= w.from && seconds <= w.to);

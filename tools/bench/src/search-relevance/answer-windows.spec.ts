import type { TimedTurn } from '@cs/meeting-corpus';
import { answerWindows, insideWindows, storedStarts } from './answer-windows';

const turn = (index: number, speaker: string, start: number, end: number): TimedTurn => ({ turn: index, speaker, start_seconds: start, end_seconds: end, text: 'words' });

// Turn 2 held only annotations, so timedTurns left it out; A speaks twice in a row at 9.3 and 12.8.
const TURNS = [turn(0, 'A', 0, 3.2), turn(1, 'B', 3.7, 8.8), turn(3, 'A', 9.3, 12.3), turn(4, 'A', 12.8, 14.0), turn(5, 'C', 14.5, 20.1)];

describe('storedStarts', () => {
  it('stamps each turn with the whole second its rendered line starts at, a run of one speaker sharing the first one', () => {
    expect(storedStarts(TURNS)).toEqual([0, 3, 9, 9, 14]);
  });
});

describe('answerWindows', () => {
  it('maps an inclusive turn span to the stored starts of its first and last spoken turns', () => {
    expect(answerWindows(TURNS, [[1, 5]])).toEqual([{ from: 3, to: 14 }]);
  });

  it('counts an empty turn index inside a span by the spoken turns around it', () => {
    expect(answerWindows(TURNS, [[2, 3]])).toEqual([{ from: 9, to: 9 }]);
  });

  it('opens the window where the line holding the span starts, when the speaker went on from an earlier turn', () => {
    expect(answerWindows(TURNS, [[4, 4]])).toEqual([{ from: 9, to: 9 }]);
  });

  it('gives a span of empty turns only no window, and keeps every other span', () => {
    expect(answerWindows(TURNS, [[2, 2], [0, 0]])).toEqual([{ from: 0, to: 0 }]);
  });
});

describe('insideWindows', () => {
  it('includes both ends of a window and nothing outside all of them', () => {
    const windows = [{ from: 3, to: 9 }, { from: 20, to: 20 }];
    expect([2, 3, 9, 10, 20, 21].map((s) => insideWindows(windows, s))).toEqual([false, true, true, false, true, false]);
  });
});

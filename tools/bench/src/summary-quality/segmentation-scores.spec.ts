import { evenSegments, labelsFromStarts, oneSegment, pk, windowDiff, windowSize } from './segmentation-scores';

describe('Pk and WindowDiff', () => {
  // Ten units, reference boundaries before units 3 and 7: segments [0-2] [3-6] [7-9]; k = round(10 / 6) = 2.
  const reference = [0, 0, 0, 1, 1, 1, 1, 2, 2, 2];

  it('uses half the mean reference segment length as the window', () => {
    expect(windowSize(reference)).toBe(2);
  });

  it('scores a perfect hypothesis 0', () => {
    expect(pk(reference, reference)).toBe(0);
    expect(windowDiff(reference, reference)).toBe(0);
  });

  it('counts, for one segment, the windows that straddle a reference boundary (hand-computed: 4 of 8)', () => {
    // Windows (i, i+2) for i = 0..7; those containing a boundary: i = 1, 2 (before 3) and 5, 6 (before 7).
    expect(pk(reference, oneSegment(10))).toBe(4 / 8);
    expect(windowDiff(reference, oneSegment(10))).toBe(4 / 8);
  });

  it('penalises a boundary one unit late in two windows of eight (hand-computed)', () => {
    const late = [0, 0, 0, 0, 1, 1, 1, 2, 2, 2];
    // Boundary before 4 instead of 3: window i=1 (1..3) has a boundary only in the reference; i=3 (3..5) only in the hypothesis.
    expect(pk(reference, late)).toBe(2 / 8);
    expect(windowDiff(reference, late)).toBe(2 / 8);
  });

  it('lets WindowDiff, not Pk, see two boundaries where the reference has one', () => {
    const ref = [0, 0, 0, 0, 1, 1, 1, 1];
    const doubled = [0, 0, 0, 1, 2, 2, 2, 2];
    // Windows i = 0..5 over (i, i+2). i=1: 0 boundaries in the reference, 1 in the hypothesis (both metrics err);
    // i=2: 1 against 2 (both "not the same segment", so only WindowDiff errs).
    expect(pk(ref, doubled, 2)).toBe(1 / 6);
    expect(windowDiff(ref, doubled, 2)).toBe(2 / 6);
  });
});

describe('segmentation builders', () => {
  it('cuts labels before the given starts and ignores starts at the edges', () => {
    expect(labelsFromStarts(6, [0, 2, 4, 6])).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('spreads even segments over the units', () => {
    expect(evenSegments(7, 3)).toEqual([0, 0, 0, 1, 1, 2, 2]);
    expect(oneSegment(3)).toEqual([0, 0, 0]);
  });
});

/**
 * Topic segmentation scores over a sequence of units (here: the meeting's spoken turns). A segmentation is a
 * label per unit; a boundary sits between two neighbours with different labels.
 *
 * Pk (Beeferman, Berger and Lafferty 1999): slide a window of k units; count the positions where reference and
 * hypothesis disagree on whether the window's two ends are in the same segment. WindowDiff (Pevzner and Hearst
 * 2002): count the positions where they have a different number of boundaries inside the window. Both are
 * divided by the number of windows (N − k); lower is better; k is half the reference's mean segment length.
 */
export function windowSize(reference: readonly number[]): number {
  const segments = boundaryCount(reference, 0, reference.length - 1) + 1;
  return Math.max(1, Math.round(reference.length / (2 * segments)));
}

export function pk(reference: readonly number[], hypothesis: readonly number[], k = windowSize(reference)): number {
  check(reference, hypothesis);
  const windows = reference.length - k;
  if (windows <= 0) return 0;
  let errors = 0;
  for (let i = 0; i < windows; i++) {
    const sameInReference = boundaryCount(reference, i, i + k) === 0;
    const sameInHypothesis = boundaryCount(hypothesis, i, i + k) === 0;
    if (sameInReference !== sameInHypothesis) errors++;
  }
  return errors / windows;
}

export function windowDiff(reference: readonly number[], hypothesis: readonly number[], k = windowSize(reference)): number {
  check(reference, hypothesis);
  const windows = reference.length - k;
  if (windows <= 0) return 0;
  let errors = 0;
  for (let i = 0; i < windows; i++) if (boundaryCount(reference, i, i + k) !== boundaryCount(hypothesis, i, i + k)) errors++;
  return errors / windows;
}

/** Boundaries between unit `from` and unit `to` (from < to). */
function boundaryCount(labels: readonly number[], from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (labels[i] !== labels[i + 1]) count++;
  return count;
}

function check(reference: readonly number[], hypothesis: readonly number[]): void {
  if (reference.length !== hypothesis.length) throw new RangeError(`segmentations of ${reference.length} and ${hypothesis.length} units`);
}

/** Labels of `units` units cut before each index of `starts` (indexes ≤ 0 or ≥ units are ignored). */
export function labelsFromStarts(units: number, starts: readonly number[]): number[] {
  const cuts = new Set(starts.filter((s) => s > 0 && s < units));
  const labels: number[] = [];
  let label = 0;
  for (let i = 0; i < units; i++) {
    if (cuts.has(i)) label++;
    labels.push(label);
  }
  return labels;
}

/** The trivial baseline of one segment. */
export function oneSegment(units: number): number[] {
  return new Array<number>(units).fill(0);
}

/** The trivial baseline of `segments` segments of (nearly) equal length. */
export function evenSegments(units: number, segments: number): number[] {
  const count = Math.max(1, Math.min(segments, units));
  return Array.from({ length: units }, (_, i) => Math.floor((i * count) / units));
}

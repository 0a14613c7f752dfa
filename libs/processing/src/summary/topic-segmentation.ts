export interface TopicRange {
  /** Index of the first sentence of the section. */
  start: number;
  /** One past the last. */
  end: number;
}

/**
 * Cuts a sequence of sentences into at most `sections` contiguous topical sections, TextTiling-style
 * (Hearst 1997, simplified): at every gap, the cosine similarity of the term counts of the `window`
 * sentences before and after it measures how much the vocabulary carries on; the cuts go at the gaps where
 * it carries on least, no closer to each other or to either end than half an even section's length. A gap
 * between two sources (a transcript, then a document) is preferred, as it is a topic change by construction.
 * Deterministic: equal similarities are broken by position. Linear in the number of terms.
 */
export function segmentTopics(items: ReadonlyArray<{ terms: readonly string[]; source: number }>, sections: number): TopicRange[] {
  const n = items.length;
  const wanted = Math.max(1, Math.min(sections, Math.floor(n / 4)));
  if (wanted === 1) return [{ start: 0, end: n }];
  const minGap = Math.max(2, Math.floor(n / (2 * wanted)));
  const window = Math.max(3, Math.min(20, minGap));

  const left = new Map<string, number>();
  const right = new Map<string, number>();
  // Running dot product and squared norms of the two windows, updated as the gap slides right.
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  const add = (counts: Map<string, number>, other: Map<string, number>, term: string, delta: number, isLeft: boolean) => {
    const before = counts.get(term) ?? 0;
    const after = before + delta;
    if (after === 0) counts.delete(term);
    else counts.set(term, after);
    const otherCount = other.get(term) ?? 0;
    dot += delta * otherCount;
    const normDelta = after * after - before * before;
    if (isLeft) leftNorm += normDelta;
    else rightNorm += normDelta;
  };
  const addItem = (index: number, side: 'left' | 'right', delta: number) => {
    const item = items[index];
    if (!item) return;
    for (const term of item.terms) {
      if (side === 'left') add(left, right, term, delta, true);
      else add(right, left, term, delta, false);
    }
  };

  // Gap g sits before item g: left window [g - window, g), right window [g, g + window).
  for (let i = 0; i < Math.min(window, n); i++) addItem(i, 'right', 1);
  const gaps: Array<{ gap: number; similarity: number }> = [];
  for (let g = 1; g < n; g++) {
    addItem(g - 1, 'right', -1);
    addItem(g - 1, 'left', 1);
    addItem(g - 1 - window, 'left', -1);
    addItem(g - 1 + window, 'right', 1);
    if (g < minGap || n - g < minGap) continue;
    const cosine = leftNorm > 0 && rightNorm > 0 ? dot / Math.sqrt(leftNorm * rightNorm) : 0;
    const sourceChange = items[g - 1]?.source !== items[g]?.source;
    gaps.push({ gap: g, similarity: sourceChange ? cosine - 1 : cosine });
  }

  gaps.sort((a, b) => a.similarity - b.similarity || a.gap - b.gap);
  const cuts: number[] = [];
  for (const { gap } of gaps) {
    if (cuts.length >= wanted - 1) break;
    if (cuts.every((cut) => Math.abs(cut - gap) >= minGap)) cuts.push(gap);
  }
  cuts.sort((a, b) => a - b);
  const bounds = [0, ...cuts, n];
  return bounds.slice(1).map((end, i) => ({ start: bounds[i] as number, end }));
}

export interface TopicRange {
  /** Index of the first sentence of the section. */
  start: number;
  /** One past the last. */
  end: number;
}

/**
 * How a chair or speaker announces the next topic ("Let's move on to…", "Next item", "Turning to…"): a gap before
 * such a sentence is a likelier cut. English only; other languages rely on the vocabulary alone.
 */
const TOPIC_CUE =
  /^(?:(?:ok(?:ay)?|so|right|alright|now|and|well|good|great|thank you(?: very much)?|thanks),?\s+)*(?:let's (?:move on|go on|turn|talk about|now|start with|discuss|get to|look at)|let us (?:move|turn)|moving on|(?:the |our )?next (?:item|topic|point|question|thing|issue|agenda)|(?:i'll|i will|we'll|we will|i'd like to|we'd like to) (?:now )?(?:move|turn|go) (?:on )?to|turning to|(?:that|this) brings us to|(?:the )?(?:first|second|third|last|final) (?:item|topic|point|question)\b|let us (?:start|begin) with|(?:item|agenda item) \d|on to (?:the )?(?:next|item)|(?:i|we)(?: will|'ll) (?:now )?(?:go|pass|hand) (?:over )?to)/i;
/**
 * A gap is cut only when the vocabulary falls at least this far (in cosine similarity, summed over both sides):
 * shallower dips are conversation drifting, and a cut there costs more than it gains. An announced topic change
 * (TOPIC_CUE) always clears it.
 */
const MIN_DEPTH = 0.45;
const CUE_BONUS = 1;

/** The widest window compared on each side of a gap, in items. */
const MAX_WINDOW = 60;

/**
 * Cuts a sequence of sentences into at most `sections` contiguous topical sections, TextTiling-style
 * (Hearst 1997): at every gap, the cosine similarity of the term counts of the `window` items before and after
 * it measures how much the vocabulary carries on; the curve is smoothed over a fifth of a window each side, and
 * each local minimum is scored by its depth (how far the curve falls from the highest points on either side before
 * rising again). The cuts go at the deepest minima, no closer to each other or to either end than half an even
 * section's length, and only where the dip is deep enough (MIN_DEPTH) or the next sentence announces a new
 * topic (TOPIC_CUE), so a conversation without clear changes stays in fewer sections. A gap between two sources (a transcript, then a document) is preferred, as it is a topic
 * change by construction. Deterministic: equal scores are broken by position. Linear in the number of terms.
 */
/** Whether a sentence announces a new topic (TOPIC_CUE). */
export function announcesTopic(text: string): boolean {
  return TOPIC_CUE.test(text);
}

export function segmentTopics(items: ReadonlyArray<{ terms: readonly string[]; source: number; text?: string }>, sections: number): TopicRange[] {
  const n = items.length;
  const wanted = Math.max(1, Math.min(sections, Math.floor(n / 4)));
  if (wanted === 1) return [{ start: 0, end: n }];
  const minGap = Math.max(2, Math.floor(n / (2 * wanted)));
  const window = Math.max(3, Math.min(MAX_WINDOW, minGap));

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
  const raw = new Float64Array(n).fill(1);
  for (let g = 1; g < n; g++) {
    addItem(g - 1, 'right', -1);
    addItem(g - 1, 'left', 1);
    addItem(g - 1 - window, 'left', -1);
    addItem(g - 1 + window, 'right', 1);
    raw[g] = leftNorm > 0 && rightNorm > 0 ? dot / Math.sqrt(leftNorm * rightNorm) : 0;
  }
  const smooth = smoothed(raw, Math.max(1, Math.floor(window / 5)));
  const gaps: Array<{ gap: number; depth: number }> = [];
  for (let g = minGap; g <= n - minGap; g++) {
    const sourceChange = items[g - 1]?.source !== items[g]?.source;
    const cue = TOPIC_CUE.test(items[g]?.text ?? '') ? CUE_BONUS : 0;
    gaps.push({ gap: g, depth: (sourceChange ? 2 : 0) + cue + depth(smooth, g) });
  }

  gaps.sort((a, b) => b.depth - a.depth || a.gap - b.gap);
  const cuts: number[] = [];
  for (const { gap, depth: gapDepth } of gaps) {
    if (cuts.length >= wanted - 1 || gapDepth < MIN_DEPTH) break;
    if (cuts.every((cut) => Math.abs(cut - gap) >= minGap)) cuts.push(gap);
  }
  cuts.sort((a, b) => a - b);
  const bounds = [0, ...cuts, n];
  return bounds.slice(1).map((end, i) => ({ start: bounds[i] as number, end }));
}

/** A moving average over `radius` gaps each side (gap 0 is not a gap and is left out). */
function smoothed(values: Float64Array, radius: number): Float64Array {
  const out = new Float64Array(values.length);
  for (let g = 1; g < values.length; g++) {
    let sum = 0;
    let count = 0;
    for (let j = Math.max(1, g - radius); j <= Math.min(values.length - 1, g + radius); j++) {
      sum += values[j] as number;
      count++;
    }
    out[g] = sum / count;
  }
  return out;
}

/** TextTiling's depth: the rise to the highest point on the left plus that on the right, climbing while the curve rises. */
function depth(curve: Float64Array, g: number): number {
  const here = curve[g] as number;
  let leftPeak = here;
  for (let j = g - 1; j >= 1 && (curve[j] as number) >= leftPeak; j--) leftPeak = curve[j] as number;
  let rightPeak = here;
  for (let j = g + 1; j < curve.length && (curve[j] as number) >= rightPeak; j++) rightPeak = curve[j] as number;
  return leftPeak - here + (rightPeak - here);
}

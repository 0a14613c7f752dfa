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
 * A gap is cut only when its depth stands out from the conversation's own dips: at least the mean depth of the
 * curve's local minima plus this many standard deviations (TextTiling's relative threshold, stricter than Hearst's
 * mean − σ/2). Dips within the usual range are conversation drifting, and a cut there costs more than it gains;
 * a relative threshold adapts to how much a given conversation's vocabulary and speakers vary. Two deviations
 * came out of two-fold cross-validation on the QMSum training meetings (of 2, 2.25, 2.5 and 3: the best on one
 * half, within 0.002 of the best on the other; tools/bench/README.md, summary-quality).
 */
const DEPTH_DEVIATIONS = 2;
/** A curve that barely moves (a flat note) has no cut however its minima spread. */
const MIN_DEPTH = 0.1;
/**
 * Fewer local minima than this say too little about a conversation's usual dips (a short note or call): there a
 * gap is cut when the curve falls at least FIXED_DEPTH (in cosine similarity, summed over both sides).
 */
const MIN_MINIMA = 10;
const FIXED_DEPTH = 0.45;
/** An announced topic change (TOPIC_CUE) deepens its gap by this much: a hint, not a cut by itself. */
const CUE_BONUS = 0.3;
/**
 * The cohesion curve weighs who speaks as much as what is said: a presentation, a witness or a new questioner
 * taking the floor for a while changes the topic more often than not (LCSeg and later meeting segmenters use
 * speaker change beside lexical cohesion).
 */
const SPEAKER_WEIGHT = 0.5;

/** The widest window compared on each side of a gap, in items. */
const MAX_WINDOW = 60;

/** Whether a sentence announces a new topic (TOPIC_CUE). */
export function announcesTopic(text: string): boolean {
  return TOPIC_CUE.test(text);
}

/**
 * Cuts a sequence of sentences into at most `sections` contiguous topical sections, TextTiling-style
 * (Hearst 1997): at every gap, the cosine similarity of the term counts of the `window` items before and after
 * it (items with no term, such as "Yeah.", left out of the windows) measures how much the vocabulary carries
 * on, and, when several people speak, the same similarity of who speaks (SPEAKER_WEIGHT); the curve is smoothed
 * over a fifth of a window each side, and each gap is scored by its depth (how far the curve falls from the
 * highest points on either side before rising again), deepened when the next sentence announces a new topic
 * (TOPIC_CUE) or a new source starts (a transcript, then a document: a topic change by construction). The cuts
 * go at the deepest gaps, no closer to each other or to either end than half an even section's length, and only
 * where the depth stands out from the curve's usual dips (DEPTH_DEVIATIONS), so a conversation without clear
 * changes stays in fewer sections. Deterministic: equal scores are broken by position. Linear in the number of
 * terms.
 */
export function segmentTopics(items: ReadonlyArray<{ terms: readonly string[]; source: number; text?: string; speaker?: string | null }>, sections: number): TopicRange[] {
  const n = items.length;
  const wanted = Math.max(1, Math.min(sections, Math.floor(n / 4)));
  if (wanted === 1) return [{ start: 0, end: n }];
  const minGap = Math.max(2, Math.floor(n / (2 * wanted)));
  const window = Math.max(3, Math.min(MAX_WINDOW, minGap));

  // The windows hold sentences that say something: "Yeah." and "Okay, right." carry no term, and in a meeting they
  // are a large share of the sentences, so counted in a window they would shrink what is compared on each side of
  // a gap (TextTiling's windows are of words, not of sentences).
  const content = items.flatMap((item, index) => (item.terms.length > 0 ? [index] : []));
  const bags = content.map((index) => items[index]?.terms ?? []);
  const raw = overAllGaps(cohesion(bags, window), content, n);
  if (new Set(items.map((item) => item.speaker ?? null)).size > 1) {
    // Each item counts for its speaker as many times as it has terms, so a long presentation outweighs a "yes".
    const speakers = content.map((index) => Array<string>(items[index]?.terms.length ?? 0).fill(items[index]?.speaker ?? ''));
    const voices = overAllGaps(cohesion(speakers, window), content, n);
    for (let g = 1; g < n; g++) raw[g] = (1 - SPEAKER_WEIGHT) * (raw[g] as number) + SPEAKER_WEIGHT * (voices[g] as number);
  }
  const smooth = smoothed(raw, Math.max(1, Math.floor(window / 5)));
  const gaps: Array<{ gap: number; depth: number }> = [];
  for (let g = minGap; g <= n - minGap; g++) {
    const sourceChange = items[g - 1]?.source !== items[g]?.source;
    const cue = TOPIC_CUE.test(items[g]?.text ?? '') ? CUE_BONUS : 0;
    gaps.push({ gap: g, depth: (sourceChange ? 2 : 0) + cue + depth(smooth, g) });
  }

  const threshold = cutDepth(smooth);
  gaps.sort((a, b) => b.depth - a.depth || a.gap - b.gap);
  const cuts: number[] = [];
  for (const { gap, depth: gapDepth } of gaps) {
    if (cuts.length >= wanted - 1 || gapDepth < threshold) break;
    if (cuts.every((cut) => Math.abs(cut - gap) >= minGap)) cuts.push(gap);
  }
  cuts.sort((a, b) => a - b);
  const bounds = [0, ...cuts, n];
  return bounds.slice(1).map((end, i) => ({ start: bounds[i] as number, end }));
}

/**
 * For every gap g (before item g), the cosine similarity of the bags of the `window` items before and after it:
 * how much of what is said (or, with speakers as the bags, who is speaking) carries on across the gap. Computed
 * with running counts, so linear in the total size of the bags.
 */
function cohesion(bags: ReadonlyArray<readonly string[]>, window: number): Float64Array {
  const n = bags.length;
  const left = new Map<string, number>();
  const right = new Map<string, number>();
  // Running dot product and squared norms of the two windows, updated as the gap slides right.
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  const move = (index: number, side: 'left' | 'right', delta: number) => {
    const bag = bags[index];
    if (!bag) return;
    const [counts, other] = side === 'left' ? [left, right] : [right, left];
    for (const term of bag) {
      const before = counts.get(term) ?? 0;
      const after = before + delta;
      if (after === 0) counts.delete(term);
      else counts.set(term, after);
      dot += delta * (other.get(term) ?? 0);
      const normDelta = after * after - before * before;
      if (side === 'left') leftNorm += normDelta;
      else rightNorm += normDelta;
    }
  };
  // Gap g sits before item g: left window [g - window, g), right window [g, g + window).
  for (let i = 0; i < Math.min(window, n); i++) move(i, 'right', 1);
  const curve = new Float64Array(n).fill(1);
  for (let g = 1; g < n; g++) {
    move(g - 1, 'right', -1);
    move(g - 1, 'left', 1);
    move(g - 1 - window, 'left', -1);
    move(g - 1 + window, 'right', 1);
    curve[g] = leftNorm > 0 && rightNorm > 0 ? dot / Math.sqrt(leftNorm * rightNorm) : 0;
  }
  return curve;
}

/**
 * A curve over the gaps between the `content` items (a subsequence of `n` items) as a curve over all n items' gaps:
 * a gap takes the value of the content gap it falls in; before the first content item or after the last, 1 (no
 * change).
 */
function overAllGaps(curve: Float64Array, content: readonly number[], n: number): Float64Array {
  const out = new Float64Array(n).fill(1);
  let before = 0;
  for (let g = 1; g < n; g++) {
    while (before < content.length && (content[before] as number) < g) before++;
    if (before > 0 && before < content.length) out[g] = curve[before] as number;
  }
  return out;
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

/**
 * The depth a gap needs to be cut: the mean depth of the curve's local minima plus DEPTH_DEVIATIONS deviations
 * (at least MIN_DEPTH), or FIXED_DEPTH when the curve has too few minima to tell what is usual.
 */
function cutDepth(curve: Float64Array): number {
  const minima: number[] = [];
  for (let g = 2; g < curve.length - 1; g++) {
    const here = curve[g] as number;
    if (here <= (curve[g - 1] as number) && here <= (curve[g + 1] as number)) minima.push(depth(curve, g));
  }
  if (minima.length < MIN_MINIMA) return FIXED_DEPTH;
  const mean = minima.reduce((sum, d) => sum + d, 0) / minima.length;
  const deviation = Math.sqrt(minima.reduce((sum, d) => sum + (d - mean) ** 2, 0) / minima.length);
  return Math.max(MIN_DEPTH, mean + DEPTH_DEVIATIONS * deviation);
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

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
 * What one more section costs, in multiples of the log of the conversation's length in weighted terms (the
 * description length of a boundary in Utiyama and Isahara's model is that log, once). Their model counts every term
 * as independent evidence, which talk is not (people repeat each other's words), so a boundary must buy far more
 * than one log's worth of likelihood: 16 came out of five-fold cross-validation on the QMSum training meetings (of
 * 4 to 32: four folds of five chose it, the fifth 20; tools/bench/README.md, summary-quality).
 */
const SEGMENT_PENALTY = 16;
/**
 * Who speaks counts beside what is said: each sentence adds its speaker as a pseudo-term weighing this share of its
 * terms, so a presentation, a witness or a new questioner holding the floor for a while pulls a boundary towards
 * the change (LCSeg and later meeting segmenters use speaker change beside lexical cohesion). 0.25 by the same
 * cross-validation (of 0 to 1; four folds of five).
 */
const SPEAKER_SHARE = 0.25;
/**
 * The most blocks the sentences are grouped into: the segment costs are quadratic in the blocks, so a two-hour
 * meeting's 3,000 sentences are compared as 150 blocks of 20 (a boundary to within a minute or so), a short one
 * sentence by sentence.
 */
const MAX_BLOCKS = 150;

/** Whether a sentence announces a new topic (TOPIC_CUE). */
export function announcesTopic(text: string): boolean {
  return TOPIC_CUE.test(text);
}

type SegmentableItem = { terms: readonly string[]; source: number; text?: string; speaker?: string | null };

/**
 * Cuts a sequence of sentences into at most `sections` contiguous topical sections: the segmentation of least
 * total cost by dynamic programming (Utiyama and Isahara 2001). A section's cost is how badly a single word
 * distribution, fitted to the section itself (Laplace-smoothed over the conversation's vocabulary), explains its
 * terms (minus the log-likelihood), plus SEGMENT_PENALTY for every section after the first; so a cut is made only
 * where the words (and who speaks, SPEAKER_SHARE) on either side differ enough to pay for it, and a conversation
 * without clear changes stays in one section. A cut right before an announced topic (TOPIC_CUE) costs no penalty;
 * one where a new source starts (a transcript, then a document: a topic change by construction) earns the penalty
 * back twice over, so it is cut unless the sections run out. Sentences with no term ("Yeah.") carry no evidence and stay with the sentence before them; no section
 * is shorter than half an even section. Deterministic: of equal costs, the fewer sections and then the earlier cut
 * win. Quadratic in the number of blocks (MAX_BLOCKS) times the number of terms.
 */
export function segmentTopics(items: ReadonlyArray<SegmentableItem>, sections: number): TopicRange[] {
  const n = items.length;
  const whole = [{ start: 0, end: n }];
  const wanted = Math.max(1, Math.min(sections, Math.floor(n / 4)));
  if (wanted === 1) return whole;
  const blocks = termBlocks(items);
  const m = blocks.length;
  // No section shorter than half an even one, in sentences: a greeting and an agenda are not a topic.
  const minLength = Math.max(2, Math.floor(n / (2 * wanted)));
  const startOf = (j: number) => (j === 0 ? 0 : j === m ? n : (blocks[j] as TermBlock).first);
  const longEnough = (i: number, j: number) => startOf(j) - startOf(i) >= minLength;

  const cost = sectionCosts(blocks);
  const penalty = SEGMENT_PENALTY * Math.log(Math.max(2, blocks.reduce((sum, b) => sum + b.weight, 0)));
  // What a cut before block j saves: the penalty before an announced topic (on the training meetings sparing half
  // of it or none scores within 0.005: an announcement rarely starts a block of a long meeting, but in a short one
  // it is most of the evidence), twice it where a new source starts.
  const saving = blocks.map((block) => (block.newSource ? 2 * penalty : block.announced ? penalty : 0));
  // best[k][j]: the least cost of k sections over blocks [0, j); from[k][j]: where the last of them starts.
  const best: Float64Array[] = [];
  const from: Int32Array[] = [];
  for (let k = 1; k <= wanted; k++) {
    best[k] = new Float64Array(m + 1).fill(Infinity);
    from[k] = new Int32Array(m + 1);
  }
  for (let j = 1; j <= m; j++) if (longEnough(0, j)) (best[1] as Float64Array)[j] = cost(0, j);
  for (let k = 2; k <= wanted; k++) {
    const row = best[k] as Float64Array;
    const previous = best[k - 1] as Float64Array;
    for (let j = k; j <= m; j++) {
      for (let i = k - 1; i < j; i++) {
        if ((previous[i] as number) === Infinity || !longEnough(i, j)) continue;
        const total = (previous[i] as number) + cost(i, j) + penalty - (saving[i] as number);
        if (total < (row[j] as number)) {
          row[j] = total;
          (from[k] as Int32Array)[j] = i;
        }
      }
    }
  }
  let count = 1;
  for (let k = 2; k <= wanted; k++) if (((best[k] as Float64Array)[m] as number) < ((best[count] as Float64Array)[m] as number)) count = k;

  const cuts: number[] = [];
  for (let k = count, j = m; k > 1; k--) {
    j = (from[k] as Int32Array)[j] as number;
    cuts.unshift((blocks[j] as TermBlock).first);
  }
  const bounds = [0, ...cuts, n];
  return bounds.slice(1).map((end, i) => ({ start: bounds[i] as number, end }));
}

interface TermBlock {
  /** Index of the block's first item: a cut before the block is a cut before it. */
  first: number;
  /** Term ids and their weights (a speaker counts as a pseudo-term). */
  ids: Int32Array;
  weights: Float64Array;
  weight: number;
  announced: boolean;
  newSource: boolean;
}

/**
 * The items that carry terms, in order, grouped into at most MAX_BLOCKS blocks of equal size, each a bag of term ids
 * (and, when several people speak, its speakers' pseudo-terms).
 */
function termBlocks(items: ReadonlyArray<SegmentableItem>): TermBlock[] {
  const content = items.flatMap((item, index) => (item.terms.length > 0 ? [index] : []));
  const size = Math.max(1, Math.ceil(content.length / MAX_BLOCKS));
  const several = new Set(items.map((item) => item.speaker ?? null)).size > 1;
  const ids = new Map<string, number>();
  const id = (key: string) => {
    let value = ids.get(key);
    if (value === undefined) ids.set(key, (value = ids.size));
    return value;
  };
  const blocks: TermBlock[] = [];
  for (let b = 0; b < content.length; b += size) {
    const bag = new Map<number, number>();
    for (const index of content.slice(b, b + size)) {
      const item = items[index] as SegmentableItem;
      for (const term of item.terms) {
        const word = id(term);
        bag.set(word, (bag.get(word) ?? 0) + 1);
      }
      if (several) {
        // A NUL prefix keeps a speaker's pseudo-term apart from any word.
        const voice = id(`\u0000${item.speaker ?? ''}`);
        bag.set(voice, (bag.get(voice) ?? 0) + SPEAKER_SHARE * item.terms.length);
      }
    }
    const first = content[b] as number;
    blocks.push({
      first,
      ids: Int32Array.from(bag.keys()),
      weights: Float64Array.from(bag.values()),
      weight: [...bag.values()].reduce((sum, w) => sum + w, 0),
      announced: TOPIC_CUE.test(items[first]?.text ?? ''),
      newSource: first > 0 && items[first - 1]?.source !== items[first]?.source,
    });
  }
  return blocks;
}

/**
 * cost(i, j): minus the log-likelihood of blocks [i, j) under their own Laplace-smoothed term distribution,
 * Σ −f·log((f + 1) / (L + V)) over the section's terms (f a term's weight in the section, L their sum, V the
 * vocabulary's size). Every section's cost is computed up front, each start sweeping its ends with running counts.
 */
function sectionCosts(blocks: readonly TermBlock[]): (i: number, j: number) => number {
  const m = blocks.length;
  let vocabulary = 0;
  for (const block of blocks) for (const id of block.ids) vocabulary = Math.max(vocabulary, id + 1);
  const table = new Float64Array(m * (m + 1));
  const counts = new Float64Array(vocabulary);
  for (let i = 0; i < m; i++) {
    counts.fill(0);
    // Σ f·log(f + 1) over the section's terms, and L.
    let fit = 0;
    let length = 0;
    for (let j = i; j < m; j++) {
      const block = blocks[j] as TermBlock;
      for (let t = 0; t < block.ids.length; t++) {
        const id = block.ids[t] as number;
        const before = counts[id] as number;
        const after = before + (block.weights[t] as number);
        fit += after * Math.log(after + 1) - before * Math.log(before + 1);
        counts[id] = after;
      }
      length += block.weight;
      table[i * (m + 1) + j + 1] = length * Math.log(length + vocabulary) - fit;
    }
  }
  return (i, j) => table[i * (m + 1) + j] as number;
}

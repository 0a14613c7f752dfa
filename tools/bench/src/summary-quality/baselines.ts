import { rougeTokens } from './rouge-scores';

/**
 * The first turns, in order, up to `words` words (the last one cut to fit): the Lead baseline of
 * summarization papers, which is hard to beat on news and a fair floor for meetings.
 */
export function leadBaseline(turns: readonly string[], words: number): string {
  return takeWords(turns, words);
}

/**
 * TextRank (Mihalcea and Tarau 2004) over the turns: a graph whose nodes are turns and whose edge weights are
 * the similarity |shared words| / (log |words of a| + log |words of b|), ranked by weighted PageRank (damping
 * 0.85, 50 iterations or until the change is below 1e-6); the best turns up to `words` words, shown in
 * their original order. Turns of fewer than two words have no defined similarity and take no part.
 */
export function textRankBaseline(turns: readonly string[], words: number): string {
  const bags = turns.map((turn) => rougeTokens(turn));
  const sets = bags.map((bag) => new Set(bag));
  const nodes = bags.map((bag, i) => i).filter((i) => (bags[i] as string[]).length >= 2);
  const n = nodes.length;
  if (n === 0) return '';
  const edges: Array<Array<[number, number]>> = Array.from({ length: n }, () => []);
  const outWeight = new Float64Array(n);
  for (let a = 0; a < n; a++) {
    const setA = sets[nodes[a] as number] as Set<string>;
    const logA = Math.log((bags[nodes[a] as number] as string[]).length);
    for (let b = a + 1; b < n; b++) {
      const setB = sets[nodes[b] as number] as Set<string>;
      let shared = 0;
      const [small, large] = setA.size <= setB.size ? [setA, setB] : [setB, setA];
      for (const word of small) if (large.has(word)) shared++;
      if (shared === 0) continue;
      const weight = shared / (logA + Math.log((bags[nodes[b] as number] as string[]).length));
      (edges[a] as Array<[number, number]>).push([b, weight]);
      (edges[b] as Array<[number, number]>).push([a, weight]);
      outWeight[a] = (outWeight[a] as number) + weight;
      outWeight[b] = (outWeight[b] as number) + weight;
    }
  }
  let score = new Float64Array(n).fill(1);
  for (let iteration = 0; iteration < 50; iteration++) {
    const next = new Float64Array(n).fill(0.15);
    for (let a = 0; a < n; a++) {
      for (const [b, weight] of edges[a] as Array<[number, number]>) next[a] = (next[a] as number) + (0.85 * weight * (score[b] as number)) / (outWeight[b] as number);
    }
    let change = 0;
    for (let a = 0; a < n; a++) change += Math.abs((next[a] as number) - (score[a] as number));
    score = next;
    if (change < 1e-6) break;
  }
  const ranked = [...nodes.keys()].sort((a, b) => (score[b] as number) - (score[a] as number) || a - b);
  const picked: number[] = [];
  let total = 0;
  for (const node of ranked) {
    if (total >= words) break;
    picked.push(nodes[node] as number);
    total += (bags[nodes[node] as number] as string[]).length;
  }
  return takeWords(picked.sort((a, b) => a - b).map((i) => turns[i] as string), words);
}

/** Whole turns in order until `words` words, the last one cut to the remaining count. */
function takeWords(turns: readonly string[], words: number): string {
  const out: string[] = [];
  let left = words;
  for (const turn of turns) {
    if (left <= 0) break;
    const parts = turn.split(/\s+/).filter((w) => w !== '');
    const kept = parts.slice(0, left);
    left -= kept.length;
    out.push(kept.join(' '));
  }
  return out.join('\n');
}

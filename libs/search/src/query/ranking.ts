/*
 * How GET /search and the MCP search tool rank (docs/search.md "Ranking"), on the candidate passages the statement of
 * search.query.ts reads: BM25 over windows of neighbouring passages, field weights, the speaker's name, and a
 * conversation scored from its best passages. Pure, so each rule is tested on its own.
 */

/** Where a passage comes from: the conversation's title, digest, a summary line, or a line or turn of a source. */
export type PassageField = 'title' | 'digest' | 'summary' | 'content';

/** The constants, chosen on the QMSum train split only (tools/bench search-relevance; docs/search.md gives the figures). */
export const RANKING = {
  /** BM25's term-frequency saturation and length normalisation (the textbook values). */
  k1: 1.2,
  b: 0.75,
  /** A content passage is scored with the passages this many positions before and after it in the same source. */
  window: 2,
  /** What a neighbour's words and length count for, against the passage's own. */
  neighbourWeight: 0.5,
  /** A conversation's score: its best passages' scores, the r-th divided by r. */
  passagesPerConversation: 5,
  /** A match in the title counts twice a match in the content, and so on. */
  fieldWeights: { title: 2, digest: 1.5, summary: 1.2, content: 1 } satisfies Record<PassageField, number>,
  /** A query word that is also in the turn's speaker's name counts as this many extra occurrences in the turn. */
  speakerWeight: 1,
} as const;

/** A passage that matched at least one word of the query, as the statement reads it. */
export interface Candidate {
  id: string;
  conversationId: string;
  sourceId: string | null;
  position: number;
  field: PassageField;
  /** Lexemes of its tsvector (word pairs included), the length the workspace's average is measured in. */
  length: number;
  /** How often each query word occurs in it, in the order of the query's words. */
  frequencies: number[];
  /** Whether each query word is in its speaker's name. */
  speakerHits: boolean[];
}

/** The workspace's statistics (migration 1766000000000): passages, their average length, each word's passages. */
export interface CollectionStatistics {
  passages: number;
  averageLength: number;
  documentFrequencies: number[];
}

export interface RankedConversation {
  conversationId: string;
  score: number;
  /** Its best passages, best first. */
  passageIds: string[];
}

/** BM25's inverse document frequency, never negative. */
export function inverseDocumentFrequency(passages: number, documentFrequency: number): number {
  const df = Math.min(documentFrequency, passages);
  return Math.log(1 + (passages - df + 0.5) / (df + 0.5));
}

/** BM25 of one passage or window: its weighted term frequencies and length against the average length. */
export function bm25(idf: readonly number[], frequencies: readonly number[], length: number, averageLength: number): number {
  const norm = RANKING.k1 * (1 - RANKING.b + (RANKING.b * length) / Math.max(averageLength, 1));
  let score = 0;
  frequencies.forEach((tf, i) => {
    if (tf > 0) score += (idf[i]! * tf * (RANKING.k1 + 1)) / (tf + norm);
  });
  return score;
}

/** The key of the source a content passage belongs to; other fields have no neighbours. */
const sourceKey = (c: Candidate): string | null => (c.field === 'content' ? `${c.conversationId}\u0000${c.sourceId ?? ''}` : null);

/**
 * Each candidate's score: BM25 of the window of passages around it (its own words and length in full, the
 * neighbours' within RANKING.window positions at RANKING.neighbourWeight; a neighbour that matched nothing counts with
 * the average length), times its field's weight. Questions spread their words over a few turns of one exchange; the
 * window lets those turns be found together.
 */
export function scorePassages(candidates: readonly Candidate[], stats: CollectionStatistics): Map<string, number> {
  const idf = stats.documentFrequencies.map((df) => inverseDocumentFrequency(stats.passages, df));
  const bySource = new Map<string, Map<number, Candidate>>();
  for (const c of candidates) {
    const key = sourceKey(c);
    if (key === null) continue;
    const positions = bySource.get(key) ?? new Map<number, Candidate>();
    positions.set(c.position, c);
    bySource.set(key, positions);
  }
  const { window, neighbourWeight } = RANKING;
  const averageWindow = stats.averageLength * (1 + 2 * window * neighbourWeight);
  const scores = new Map<string, number>();
  for (const c of candidates) {
    const own = c.frequencies.map((tf, i) => tf + (c.speakerHits[i] ? RANKING.speakerWeight : 0));
    const key = sourceKey(c);
    let score: number;
    if (key === null) {
      score = bm25(idf, own, c.length, stats.averageLength);
    } else {
      const positions = bySource.get(key)!;
      const frequencies = [...own];
      let length = c.length;
      for (let d = -window; d <= window; d++) {
        if (d === 0) continue;
        const neighbour = positions.get(c.position + d);
        length += neighbourWeight * (neighbour?.length ?? stats.averageLength);
        if (neighbour) neighbour.frequencies.forEach((tf, i) => (frequencies[i]! += neighbourWeight * tf));
      }
      score = bm25(idf, frequencies, length, averageWindow);
    }
    scores.set(c.id, score * RANKING.fieldWeights[c.field]);
  }
  return scores;
}

/**
 * Conversations best first, each scored from its best RANKING.passagesPerConversation passages (the r-th counts 1/r):
 * a meeting that discusses the question in several places beats one that mentions its words once. Scores are
 * rounded to 6 places, so the keyset of the page compares exactly; ties go to the greater id, as the list's do.
 */
export function rankConversations(candidates: readonly Candidate[], stats: CollectionStatistics, passagesPerHit: number): RankedConversation[] {
  const scores = scorePassages(candidates, stats);
  const byConversation = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const passages = byConversation.get(c.conversationId);
    if (passages) passages.push(c);
    else byConversation.set(c.conversationId, [c]);
  }
  const ranked: RankedConversation[] = [];
  for (const [conversationId, passages] of byConversation) {
    const best = [...passages].sort((a, b) => scores.get(b.id)! - scores.get(a.id)! || a.position - b.position);
    const score = best.slice(0, RANKING.passagesPerConversation).reduce((sum, c, r) => sum + scores.get(c.id)! / (r + 1), 0);
    ranked.push({ conversationId, score: Math.round(score * 1e6) / 1e6, passageIds: best.slice(0, passagesPerHit).map((c) => c.id) });
  }
  return ranked.sort((a, b) => b.score - a.score || compareIds(b.conversationId, a.conversationId));
}

/** Ids compare as Postgres compares text in the keyset (`C` order: code units). */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

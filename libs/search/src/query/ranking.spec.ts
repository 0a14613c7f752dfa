import { bm25, type Candidate, type CollectionStatistics, inverseDocumentFrequency, RANKING, rankConversations, scorePassages } from './ranking';

const passage = (over: Partial<Candidate> & Pick<Candidate, 'id' | 'frequencies'>): Candidate => ({
  conversationId: 'c1',
  sourceId: 's1',
  position: 0,
  field: 'content',
  length: 10,
  speakerHits: over.frequencies.map(() => false),
  ...over,
});

const stats = (documentFrequencies: number[]): CollectionStatistics => ({ passages: 1000, averageLength: 10, documentFrequencies });

describe('BM25', () => {
  it('weighs a rare word above a common one', () => {
    expect(inverseDocumentFrequency(1000, 5)).toBeGreaterThan(inverseDocumentFrequency(1000, 500));
    expect(inverseDocumentFrequency(1000, 1000)).toBeGreaterThan(0);
  });

  it('saturates term frequency: the tenth occurrence adds less than the second', () => {
    const idf = [1];
    const at = (tf: number) => bm25(idf, [tf], 10, 10);
    expect(at(2) - at(1)).toBeGreaterThan(at(10) - at(9));
    expect(at(1000)).toBeLessThan(RANKING.k1 + 1);
  });

  it('normalises by length: the same match in a longer passage counts less', () => {
    expect(bm25([1], [1], 5, 10)).toBeGreaterThan(bm25([1], [1], 40, 10));
  });
});

describe('passage scores', () => {
  it('count neighbours within the window at half weight, and only in the same source', () => {
    const alone = scorePassages([passage({ id: 'a', frequencies: [1, 0] })], stats([10, 10])).get('a')!;
    const withNeighbour = scorePassages([passage({ id: 'a', frequencies: [1, 0] }), passage({ id: 'b', position: 1, frequencies: [0, 1] })], stats([10, 10])).get('a')!;
    const otherSource = scorePassages(
      [passage({ id: 'a', frequencies: [1, 0] }), passage({ id: 'b', position: 1, sourceId: 's2', frequencies: [0, 1] })],
      stats([10, 10]),
    ).get('a')!;
    const tooFar = scorePassages([passage({ id: 'a', frequencies: [1, 0] }), passage({ id: 'b', position: RANKING.window + 1, frequencies: [0, 1] })], stats([10, 10])).get('a')!;
    expect(withNeighbour).toBeGreaterThan(alone);
    expect(otherSource).toBeCloseTo(alone);
    expect(tooFar).toBeCloseTo(alone);
  });

  it('weigh a title above the same words in content', () => {
    const scores = scorePassages([passage({ id: 't', field: 'title', sourceId: null, frequencies: [1] }), passage({ id: 'c', frequencies: [1] })], stats([10]));
    expect(scores.get('t')!).toBeGreaterThan(scores.get('c')!);
  });

  it('count a query word in the speaker name as an occurrence in the turn', () => {
    const scores = scorePassages(
      [passage({ id: 'tom', frequencies: [0, 1], speakerHits: [true, false] }), passage({ id: 'ada', position: 10, frequencies: [0, 1] })],
      stats([0, 10]),
    );
    expect(scores.get('tom')!).toBeGreaterThan(scores.get('ada')!);
  });
});

describe('conversation ranking', () => {
  it('scores a conversation from its best passages, so several good ones beat one', () => {
    const ranked = rankConversations(
      [
        passage({ id: 'a1', conversationId: 'a', frequencies: [1] }),
        passage({ id: 'b1', conversationId: 'b', frequencies: [1] }),
        passage({ id: 'b2', conversationId: 'b', position: 10, frequencies: [1] }),
      ],
      stats([10]),
      5,
    );
    expect(ranked.map((r) => r.conversationId)).toEqual(['b', 'a']);
    expect(ranked[0]!.passageIds).toEqual(['b1', 'b2']);
  });

  it('breaks ties by the greater id, as the keyset does, and rounds scores to 6 places', () => {
    const ranked = rankConversations([passage({ id: 'x', conversationId: 'a', frequencies: [1] }), passage({ id: 'y', conversationId: 'b', frequencies: [1] })], stats([10]), 5);
    expect(ranked.map((r) => r.conversationId)).toEqual(['b', 'a']);
    expect(ranked[0]!.score).toBe(Math.round(ranked[0]!.score * 1e6) / 1e6);
  });
});

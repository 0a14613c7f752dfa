import { judgeAnswer, type QueryJudgement, relevanceFigures } from './relevance-metrics';

const ranked = (...ids: string[]) => ({ conversations: ids.map((id) => ({ id, matchStarts: [] as number[] })) });
const WINDOW = [{ from: 100, to: 130 }];

describe('judgeAnswer', () => {
  it('ranks the right conversation from 1 and leaves it unranked past the tenth', () => {
    expect(judgeAnswer(ranked('a', 'b', 'c'), 'c', WINDOW).rank).toBe(3);
    const eleven = ranked(...Array.from({ length: 11 }, (_, i) => `c${i}`));
    expect(judgeAnswer(eleven, 'c10', WINDOW)).toEqual({ answered: true, rank: null, passageHit: false });
  });

  it('counts an empty answer as unanswered', () => {
    expect(judgeAnswer(ranked(), 'a', WINDOW)).toEqual({ answered: false, rank: null, passageHit: false });
  });

  it("finds the answer among the right conversation's first five matches only, and never among another's", () => {
    const answer = {
      conversations: [
        { id: 'wrong', matchStarts: [110] },
        { id: 'right', matchStarts: [null, 5, 6, 7, 8, 120] },
      ],
    };
    expect(judgeAnswer(answer, 'right', WINDOW).passageHit).toBe(false);
    expect(judgeAnswer({ conversations: [{ id: 'right', matchStarts: [5, null, 130] }] }, 'right', WINDOW).passageHit).toBe(true);
  });
});

describe('relevanceFigures', () => {
  it('gives shares of the queries and the mean reciprocal rank, unranked counting zero', () => {
    const judgements: QueryJudgement[] = [
      { answered: true, rank: 1, passageHit: true },
      { answered: true, rank: 4, passageHit: false },
      { answered: true, rank: 8, passageHit: true },
      { answered: false, rank: null, passageHit: false },
    ];
    expect(relevanceFigures(judgements)).toEqual({ queries: 4, answered: 0.75, rank1: 0.25, top5: 0.5, mrr10: (1 + 1 / 4 + 1 / 8) / 4, passage5: 0.5 });
  });

  it('gives zeros, not NaN, for no queries', () => {
    expect(relevanceFigures([])).toEqual({ queries: 0, answered: 0, rank1: 0, top5: 0, mrr10: 0, passage5: 0 });
  });
});

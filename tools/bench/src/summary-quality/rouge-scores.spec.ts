import { rougeF1, rougeTokens, summaryProse } from './rouge-scores';

describe('rougeF1', () => {
  it('tokenises lower-cased runs of letters and digits, without stemming', () => {
    expect(rougeTokens("The team's 2.5% cut, agreed!")).toEqual(['the', 'team', 's', '2', '5', 'cut', 'agreed']);
  });

  it('matches hand-computed ROUGE-1 and ROUGE-2 F1', () => {
    // candidate: the cat sat on the mat (6 tokens); reference: the cat was on the mat (6 tokens).
    // unigrams in common with clipping: the×2, cat, on, mat = 5 → P = R = 5/6.
    // bigrams: cand {the cat, cat sat, sat on, on the, the mat}; ref {the cat, cat was, was on, on the, the mat}: 3 shared → 3/5.
    const scores = rougeF1('the cat sat on the mat', 'The cat was on the mat');
    expect(scores.rouge1).toBeCloseTo(5 / 6, 10);
    expect(scores.rouge2).toBeCloseTo(3 / 5, 10);
  });

  it('matches a hand-computed ROUGE-L F1 (longest common subsequence)', () => {
    // LCS of "a b c d e" and "a c e f": a c e = 3; P = 3/5, R = 3/4, F1 = 2PR/(P+R) = 2/3.
    expect(rougeF1('a b c d e', 'a c e f').rougeL).toBeCloseTo(2 / 3, 10);
  });

  it('scores empty text 0 rather than failing', () => {
    expect(rougeF1('', 'anything')).toEqual({ rouge1: 0, rouge2: 0, rougeL: 0 });
  });
});

describe('summaryProse', () => {
  it('keeps the overview and bullet text and drops headings, markers and emphasis', () => {
    expect(summaryProse('Overview here.\n\n## Pricing\n- **Tom**: the plan\n- Second')).toBe('Overview here.\nTom: the plan\nSecond');
  });
});

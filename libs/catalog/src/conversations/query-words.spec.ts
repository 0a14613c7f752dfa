import { anyWordQuery, lexemeOf, positiveWords } from './query-words';

describe('the words a search ranks and highlights: every word not excluded, each once', () => {
  it.each([
    ["'price' & 'review'", "'price' | 'review'"],
    ["'launch' <-> 'date'", "'launch' | 'date'"],
    ["'budget' & !'market'", "'budget'"],
    ["'a' & !( 'b' <-> 'c' ) & 'd'", "'a' | 'd'"],
    ["'appl' | 'pear' & 'appl'", "'appl' | 'pear'"],
    ["!'x'", ''],
    ["'it''s' & 'back\\\\slash'", "'it''s' | 'back\\\\slash'"],
  ])('%s → %s', (tsquery, expected) => {
    expect(anyWordQuery(positiveWords(tsquery))).toBe(expected);
  });

  it('gives the lexeme as stored, unescaped', () => {
    expect(positiveWords("'it''s' & 'back\\\\slash'").map(lexemeOf)).toEqual(["it's", 'back\\slash']);
  });
});

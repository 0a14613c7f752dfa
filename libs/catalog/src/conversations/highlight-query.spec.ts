import { highlightQuery } from './highlight-query';

describe('the highlight query: every word not excluded, each on its own', () => {
  it.each([
    ["'price' & 'review'", "'price' | 'review'"],
    ["'launch' <-> 'date'", "'launch' | 'date'"],
    ["'budget' & !'market'", "'budget'"],
    ["'a' & !( 'b' <-> 'c' ) & 'd'", "'a' | 'd'"],
    ["'appl' | 'pear' & 'appl'", "'appl' | 'pear'"],
    ["!'x'", ''],
    ["'it''s' & 'back\\\\slash'", "'it''s' | 'back\\\\slash'"],
  ])('%s → %s', (tsquery, expected) => {
    expect(highlightQuery(tsquery)).toBe(expected);
  });
});

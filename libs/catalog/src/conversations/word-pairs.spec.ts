import { withWordPairs } from './word-pairs';

// The inputs are websearch_to_tsquery's output, as Postgres 15 prints it.
describe('withWordPairs', () => {
  it('ANDs a phrase with its adjacent pairs', () => {
    expect(withWordPairs(`'user' <-> 'interfac'`)).toBe(`('user' <-> 'interfac' & 'user interfac')`);
    expect(withWordPairs(`'big' <-> 'red' <-> 'button'`)).toBe(`('big' <-> 'red' <-> 'button' & 'big red' & 'red button')`);
  });

  it('leaves a query without phrases as it is', () => {
    expect(withWordPairs(`'design' & 'remot' | !'x'`)).toBe(`'design' & 'remot' | !'x'`);
  });

  it('keeps each phrase within its own operator: OR, AND and a negated group', () => {
    expect(withWordPairs(`'design' & 'user' <-> 'interfac' | 'remot' & !( 'big' <-> 'red' <-> 'button' )`)).toBe(
      `'design' & ('user' <-> 'interfac' & 'user interfac') | 'remot' & !( ('big' <-> 'red' <-> 'button' & 'big red' & 'red button') )`,
    );
    expect(withWordPairs(`'remot' <-> 'control' | 'smart' <-> 'phone'`)).toBe(
      `('remot' <-> 'control' & 'remot control') | ('smart' <-> 'phone' & 'smart phone')`,
    );
  });

  it('pairs only words at distance 1: a stop word between them leaves none', () => {
    expect(withWordPairs(`'user' <3> 'interfac'`)).toBe(`'user' <3> 'interfac'`);
    expect(withWordPairs(`'a' <2> 'b' <-> 'c'`)).toBe(`('a' <2> 'b' <-> 'c' & 'b c')`);
  });

  it('pairs the parts of a hyphenated word as the parser places them', () => {
    expect(withWordPairs(`'e-mail' <-> 'e' <-> 'mail' <-> 'address'`)).toBe(
      `('e-mail' <-> 'e' <-> 'mail' <-> 'address' & 'e-mail e' & 'e mail' & 'mail address')`,
    );
  });

  it('adds nothing within a phrase, nor for a negated, weighted or prefix operand', () => {
    expect(withWordPairs(`'a' <-> ( 'b' <-> 'c' | 'd' )`)).toBe(`'a' <-> ( 'b' <-> 'c' | 'd' )`);
    expect(withWordPairs(`!'a' <-> 'b'`)).toBe(`!'a' <-> 'b'`);
    expect(withWordPairs(`'a':* <-> 'b' <-> 'c':A`)).toBe(`'a':* <-> 'b' <-> 'c':A`);
    expect(withWordPairs(`'a':* <-> 'b' <-> 'c'`)).toBe(`('a':* <-> 'b' <-> 'c' & 'b c')`);
  });

  it('keeps quotes and backslashes escaped as the text form writes them', () => {
    expect(withWordPairs(`'o''neil' <-> 'said'`)).toBe(`('o''neil' <-> 'said' & 'o''neil said')`);
    expect(withWordPairs(`'a\\\\b' <-> 'c'`)).toBe(`('a\\\\b' <-> 'c' & 'a\\\\b c')`);
  });

  it('leaves out a pair longer than a lexeme can be', () => {
    const long = 'x'.repeat(1500);
    expect(withWordPairs(`'${long}' <-> '${long}' <-> 'y'`)).toBe(`('${long}' <-> '${long}' <-> 'y' & '${long} y')`);
  });

  it('leaves the empty query empty', () => {
    expect(withWordPairs('')).toBe('');
  });
});

import { conversationTermsQuery } from './conversation-terms-query';
import { withWordPairs } from './word-pairs';

// The inputs are websearch_to_tsquery's output, as Postgres 15 prints it (with word pairs where a phrase has them).
describe('conversationTermsQuery', () => {
  it('keeps words, ANDs and ORs as they are', () => {
    expect(conversationTermsQuery(`'design'`)).toBe(`'design'`);
    expect(conversationTermsQuery(`'design' & 'remot' | 'phone'`)).toBe(`(('design' & 'remot') | 'phone')`);
  });

  it('asks for the words of a phrase (and its pairs) anywhere in the conversation', () => {
    expect(conversationTermsQuery(`'user' <-> 'interfac'`)).toBe(`('user' & 'interfac')`);
    expect(conversationTermsQuery(withWordPairs(`'user' <-> 'interfac'`))).toBe(`(('user' & 'interfac') & 'user interfac')`);
    expect(conversationTermsQuery(`'user' <3> 'interfac'`)).toBe(`('user' & 'interfac')`);
  });

  it('drops a negation from an AND, and an OR with a negated side asks for nothing', () => {
    expect(conversationTermsQuery(`'budget' & !'market'`)).toBe(`'budget'`);
    expect(conversationTermsQuery(`'budget' & !( 'big' <-> 'red' )`)).toBe(`'budget'`);
    expect(conversationTermsQuery(`'budget' | !'market'`)).toBeNull();
    expect(conversationTermsQuery(`( 'budget' | !'market' ) & 'plan'`)).toBe(`'plan'`);
  });

  it('asks nothing of an operand with a weight or a prefix mark, which a tsvector without positions cannot answer alike', () => {
    expect(conversationTermsQuery(`'budget':A & 'plan'`)).toBe(`'plan'`);
    expect(conversationTermsQuery(`'budg':*`)).toBeNull();
  });

  it('has no form for an empty query', () => {
    expect(conversationTermsQuery('')).toBeNull();
  });

  it('keeps escaped quotes of a lexeme', () => {
    expect(conversationTermsQuery(`'o''brien' & 'plan'`)).toBe(`('o''brien' & 'plan')`);
  });
});

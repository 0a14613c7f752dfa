import { keywordsOf, queryText } from './query-forms';

describe('keywordsOf', () => {
  it("keeps the issue's example keywords: stop words and the question's framing go", () => {
    expect(keywordsOf('What did the group discuss about remote control style and design optimization?')).toBe('remote control style design optimization');
  });

  it("drops a framing word's possessive and keeps a content word's", () => {
    expect(keywordsOf("What was the team's opinion on the user's needs?")).toBe("user's needs");
  });

  it('leaves nothing of a question made of framing words only', () => {
    expect(keywordsOf('What did they discuss?')).toBe('');
  });
});

describe('queryText', () => {
  it('sends the question as written in the question form', () => {
    expect(queryText('Why did B think so?', 'question')).toBe('Why did B think so?');
  });
});

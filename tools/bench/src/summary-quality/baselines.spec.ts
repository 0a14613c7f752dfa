import { leadBaseline, textRankBaseline } from './baselines';

describe('leadBaseline', () => {
  it('takes the first turns up to the word budget, cutting the last', () => {
    expect(leadBaseline(['one two three', 'four five', 'six'], 4)).toBe('one two three\nfour');
  });
});

describe('textRankBaseline', () => {
  it('prefers the turn most similar to the others and keeps the original order', () => {
    const turns = [
      'hello there everyone',
      'the budget for the remote control is twelve euro',
      'we talked about the weather',
      'twelve euro is the budget for the remote',
      'the remote control budget is tight',
    ];
    const summary = textRankBaseline(turns, 9);
    expect(summary).toBe('the budget for the remote control is twelve euro');
    expect(textRankBaseline(turns, 17).split('\n')).toEqual([turns[1], turns[3]]);
  });
});

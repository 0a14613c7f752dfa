import { answerJson, escapedLength, jsonLength } from './answer-budget';

describe('answer sizes', () => {
  it('answerJson is JSON.stringify of the answer, serialised once per object', () => {
    const answer = { id: 'conv_1', content: 'He said "hi"\n' };
    const spy = jest.spyOn(JSON, 'stringify');
    try {
      expect(answerJson(answer)).toBe('{"id":"conv_1","content":"He said \\"hi\\"\\n"}');
      expect(answerJson(answer)).toBe(answerJson(answer));
      expect(spy).toHaveBeenCalledTimes(1);
      expect(answerJson({ ...answer })).toBe(answerJson(answer));
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('counts a string as JSON writes it: escapes in, quotes out', () => {
    expect(escapedLength('a"b\\c\nd\u0001é')).toBe(17);
    expect(jsonLength({ a: 'b' })).toBe(9);
  });
});

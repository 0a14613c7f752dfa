import { escapedLength } from './answer-budget';
import { cutOnLines, lineCount, linesBefore } from './line-cut';

describe('cutOnLines: where a page of content ends within a JSON budget', () => {
  const content = '[00:00:00] Ada: one\n[00:00:05] Grace: "two"\n[00:00:09] Ada: three';

  it('keeps whole lines, each with its line break, counting JSON escapes', () => {
    const first = '[00:00:00] Ada: one\n';
    expect(escapedLength(first)).toBe(first.length + 1);
    expect(cutOnLines(content, 0, escapedLength(first), true)).toBe(first.length);
    expect(cutOnLines(content, 0, escapedLength(first) - 1, false)).toBe(0);
    // The quotes of the second line cost two characters each: one short of them, the line is not taken.
    const two = '[00:00:05] Grace: "two"\n';
    expect(cutOnLines(content, first.length, escapedLength(two) - 1, false)).toBe(first.length);
    expect(cutOnLines(content, first.length, escapedLength(two), false)).toBe(first.length + two.length);
  });

  it('reaches the end when the rest fits, and stays at the end', () => {
    expect(cutOnLines(content, 0, 10_000, true)).toBe(content.length);
    expect(cutOnLines(content, content.length, 10, true)).toBe(content.length);
  });

  it('with progress, cuts inside a line too long for the budget, never inside a surrogate pair, always moving on', () => {
    const long = `${'😀'.repeat(10)}\nrest`;
    const end = cutOnLines(long, 0, 5, true);
    expect(end).toBe(4);
    expect(long.slice(0, end)).toBe('😀😀');
    expect(cutOnLines(long, 0, 1, true)).toBe(2);
    expect(cutOnLines('\\\\\\', 0, 1, true)).toBe(1);
  });

  it('pages concatenated give the content back exactly', () => {
    const text = Array.from({ length: 50 }, (_, i) => `[00:00:${String(i).padStart(2, '0')}] S${i % 3}: ${'word '.repeat(i % 7)}"q"\\`).join('\n');
    for (const budget of [1, 7, 40, 333]) {
      let offset = 0;
      let joined = '';
      while (offset < text.length) {
        const end = cutOnLines(text, offset, budget, true);
        expect(end).toBeGreaterThan(offset);
        // Within the budget, but for the one code point a page holds at the least.
        expect(escapedLength(text.slice(offset, end)) <= budget || end === offset + 1).toBe(true);
        joined += text.slice(offset, end);
        offset = end;
      }
      expect(joined).toBe(text);
    }
  });
});

describe('line counting', () => {
  it('counts lines, a trailing line break ending the last one', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\nb\n')).toBe(2);
  });

  it('gives the index of the line an offset falls in', () => {
    expect(linesBefore('a\nbc\nd', 0)).toBe(0);
    expect(linesBefore('a\nbc\nd', 2)).toBe(1);
    expect(linesBefore('a\nbc\nd', 3)).toBe(1);
    expect(linesBefore('a\nbc\nd', 5)).toBe(2);
  });
});

import { DIGEST_MAX_LENGTH, toDigest } from './digest';

describe('digest (spec "Limits": at most 80 characters)', () => {
  it('keeps a text of at most 80 characters unchanged, whitespace normalized', () => {
    expect(toDigest('  Weekly   sync\non the launch plan. ')).toBe('Weekly sync on the launch plan.');
    const exact = 'x'.repeat(80);
    expect(toDigest(exact)).toBe(exact);
  });

  it('cuts a longer text on a word boundary and ends it with an ellipsis within the limit', () => {
    const text = 'The team agreed to move the enterprise launch to March and to hire two more support engineers before then.';
    const digest = toDigest(text);
    expect(digest.length).toBeLessThanOrEqual(DIGEST_MAX_LENGTH);
    expect(digest.endsWith('…')).toBe(true);
    expect(text.startsWith(digest.slice(0, -1))).toBe(true);
    expect(text[digest.length - 1]).toMatch(/[ ,.]/);
  });

  it('never splits a character made of several code units (emoji, combining marks)', () => {
    const family = '👨‍👩‍👧‍👦';
    const text = `${family} `.repeat(40);
    const digest = toDigest(text);
    expect(digest.length).toBeLessThanOrEqual(DIGEST_MAX_LENGTH);
    expect(digest.replace(/…$/, '').split(' ').every((part) => part === family)).toBe(true);
    const accents = 'e\u0301'.repeat(100);
    const cut = toDigest(accents);
    expect(cut.replace('…', '').length % 2).toBe(0);
  });

  it('cuts a single overlong word at the limit rather than returning nothing', () => {
    const digest = toDigest('a'.repeat(200));
    expect(digest).toBe(`${'a'.repeat(79)}…`);
  });
});

import { truncateOnWord } from './truncate';

describe('truncateOnWord', () => {
  it('honours any limit, not only the digest one: cuts on the last word boundary before it', () => {
    const text = 'The migration plan covers the database, the queue, the cache and the search index in careful detail.';
    expect(truncateOnWord(text, 41)).toBe('The migration plan covers the database…');
    expect(truncateOnWord(text, 40)).toBe('The migration plan covers the…');
    expect(truncateOnWord(text, 200)).toBe(text);
    expect(truncateOnWord(text, text.length)).toBe(text);
  });

  it('drops trailing punctuation and dashes before the ellipsis', () => {
    expect(truncateOnWord('Pricing, hiring – and the mobile launch next week', 18)).toBe('Pricing, hiring…');
    expect(truncateOnWord('Pricing - hiring and the mobile launch', 10)).toBe('Pricing…');
  });
});

import { cleanSpoken } from './spoken-text';

describe('cleanSpoken', () => {
  it('drops hesitations and stutters and keeps the words that carry meaning', () => {
    expect(cleanSpoken('uh we we should um keep the, you know, yellow case')).toBe('We should keep the, yellow case');
    expect(cleanSpoken('I I think the remote is kind of small, uh.')).toBe('I think the remote is kind of small.');
  });

  it('leaves written text alone', () => {
    expect(cleanSpoken('Umbrella sales rose; the summer was wet.')).toBe('Umbrella sales rose; the summer was wet.');
  });
});

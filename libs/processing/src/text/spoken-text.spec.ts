import { cleanSpoken } from './spoken-text';

describe('cleanSpoken', () => {
  it('drops hesitations and stutters and keeps the words that carry meaning', () => {
    expect(cleanSpoken('uh we we should um keep the, you know, yellow case')).toBe('We should keep the, yellow case');
    expect(cleanSpoken('I I think the remote is kind of small, uh.')).toBe('I think the remote is kind of small.');
    expect(cleanSpoken('it works, eh, in the mixed files, ah, nnn, mostly')).toBe('It works, in the mixed files, mostly');
  });

  it('drops "you know" and "I mean" opening or closing a sentence, but not the verbs inside one', () => {
    expect(cleanSpoken('I mean, we could try three things')).toBe('We could try three things');
    expect(cleanSpoken('uh, you know, the box goes in the corner')).toBe('The box goes in the corner');
    expect(cleanSpoken('it fits in the box, you know.')).toBe('It fits in the box.');
    expect(cleanSpoken('ask him if you know the answer')).toBe('Ask him if you know the answer');
    expect(cleanSpoken('I mean it')).toBe('I mean it');
  });

  it('drops the lone letters of words cut off in English speech, and keeps one-letter words of other languages', () => {
    expect(cleanSpoken('we w we decided that if t if you have two people')).toBe('We decided that if you have two people');
    expect(cleanSpoken('I think a box is fine')).toBe('I think a box is fine');
    expect(cleanSpoken('Juan y María o Pedro', false)).toBe('Juan y María o Pedro');
  });

  it('leaves written text alone', () => {
    expect(cleanSpoken('Umbrella sales rose; the summer was wet.')).toBe('Umbrella sales rose; the summer was wet.');
  });
});

import { PhraseCounts, sectionHeading, topPhrases } from './section-heading';

describe('section headings and the overview topics', () => {
  const texts = [
    'Yep, the remote control needs a bigger battery.',
    'Yep, yep, we wanna keep the battery.',
    'Yep, the remote control should be yellow.',
    'We wanna test the battery first, yep.',
    'The remote control ships in March.',
  ];

  it('never names casual words of talk ("yep", "wanna") as a topic', () => {
    const whole = new PhraseCounts(texts);
    const topics = topPhrases(whole, texts.length, 3).map((t) => t.toLowerCase());
    expect(topics).not.toContain('yep');
    expect(topics.some((t) => t.includes('wanna'))).toBe(false);
    expect(topics[0]).toBe('remote control');
    expect(sectionHeading(new PhraseCounts(texts.slice(0, 4)), whole, texts.length, 4, new Set())).not.toMatch(/yep|wanna/i);
  });
});

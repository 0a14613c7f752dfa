import { renderTranscript } from '@cs/processing';
import { seededRandom } from '@cs/testing';
import { generateTranscript } from './transcript-generator';

describe('generateTranscript', () => {
  it('makes a two-hour meeting of about 1,500 segments and 20,000 words', () => {
    const { segments, words } = generateTranscript(7_200, 2);
    expect(segments.length).toBeGreaterThan(1_300);
    expect(segments.length).toBeLessThan(1_700);
    expect(words).toBeGreaterThan(18_000);
    expect(words).toBeLessThan(22_000);
    expect(segments.at(-1)?.end_seconds).toBeLessThanOrEqual(7_200);
    for (const s of segments) expect(s.end_seconds).toBeGreaterThanOrEqual(s.start_seconds);
  });

  it('is deterministic per seed and differs between seeds', () => {
    expect(generateTranscript(600, 7)).toEqual(generateTranscript(600, 7));
    expect(generateTranscript(600, 7).segments[0]).not.toEqual(generateTranscript(600, 8).segments[0]);
  });

  it('renders into a valid transcript with named and unnamed speakers', () => {
    const { segments, speakerNames } = generateTranscript(3_600, 1);
    const rendered = renderTranscript(segments, { speakerNames });
    expect(rendered.participants).toEqual(expect.arrayContaining(['Ada Lovelace', 'Grace Hopper', 'Speaker 3']));
    expect(rendered.durationSeconds).toBeGreaterThan(3_590);
  });
});

describe('seededRandom', () => {
  it('yields numbers in [0, 1)', () => {
    const random = seededRandom(42);
    const values = Array.from({ length: 1_000 }, random);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });
});

describe('generated text', () => {
  it('contains only words, never code', () => {
    const text = generateTranscript(3_600, 3).segments.map((s) => s.text).join(' ');
    expect(text).not.toMatch(/=>|random|\(\)/);
    expect(text).toMatch(/\d+ percent/);
  });
});

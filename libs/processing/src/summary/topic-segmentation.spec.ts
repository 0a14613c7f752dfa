import { segmentTopics } from './topic-segmentation';

/** A fixed pseudo-random sequence (a linear congruential generator), so the conversations are the same every run. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** `count` sentences of five terms each drawn from `vocabulary`. */
function sentences(vocabulary: readonly string[], count: number, random: () => number, speakers: readonly string[] | null) {
  return Array.from({ length: count }, (_, i) => ({
    terms: Array.from({ length: 5 }, () => vocabulary[Math.floor(random() * vocabulary.length)] as string),
    source: 0,
    text: 'A sentence.',
    speaker: speakers ? (speakers[i % speakers.length] as string) : null,
  }));
}

const words = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('segmentTopics', () => {
  it('cuts once where the vocabulary changes, and not at the ordinary dips of a drifting conversation', () => {
    const random = sequence(7);
    // Two topics of 60 sentences, each drawing on its own 25 words and a shared 10: words vary from window to
    // window, but only at sentence 60 do they change.
    const shared = words('shared', 10);
    const items = [...sentences([...words('budget', 25), ...shared], 60, random, null), ...sentences([...words('design', 25), ...shared], 60, random, null)];
    const ranges = segmentTopics(items, 6);
    expect(ranges).toHaveLength(2);
    expect(Math.abs((ranges[1]?.start ?? 0) - 60)).toBeLessThanOrEqual(2);
  });

  it('cuts at the change of topic when a run of acknowledgements, which says nothing about it, comes before', () => {
    const random = sequence(7);
    const shared = words('shared', 10);
    const first = sentences([...words('budget', 25), ...shared], 60, random, null);
    const second = sentences([...words('design', 25), ...shared], 60, random, null);
    // Thirty "Yeah."s and "Okay."s (no terms) in the middle of the first topic, as while a demo is being watched.
    const quiet = Array.from({ length: 30 }, (_, i) => ({ terms: [], source: 0, text: i % 2 === 0 ? 'Yeah.' : 'Okay.', speaker: null }));
    const items = [...first.slice(0, 30), ...quiet, ...first.slice(30), ...second];
    const ranges = segmentTopics(items, 6);
    expect(ranges).toHaveLength(2);
    expect(Math.abs((ranges[1]?.start ?? 0) - 90)).toBeLessThanOrEqual(2);
  });

  it('cuts where another speaker takes the floor for a while, which the same words alone do not show', () => {
    const vocabulary = words('term', 30);
    // A hundred sentences each: who speaks is weaker evidence than what is said, and must pay for a section too.
    const firstHalf = (speakers: readonly string[] | null) => sentences(vocabulary, 100, sequence(11), speakers);
    const secondHalf = (speakers: readonly string[] | null) => sentences(vocabulary, 100, sequence(13), speakers);
    const withSpeakers = segmentTopics([...firstHalf(['Ada', 'Ada', 'Ada', 'Tom']), ...secondHalf(['Grace', 'Grace', 'Grace', 'Tom'])], 6);
    expect(withSpeakers).toHaveLength(2);
    expect(Math.abs((withSpeakers[1]?.start ?? 0) - 100)).toBeLessThanOrEqual(3);
    // The same sentences with no speaker known: nothing marks the change, and the text stays in one section.
    expect(segmentTopics([...firstHalf(null), ...secondHalf(null)], 6)).toEqual([{ start: 0, end: 200 }]);
  });

  it('finds every change of a conversation in several topics, each where its vocabulary starts', () => {
    const random = sequence(5);
    const shared = words('shared', 10);
    const items = ['budget', 'design', 'hiring'].flatMap((topic) => sentences([...words(topic, 25), ...shared], 80, random, null));
    const starts = segmentTopics(items, 6).map((range) => range.start);
    expect(starts).toHaveLength(3);
    expect(Math.abs((starts[1] ?? 0) - 80)).toBeLessThanOrEqual(2);
    expect(Math.abs((starts[2] ?? 0) - 160)).toBeLessThanOrEqual(2);
  });
});

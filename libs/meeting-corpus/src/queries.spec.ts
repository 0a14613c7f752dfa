import { loadMeetings, type CorpusSplit } from './meetings';
import { loadQueries } from './queries';

describe('loadQueries', () => {
  it.each([
    ['train', 1095],
    ['val', 237],
  ] as const)('reads the %s questions, each about a meeting of the same split and answered by turns inside it', (split: CorpusSplit, count: number) => {
    const queries = loadQueries(split);
    expect(queries).toHaveLength(count);
    const turnsOf = new Map(loadMeetings(split).map((m) => [m.id, m.turns.length]));
    for (const query of queries) {
      const turns = turnsOf.get(query.meetingId);
      expect(turns).toBeDefined();
      expect(query.query.length).toBeGreaterThan(10);
      expect(query.spans.length).toBeGreaterThan(0);
      for (const [first, last] of query.spans) expect(first >= 0 && first <= last && last < (turns ?? 0)).toBe(true);
    }
  });

  it('names each question by its meeting and its place in that meeting', () => {
    const names = loadQueries('val').map((q) => `${q.meetingId}#${q.index}`);
    expect(new Set(names).size).toBe(names.length);
  });
});

import { planDemoConversations } from './demo-conversations.planner';

describe('demo conversation plan', () => {
  const now = new Date('2026-03-15T12:34:56.789Z');

  it('is deterministic: the same clock yields the same content', () => {
    expect(planDemoConversations(now)).toEqual(planDemoConversations(now));
  });

  it('dates every conversation in the past, within 90 days, with distinct millisecond timestamps', () => {
    const plan = planDemoConversations(now);
    const times = plan.map((c) => c.createdAt.getTime());
    expect(new Set(times).size).toBe(plan.length);
    for (const t of times) {
      expect(t).toBeLessThan(now.getTime());
      expect(now.getTime() - t).toBeLessThanOrEqual(90 * 86_400_000);
    }
    for (const c of plan) expect(c.updatedAt.getTime()).toBeGreaterThanOrEqual(c.createdAt.getTime());
  });

  it('never suggests and applies the same tag on one conversation (one row per conversation and tag)', () => {
    for (const c of planDemoConversations(now)) expect(new Set(c.tags.map((t) => t.tag)).size).toBe(c.tags.length);
  });

  it('writes no summary, digest or tag suggestion: what is processed is seeded pending, with its input, for the processor', () => {
    for (const c of planDemoConversations(now)) {
      expect(c).not.toHaveProperty('summary');
      expect(c).not.toHaveProperty('digest');
      expect(c.tags.every((t) => t.origin === 'user')).toBe(true);
      expect(c.process).toBe(c.status === 'pending');
      if (c.terminationReason !== null) expect(c.status).toBe('error');
      if (c.process) for (const s of c.sources) expect([s.content, s.input !== null || s.type === 'file']).toEqual([null, true]);
    }
  });

  it('adds at least 20 real meetings from the three corpora, attributed on their recording', () => {
    const corpus = planDemoConversations(now).filter((c) => c.key.startsWith('corpus:'));
    expect(corpus.length).toBeGreaterThanOrEqual(20);
    expect(new Set(corpus.map((c) => c.title.split(' ')[0]))).toEqual(new Set(['Product', 'Research', 'Committee']));
    for (const c of corpus) expect(c.sources[0]?.title).toContain('QMSum (Yale-LILY, MIT License)');
  });
});

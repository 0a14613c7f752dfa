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

  it('keeps the digest only on ready conversations and termination reasons only on errors', () => {
    for (const c of planDemoConversations(now)) {
      expect(c.digest === null).toBe(c.status !== 'ready');
      if (c.terminationReason !== null) expect(c.status).toBe('error');
    }
  });
});

import { EndpointSlots, SLOW_ATTEMPT_MS } from './endpoint-slots';

describe('EndpointSlots', () => {
  it('admits up to the healthy limit per endpoint, independently of other endpoints, and frees slots on release', () => {
    const slots = new EndpointSlots(2, 1);
    expect(slots.tryAcquire('whk_a')).toBe(true);
    expect(slots.tryAcquire('whk_a')).toBe(true);
    expect(slots.tryAcquire('whk_a')).toBe(false);
    expect(slots.tryAcquire('whk_b')).toBe(true);
    slots.release('whk_a', 10);
    expect(slots.tryAcquire('whk_a')).toBe(true);
  });

  it('holds an endpoint whose last attempt was slow to the slow limit until an attempt is fast again', () => {
    const slots = new EndpointSlots(3, 1);
    expect(slots.tryAcquire('whk_slow')).toBe(true);
    slots.release('whk_slow', SLOW_ATTEMPT_MS + 4_000);
    expect(slots.isSlow('whk_slow')).toBe(true);
    expect(slots.tryAcquire('whk_slow')).toBe(true);
    expect(slots.tryAcquire('whk_slow')).toBe(false);
    slots.release('whk_slow', 20);
    expect(slots.isSlow('whk_slow')).toBe(false);
    expect(slots.tryAcquire('whk_slow')).toBe(true);
    expect(slots.tryAcquire('whk_slow')).toBe(true);
  });
});

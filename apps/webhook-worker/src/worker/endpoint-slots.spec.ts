import { EndpointSlots, SLOW_ATTEMPT_MS } from './endpoint-slots';

describe('EndpointSlots', () => {
  let time = 0;
  const clock = () => time;
  beforeEach(() => (time = 0));

  it('admits up to the healthy limit per endpoint, independently of other endpoints, and frees slots on release', () => {
    const slots = new EndpointSlots(2, 1, clock);
    const first = slots.tryAcquire('whk_a');
    expect(first).not.toBeNull();
    expect(slots.tryAcquire('whk_a')).not.toBeNull();
    expect(slots.tryAcquire('whk_a')).toBeNull();
    expect(slots.tryAcquire('whk_b')).not.toBeNull();
    time += 10;
    slots.release('whk_a', first!);
    expect(slots.tryAcquire('whk_a')).not.toBeNull();
  });

  it('holds an endpoint whose last attempt was slow to the slow limit until an attempt is fast again', () => {
    const slots = new EndpointSlots(3, 1, clock);
    const slow = slots.tryAcquire('whk_slow')!;
    time += SLOW_ATTEMPT_MS + 4_000;
    slots.release('whk_slow', slow);
    expect(slots.isSlow('whk_slow')).toBe(true);
    const fast = slots.tryAcquire('whk_slow')!;
    expect(slots.tryAcquire('whk_slow')).toBeNull();
    time += 20;
    slots.release('whk_slow', fast);
    expect(slots.isSlow('whk_slow')).toBe(false);
    expect(slots.tryAcquire('whk_slow')).not.toBeNull();
    expect(slots.tryAcquire('whk_slow')).not.toBeNull();
  });

  it('treats an endpoint as slow as soon as one of its attempts has been in flight too long, before any attempt finishes', () => {
    const slots = new EndpointSlots(4, 1, clock);
    expect(slots.tryAcquire('whk_stuck')).not.toBeNull();
    expect(slots.tryAcquire('whk_stuck')).not.toBeNull();
    expect(slots.isSlow('whk_stuck')).toBe(false);
    time += SLOW_ATTEMPT_MS;
    expect(slots.isSlow('whk_stuck')).toBe(true);
    expect(slots.tryAcquire('whk_stuck')).toBeNull();
    expect(slots.tryAcquire('whk_healthy')).not.toBeNull();
  });
});

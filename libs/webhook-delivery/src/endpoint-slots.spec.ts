import { BUSY_HOLD_BACK_MS, EndpointSlots, SLOW_ATTEMPT_MS, SLOW_HOLD_BACK_MS, STALLED_ATTEMPT_MS } from './endpoint-slots';

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

  it('puts back a busy healthy endpoint\'s attempts for 25 ms, each following the last by its pace (attempt time over slots)', () => {
    const slots = new EndpointSlots(4, 1, clock);
    for (let i = 0; i < 4; i++) slots.tryAcquire('whk_busy');
    time += 2;
    expect(slots.holdBack('whk_busy')).toBe(BUSY_HOLD_BACK_MS);
    // 25 ms (the shortest attempt time assumed) over 4 slots: one every 6.25 ms.
    expect(slots.holdBack('whk_busy')).toBe(Math.ceil(BUSY_HOLD_BACK_MS + BUSY_HOLD_BACK_MS / 4));
    expect(slots.holdBack('whk_busy')).toBe(Math.ceil(BUSY_HOLD_BACK_MS + (2 * BUSY_HOLD_BACK_MS) / 4));
  });

  it('puts back longer the longer the oldest attempt in flight has run, up to the slow hold-back', () => {
    const slots = new EndpointSlots(2, 1, clock);
    slots.tryAcquire('whk_a');
    slots.tryAcquire('whk_a');
    time += 300;
    expect(slots.holdBack('whk_a')).toBe(600);
    time += SLOW_ATTEMPT_MS;
    expect(slots.holdBack('whk_a')).toBeGreaterThanOrEqual(SLOW_HOLD_BACK_MS);
  });

  it('spreads a dead endpoint\'s backlog over the time its slow slots need, so each attempt comes back about once', () => {
    const slots = new EndpointSlots(32, 8, clock);
    const first = slots.tryAcquire('whk_dead')!;
    time += 5_000;
    slots.release('whk_dead', first);
    for (let i = 0; i < 8; i++) slots.tryAcquire('whk_dead');
    const delays = Array.from({ length: 2_500 }, () => slots.holdBack('whk_dead'));
    expect(delays[0]).toBe(SLOW_HOLD_BACK_MS);
    // 5 s attempts over 8 slots: one every 625 ms, so the last of 2,500 comes back after about 26 minutes.
    expect(delays[1]! - delays[0]!).toBe(625);
    expect(delays[2_499]).toBe(SLOW_HOLD_BACK_MS + 2_499 * 625);
  });

  it('starts an endpoint\'s queue of put-backs afresh once it has run out or the endpoint is fast again', () => {
    const slots = new EndpointSlots(1, 1, clock);
    const slot = slots.tryAcquire('whk_a')!;
    slots.holdBack('whk_a');
    slots.holdBack('whk_a');
    time += 100;
    slots.release('whk_a', slot);
    slots.tryAcquire('whk_a');
    expect(slots.holdBack('whk_a')).toBe(BUSY_HOLD_BACK_MS);

    const dead = slots.tryAcquire('whk_dead')!;
    time += 5_000;
    slots.release('whk_dead', dead);
    const recovered = slots.tryAcquire('whk_dead')!;
    for (let i = 0; i < 100; i++) slots.holdBack('whk_dead');
    time += 10;
    slots.release('whk_dead', recovered);
    slots.tryAcquire('whk_dead');
    expect(slots.holdBack('whk_dead')).toBe(BUSY_HOLD_BACK_MS);
  });

  it('queues new attempts held back only for an endpoint that has its share in flight and has stalled', () => {
    const slots = new EndpointSlots(2, 1, clock);
    slots.tryAcquire('whk_a');
    time += STALLED_ATTEMPT_MS;
    expect(slots.stalledHoldBack('whk_a')).toBe(0); // a slot is free
    slots.tryAcquire('whk_a');
    expect(slots.stalledHoldBack('whk_a')).toBe(2 * STALLED_ATTEMPT_MS);
    slots.tryAcquire('whk_b');
    slots.tryAcquire('whk_b');
    time += STALLED_ATTEMPT_MS - 1;
    expect(slots.stalledHoldBack('whk_b')).toBe(0); // busy, but its attempts are young
  });
});

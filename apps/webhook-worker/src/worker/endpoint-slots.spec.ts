import { EndpointSlots } from './endpoint-slots';

describe('EndpointSlots', () => {
  it('admits up to the limit per endpoint, independently of other endpoints, and frees slots on release', () => {
    const slots = new EndpointSlots(2);
    expect(slots.tryAcquire('whk_slow')).toBe(true);
    expect(slots.tryAcquire('whk_slow')).toBe(true);
    expect(slots.tryAcquire('whk_slow')).toBe(false);
    expect(slots.tryAcquire('whk_fast')).toBe(true);
    slots.release('whk_slow');
    expect(slots.tryAcquire('whk_slow')).toBe(true);
    expect(slots.tryAcquire('whk_slow')).toBe(false);
  });
});

import { ClientCache } from './client-cache';

describe('ClientCache', () => {
  const metadata = (clientId: string) => ({ client_id: clientId, client_secret: 'digest' });

  it('answers with what was stored until its lifetime is over', () => {
    let now = 1_000;
    const cache = new ClientCache(60_000, 10, () => now);
    cache.set('ext_a', metadata('ext_a'));
    now += 59_999;
    expect(cache.get('ext_a')).toEqual(metadata('ext_a'));
    now += 1;
    expect(cache.get('ext_a')).toBeUndefined();
  });

  it('forgets an evicted client at once', () => {
    const cache = new ClientCache(60_000, 10);
    cache.set('ext_a', metadata('ext_a'));
    cache.evict('ext_a');
    expect(cache.get('ext_a')).toBeUndefined();
  });

  it('drops the entry written longest ago when full', () => {
    const cache = new ClientCache(60_000, 2);
    cache.set('ext_a', metadata('ext_a'));
    cache.set('ext_b', metadata('ext_b'));
    cache.set('ext_a', metadata('ext_a'));
    cache.set('ext_c', metadata('ext_c'));
    expect(cache.get('ext_b')).toBeUndefined();
    expect(cache.get('ext_a')).toEqual(metadata('ext_a'));
    expect(cache.get('ext_c')).toEqual(metadata('ext_c'));
  });
});

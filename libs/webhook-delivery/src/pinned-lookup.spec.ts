import type { LookupAddress } from 'node:dns';
import { BlockedTargetError, pinnedLookup, type ResolveAll } from './pinned-lookup';

/** A resolver that answers every name with `addresses`, as a hostile DNS server would. */
const answering = (...addresses: LookupAddress[]): ResolveAll => (_hostname, _options, callback) => callback(null, addresses);

function lookup(allowPrivate: boolean, resolve: ResolveAll): Promise<{ error: Error | null; address: string }> {
  return new Promise((done) => pinnedLookup(allowPrivate, resolve)('metadata.attacker.test', {}, (error, address) => done({ error, address: String(address) })));
}

describe('pinnedLookup: a name is vetted by every address it resolves to', () => {
  it.each([true, false])('refuses a name resolving to the cloud metadata service (allowPrivate %s)', async (allowPrivate) => {
    for (const address of [{ address: '169.254.169.254', family: 4 }, { address: 'fd00:ec2::254', family: 6 }, { address: 'fe80::1', family: 6 }]) {
      const { error } = await lookup(allowPrivate, answering({ address: '8.8.8.8', family: 4 }, address));
      expect(error).toBeInstanceOf(BlockedTargetError);
      expect(error?.message).toContain(address.address);
    }
  });

  it('lets the development switch reach loopback and private addresses, and production only global ones', async () => {
    expect(await lookup(true, answering({ address: '127.0.0.1', family: 4 }))).toEqual({ error: null, address: '127.0.0.1' });
    expect(await lookup(true, answering({ address: '10.0.0.7', family: 4 }))).toEqual({ error: null, address: '10.0.0.7' });
    expect((await lookup(false, answering({ address: '10.0.0.7', family: 4 }))).error).toBeInstanceOf(BlockedTargetError);
    expect(await lookup(false, answering({ address: '8.8.8.8', family: 4 }))).toEqual({ error: null, address: '8.8.8.8' });
  });
});

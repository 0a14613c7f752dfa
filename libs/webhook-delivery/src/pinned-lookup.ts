import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isGlobalAddress } from './target-address.filter';

/** Raised by the lookup when a target resolves to an address that is not globally reachable. */
export class BlockedTargetError extends Error {
  readonly code = 'EBLOCKEDTARGET';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to ${address}, which is not a globally reachable address`);
  }
}

/**
 * A `lookup` for node:http(s) that resolves the host itself and refuses it when any answer is not a global
 * address. The socket connects to the address this lookup returned, so there is no second resolution an
 * attacker's DNS could answer differently (no rebinding window). With `allowPrivate` every address passes
 * (development and tests, where receivers listen on 127.0.0.1).
 */
export function pinnedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true, order: 'verbatim' }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => !isGlobalAddress(a.address));
      if (refused) return callback(new BlockedTargetError(hostname, refused.address), '', 0);
      if (addresses.length === 0) {
        const empty = Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
        return callback(empty, '', 0);
      }
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

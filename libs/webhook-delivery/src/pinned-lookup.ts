import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isAllowedTarget } from './target-address.filter';

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

/** How the host is resolved: node's own lookup (getaddrinfo), or in a test one that answers what the test needs. */
export type ResolveAll = (hostname: string, options: { family?: number | 'IPv4' | 'IPv6' | undefined; hints?: number | undefined; all: true; order: 'verbatim' }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for node:http(s) that resolves the host itself and refuses it when any answer is not an allowed target
 * (isAllowedTarget: global, no cloud metadata service; with `allowPrivate`, loopback and private addresses too, for
 * development and tests, where receivers listen on 127.0.0.1). The socket connects to the address this lookup
 * returned, so there is no second resolution an attacker's DNS could answer differently (no rebinding window).
 */
export function pinnedLookup(allowPrivate: boolean, resolveAll: ResolveAll = dnsLookup as ResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, { family: options.family, hints: options.hints, all: true, order: 'verbatim' }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => !isAllowedTarget(a.address, allowPrivate));
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

import { BlockList, isIP } from 'node:net';

/**
 * IPv4 ranges that are not globally reachable (IANA special-purpose registry, RFC 6890 and successors): a webhook
 * must never reach the service's own network, the cloud metadata endpoint or anything else behind it.
 */
const NON_GLOBAL_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT shared space
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/**
 * IPv6: only global unicast 2000::/3 is reachable at all; this excludes everything else at once (unspecified,
 * loopback, IPv4-mapped and -compatible, NAT64, ULA fc00::/7, link-local, multicast). Inside 2000::/3 these are
 * not global or can tunnel to an arbitrary (private) IPv4 address.
 */
const NON_GLOBAL_V6_IN_2000: ReadonlyArray<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments, Teredo 2001::/32
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address
  ['3fff::', 20], // documentation (RFC 9637)
];

const blocked = new BlockList();
for (const [network, prefix] of NON_GLOBAL_V4) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_GLOBAL_V6_IN_2000) blocked.addSubnet(network, prefix, 'ipv6');
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

/** True when the address is globally reachable and may be a webhook target; false for anything else, malformed included. */
export function isGlobalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    // Zone ids (fe80::1%eth0) only exist on link-local addresses.
    if (address.includes('%')) return false;
    return globalUnicastV6.check(address, 'ipv6') && !blocked.check(address, 'ipv6');
  }
  return false;
}

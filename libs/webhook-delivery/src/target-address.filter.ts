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

/**
 * Cloud metadata services outside the link-local range, which no target may ever be, in any mode: AWS's IPv6
 * instance metadata (fd00:ec2::254), Google Cloud's IPv6 metadata server (fd20:ce::254), Alibaba Cloud's
 * (100.100.100.200) and Azure's WireServer (168.63.129.16, a global address). The link-local ranges, where the others
 * live (169.254.169.254, fe80::/10), are refused in every mode as a whole.
 */
const METADATA_ADDRESSES = new BlockList();
for (const address of ['100.100.100.200', '168.63.129.16']) METADATA_ADDRESSES.addAddress(address, 'ipv4');
for (const address of ['fd00:ec2::254', 'fd20:ce::254']) METADATA_ADDRESSES.addAddress(address, 'ipv6');

/**
 * What the development switches (WEBHOOK_ALLOW_PRIVATE_TARGETS, CLIENT_METADATA_ALLOW_PRIVATE_TARGETS) add to the
 * global addresses: loopback and the private ranges, where a developer's receiver listens. Not link-local, CGNAT,
  * any other range (an IPv4-mapped address counts as its IPv4 address): a development stack on a cloud VM, the common case, must not hand the VM's
 * credentials (169.254.169.254) to whoever can set a target.
 */
const LOOPBACK_AND_PRIVATE = new BlockList();
for (const [network, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) LOOPBACK_AND_PRIVATE.addSubnet(network, prefix, 'ipv4');
LOOPBACK_AND_PRIVATE.addAddress('::1', 'ipv6');
LOOPBACK_AND_PRIVATE.addSubnet('fc00::', 7, 'ipv6');

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

/**
 * Whether a server-side fetch (a webhook delivery, a client metadata document) may connect to `address`: a global
 * address that is no cloud metadata service; with `allowPrivate` (development and tests only, refused in
 * production), loopback and private addresses too.
 */
export function isAllowedTarget(address: string, allowPrivate: boolean): boolean {
  const family = isIP(address);
  if (family === 0 || METADATA_ADDRESSES.check(address, family === 4 ? 'ipv4' : 'ipv6')) return false;
  if (isGlobalAddress(address)) return true;
  return allowPrivate && !address.includes('%') && LOOPBACK_AND_PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

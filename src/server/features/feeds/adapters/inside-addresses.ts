import net from 'node:net';

/**
 * Addresses a feed must never reach (decision 038): this network, loopback, private, shared (carrier NAT),
 * link-local (where cloud metadata services answer, 169.254.169.254), documentation, benchmarking, multicast
 * and reserved ranges, and the same ranges inside IPv6 (IPv4-mapped and NAT64 addresses are checked by the
 * IPv4 address they carry).
 */
const IPV4_INSIDE: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const IPV6_INSIDE: readonly [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];
/** NAT64's well-known prefix: 64:ff9b::a.b.c.d reaches a.b.c.d. */
const NAT64_PREFIX = '64:ff9b::';

const INSIDE = new net.BlockList();
for (const [address, prefix] of IPV4_INSIDE) {
  // An IPv4 range also covers its IPv4-mapped IPv6 form (::ffff:a.b.c.d) in Node's BlockList.
  INSIDE.addSubnet(address, prefix, 'ipv4');
  INSIDE.addSubnet(`${NAT64_PREFIX}${address}`, 96 + prefix, 'ipv6');
}
for (const [address, prefix] of IPV6_INSIDE) INSIDE.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, without brackets) is inside the network rather than on the internet. */
export function isInsideAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) throw new Error(`${address} is not an IP address`);
  return INSIDE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as the resolver and the allow list know it: lower case, an IPv6 address without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

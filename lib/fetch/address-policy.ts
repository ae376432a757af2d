import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Decides whether an IP address is one the fetcher may connect to. Only canonical addresses come
 * here (a WHATWG URL host or a resolver answer); anything `net.isIP` does not accept is refused,
 * because ipaddr.js alone also parses octal and hex forms that mean something else to a socket.
 *
 * The rule is an allow list, not a deny list: IPv4 outside the special-purpose registry and IPv6
 * inside 2000::/3 minus its special blocks. `range() === 'unicast'` is not enough: it calls
 * `::7f00:1` and `100::1` unicast.
 */

export type AddressVerdict = { public: true } | { public: false; reason: string };

type Block = [ipaddr.IPv4 | ipaddr.IPv6, number, string];

function blocks(list: Array<[string, string]>): Block[] {
  return list.map(([cidr, reason]) => {
    const [address, bits] = ipaddr.parseCIDR(cidr);
    return [address, bits, reason];
  });
}

// IANA IPv4 special-purpose registry, refused whole even where an entry is marked globally
// reachable (192.0.0.9, AS112, AMT): no web page lives there.
const ipv4Blocks = blocks([
  // "This network": on Linux a connect to 0.0.0.0 reaches local listeners.
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.169.254/32', 'cloud metadata'],
  ['169.254.170.2/32', 'cloud metadata (ECS task endpoint)'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.31.196.0/24', 'AS112'],
  ['192.52.193.0/24', 'AMT'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'AS112'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
  // Azure's wire server answers metadata-style requests from inside the cloud on a public address.
  ['168.63.129.16/32', 'cloud metadata (Azure wire server)'],
]);

const globalUnicast = ipaddr.parseCIDR('2000::/3');
const nat64 = ipaddr.parseCIDR('64:ff9b::/96');
const nat64LocalUse = ipaddr.parseCIDR('64:ff9b:1::/48');
const sixToFour = ipaddr.parseCIDR('2002::/16');
const ipv4Compatible = ipaddr.parseCIDR('::/96');
const awsMetadataV6 = ipaddr.parseCIDR('fd00:ec2::254/128');

const ipv6Blocks = blocks([
  ['2001::/32', 'Teredo'],
  ['2001:db8::/32', 'documentation'],
  // IETF protocol assignments (benchmarking, ORCHID, AMT, AS112...): refused whole, conservatively.
  ['2001::/23', 'IETF protocol assignments'],
  ['3fff::/20', 'documentation'],
  ['2620:4f:8000::/48', 'AS112'],
]);

function firstMatch(address: ipaddr.IPv4 | ipaddr.IPv6, list: Block[]): string | null {
  for (const [network, bits, reason] of list) {
    if (address.kind() === network.kind() && address.match(network, bits)) return reason;
  }
  return null;
}

function ipv4FromBytes(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes);
}

function judgeIPv4(address: ipaddr.IPv4): AddressVerdict {
  const reason = firstMatch(address, ipv4Blocks);
  return reason === null ? { public: true } : { public: false, reason };
}

function judgeEmbedded(candidates: ipaddr.IPv4[], form: string): AddressVerdict {
  for (const embedded of candidates) {
    const verdict = judgeIPv4(embedded);
    if (!verdict.public)
      return { public: false, reason: `${form} of ${embedded.toString()} (${verdict.reason})` };
  }
  return { public: true };
}

function judgeIPv6(address: ipaddr.IPv6): AddressVerdict {
  const bytes = address.toByteArray();
  if (address.isIPv4MappedAddress()) return judgeEmbedded([address.toIPv4Address()], 'IPv4-mapped form');
  if (address.match(nat64)) {
    return judgeEmbedded([ipv4FromBytes(bytes.slice(12))], 'NAT64 form');
  }
  if (address.match(nat64LocalUse)) {
    // Local-use NAT64 may embed the IPv4 after a /48 (skipping the reserved u-octet) or a /96
    // prefix; the address is public only when both readings are.
    const afterPrefix48 = [bytes[6], bytes[7], bytes[9], bytes[10]];
    return judgeEmbedded([ipv4FromBytes(bytes.slice(12)), ipv4FromBytes(afterPrefix48)], 'NAT64 form');
  }
  if (address.match(sixToFour)) {
    return judgeEmbedded([ipv4FromBytes(bytes.slice(2, 6))], '6to4 form');
  }
  if (!address.match(globalUnicast)) return { public: false, reason: ipv6OutsideGlobalReason(address) };
  const reason = firstMatch(address, ipv6Blocks);
  return reason === null ? { public: true } : { public: false, reason };
}

function ipv6OutsideGlobalReason(address: ipaddr.IPv6): string {
  const range = address.range();
  if (address.match(awsMetadataV6)) return 'cloud metadata';
  if (address.match(ipv4Compatible)) {
    return range === 'unspecified' || range === 'loopback' ? range : 'IPv4-compatible form';
  }
  return rangeNames[range] ?? 'outside global unicast 2000::/3';
}

const rangeNames: Partial<Record<string, string>> = {
  linkLocal: 'link-local',
  uniqueLocal: 'unique local (private)',
  multicast: 'multicast',
  discard: 'discard-only',
  deprecatedSiteLocal: 'site-local',
  rfc6145: 'IPv4-translated form',
  segmentRouting: 'segment routing',
};

/** Whether `address` (a canonical IPv4 or IPv6 literal, no brackets) may be connected to. */
export function checkAddress(address: string): AddressVerdict {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 0) return { public: false, reason: 'not an IP address' };
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === 'ipv4' ? judgeIPv4(parsed as ipaddr.IPv4) : judgeIPv6(parsed as ipaddr.IPv6);
}

export function isPublicAddress(address: string): boolean {
  return checkAddress(address).public;
}

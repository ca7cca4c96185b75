import { isIP } from 'node:net';

/**
 * Which TRUST_PROXY entries name a real proxy network: one rule for the API and the web server,
 * which each take their own TRUST_PROXY. Pure (no I/O, no config).
 *
 * Trusting a range means believing X-Forwarded-For from every address in it, so a range that holds
 * clients lets them choose their own address (and escape per-address rate limits). The widest
 * accepted blocks:
 * - IPv4 /8: 10.0.0.0/8 is the largest private network there is; anything wider spans networks
 *   of several organisations (0.0.0.0/0 is the whole Internet).
 * - IPv6 /32: the smallest allocation a registry gives a whole provider; one site's network is a
 *   /48 (a unique-local fdXX:XXXX:XXXX::/48 included), so fd00::/8 or ::/0 is never "our proxies".
 * - An IPv6 range that holds IPv4-mapped addresses (::ffff:0:0/96) is judged as the IPv4 range it
 *   covers: Node reports IPv4 clients as ::ffff:a.b.c.d on dual-stack sockets and the proxy check
 *   matches them against IPv6 ranges, so ::/64 would trust every IPv4 client.
 */
export const WIDEST_IPV4_PREFIX = 8;
export const WIDEST_IPV6_PREFIX = 32;

const IPV4_MAPPED = 0xffffn << 32n; // ::ffff:0:0/96

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** An IPv6 address as a 128-bit number (`::`, an embedded dotted IPv4 tail and zone ids handled). */
export function ipv6ToBigInt(address: string): bigint {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4ToBigInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].reduce((acc, group) => (acc << 16n) | BigInt(`0x${group}`), 0n);
}

/** An address or CIDR block as TRUST_PROXY takes it (and Fastify's proxy-addr understands it). */
export function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** The IPv4 prefix an IPv6 block covers through IPv4-mapped addresses, or null when it covers none. */
function mappedIpv4Prefix(address: string, prefix: number): number | null {
  if (prefix <= 96) {
    const shift = BigInt(128 - prefix);
    return ipv6ToBigInt(address) >> shift === IPV4_MAPPED >> shift ? 0 : null;
  }
  return ipv6ToBigInt(address) >> 32n === IPV4_MAPPED >> 32n ? prefix - 96 : null;
}

/**
 * Why a TRUST_PROXY entry is refused, or null when it names a proxy (an address) or a proxy network
 * (a block no wider than WIDEST_IPV4_PREFIX / WIDEST_IPV6_PREFIX).
 */
export function trustedProxyProblem(entry: string): string | null {
  if (!isAddressOrCidr(entry)) return `"${entry}" is not an IP address or CIDR block`;
  const [address = '', given] = entry.split('/');
  const v4 = isIP(address) === 4;
  const prefix = given === undefined ? (v4 ? 32 : 128) : Number(given);
  const tooWide = (bits: number, widest: number, family: string) =>
    `"${entry}" is wider than any proxy network (${family} blocks may be /${widest} at the widest): ` +
    `it would let the clients in it choose their own address${bits === 0 ? ' (it is every address)' : ''}`;
  if (v4) return prefix < WIDEST_IPV4_PREFIX ? tooWide(prefix, WIDEST_IPV4_PREFIX, 'IPv4') : null;
  if (prefix < WIDEST_IPV6_PREFIX) return tooWide(prefix, WIDEST_IPV6_PREFIX, 'IPv6');
  const mapped = mappedIpv4Prefix(address, prefix);
  if (mapped !== null && mapped < WIDEST_IPV4_PREFIX) {
    return (
      `"${entry}" holds the IPv4-mapped addresses of ${mapped === 0 ? 'every IPv4 client' : `an IPv4 /${mapped}`}, ` +
      `wider than any proxy network (IPv4 blocks may be /${WIDEST_IPV4_PREFIX} at the widest)`
    );
  }
  return null;
}

/** Every problem of a TRUST_PROXY list, one sentence per entry refused (empty: the list is fine). */
export function trustedProxiesProblems(entries: readonly string[]): string[] {
  return entries.map(trustedProxyProblem).filter((p): p is string => p !== null);
}

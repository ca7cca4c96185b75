import { BlockList, isIP } from 'node:net';

/** The proxies in front of this server (a CDN, a load balancer) whose X-Forwarded-For is believed. */
export interface TrustedProxies {
  /** Addresses and CIDR blocks of those proxies. */
  addresses: string[];
  /** How many of them a request passes through before reaching this server. */
  hops: number;
}

const unmapped = (address: string) =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

/**
 * The widest blocks TRUST_PROXY accepts. Trusting a block believes X-Forwarded-For from every
 * address in it, so a block that also holds clients lets them choose their own address.
 * - IPv4 /8: 10.0.0.0/8 is the largest private network; anything wider (0.0.0.0/0 is the whole
 *   Internet) spans several organisations' networks.
 * - IPv6 /32: a whole provider's allocation; one site's network is a /48, so ::/0 or fd00::/8 is
 *   never "our proxies".
 * The same limits as the API's own TRUST_PROXY.
 */
export const WIDEST_IPV4_PREFIX = 8;
export const WIDEST_IPV6_PREFIX = 32;

const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * The IPv4 prefix an IPv6 block covers through IPv4-mapped addresses (::ffff:a.b.c.d), or null.
 * Node matches IPv4 clients against IPv6 blocks that way, so ::/64 would trust every IPv4 client.
 * Aligned blocks nest or are disjoint: a block of /96 or wider holds all of ::ffff:0:0/96 or none.
 */
function mappedIpv4Prefix(address: string, prefix: number): number | null {
  if (prefix <= 96) {
    const block = new BlockList();
    block.addSubnet(address, prefix, 'ipv6');
    return block.check('::ffff:0.0.0.0', 'ipv6') ? 0 : null;
  }
  return IPV4_MAPPED.check(address, 'ipv6') ? prefix - 96 : null;
}

/** Why one TRUST_PROXY entry is refused, in one sentence, or null when it names a proxy or a proxy network. */
export function trustedProxyProblem(entry: string): string | null {
  const [address = '', given, extra] = entry.split('/');
  const family = isIP(address);
  const prefixOk = given === undefined || (/^\d{1,3}$/.test(given) && Number(given) <= (family === 4 ? 32 : 128));
  if (!family || extra !== undefined || !prefixOk) {
    return `TRUST_PROXY must list addresses or CIDR blocks of the proxies in front (got "${entry}")`;
  }
  const prefix = given === undefined ? (family === 4 ? 32 : 128) : Number(given);
  const tooWide = (what: string, widest: number, kind: string) =>
    `TRUST_PROXY "${entry}" is refused: it covers ${what}, wider than any proxy network ` +
    `(${kind} blocks may be /${widest} at the widest), and would let every client in it choose its own address`;
  if (family === 4) {
    if (prefix >= WIDEST_IPV4_PREFIX) return null;
    return tooWide(prefix === 0 ? 'every IPv4 address' : `an IPv4 /${prefix}`, WIDEST_IPV4_PREFIX, 'IPv4');
  }
  if (prefix < WIDEST_IPV6_PREFIX) {
    return tooWide(prefix === 0 ? 'every IPv6 address' : `an IPv6 /${prefix}`, WIDEST_IPV6_PREFIX, 'IPv6');
  }
  const mapped = mappedIpv4Prefix(address, prefix);
  if (mapped !== null && mapped < WIDEST_IPV4_PREFIX) {
    return tooWide(
      mapped === 0 ? 'every IPv4 client (as IPv4-mapped addresses)' : `an IPv4 /${mapped} (as IPv4-mapped addresses)`,
      WIDEST_IPV4_PREFIX,
      'IPv4',
    );
  }
  return null;
}

/**
 * Reads TRUST_PROXY (comma list of addresses/CIDRs) and TRUST_PROXY_HOPS (default 1). Without
 * TRUST_PROXY nothing is trusted: the client is the socket's peer. Throws (one sentence) on
 * anything but addresses and proxy-sized blocks, so `TRUST_PROXY=1` (trust everyone) or
 * `0.0.0.0/0` cannot slip through.
 */
export function parseTrustedProxies(list: string | undefined, hops: string | undefined): TrustedProxies | null {
  const addresses = (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (addresses.length === 0) return null;
  for (const entry of addresses) {
    const problem = trustedProxyProblem(entry);
    if (problem) throw new Error(problem);
  }
  const count = hops === undefined || hops.trim() === '' ? 1 : Number(hops);
  if (!Number.isInteger(count) || count < 1 || count > 10) {
    throw new Error(`TRUST_PROXY_HOPS must be an integer from 1 to 10 (got "${hops}")`);
  }
  return { addresses, hops: count };
}

/**
 * Fastify's trustProxy as a function: hop 0 is the socket's peer, hop 1 the last address it
 * forwarded, and so on. An address is trusted only if it is one of the named proxies and within
 * the hop count, so the client's own X-Forwarded-For entries are never believed.
 */
export function trustFunction(trusted: TrustedProxies | null): (address: string, hop: number) => boolean {
  if (!trusted) return () => false;
  const list = new BlockList();
  for (const entry of trusted.addresses) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address, hop) => {
    if (hop >= trusted.hops) return false;
    const plain = unmapped(address);
    const type = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    return isIP(plain) !== 0 && list.check(plain, type);
  };
}

/**
 * The forwarding headers sent to the API: the client's address as this server determined it
 * (request.ip), replacing whatever the client sent, so the API behind sees one trustworthy entry.
 */
export function forwardedHeaders(
  headers: Record<string, string | string[] | undefined>,
  client: { ip: string; protocol: string },
): Record<string, string | string[] | undefined> {
  // X-Forwarded-Host and -Port too: Fastify believes them from a trusted proxy, and this server
  // is the API's one trusted proxy, so a client's own would be taken as this server's word.
  const {
    forwarded: _f,
    'x-real-ip': _r,
    'x-forwarded-for': _x,
    'x-forwarded-proto': _p,
    'x-forwarded-host': _h,
    'x-forwarded-port': _o,
    ...rest
  } = headers;
  return { ...rest, 'x-forwarded-for': unmapped(client.ip), 'x-forwarded-proto': client.protocol };
}

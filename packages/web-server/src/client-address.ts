import { BlockList, isIP } from 'node:net';
import { isAddressOrCidr, trustedProxyProblem } from '@kloof/proxy-trust';

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
    if (!isAddressOrCidr(entry)) {
      throw new Error(`TRUST_PROXY must list addresses or CIDR blocks of the proxies in front (got "${entry}")`);
    }
    // The same rule as the API's TRUST_PROXY (one package): a block that holds clients is refused.
    const problem = trustedProxyProblem(entry);
    if (problem) throw new Error(`TRUST_PROXY ${problem}`);
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
  // A plain loop: it runs on every proxied request (a rest spread of the headers was 2.5% of the
  // proxy's CPU in the profile).
  const out: Record<string, string | string[] | undefined> = {};
  for (const name in headers) if (!CLIENT_FORWARDING.has(name)) out[name] = headers[name];
  out['x-forwarded-for'] = unmapped(client.ip);
  out['x-forwarded-proto'] = client.protocol;
  return out;
}

/** What a client may claim about where it came from: never passed on, this server says it. */
const CLIENT_FORWARDING = new Set([
  'forwarded',
  'x-real-ip',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
]);

import { isIP } from 'node:net';

/**
 * The line an anonymous client waits in: an IPv4 address as it is (an office behind one address
 * is one client), an IPv6 address as its /64 (one subscriber's whole allocation), so a host that
 * walks its /64 gets one line, not 2^64 of them.
 */
export function addressLine(ip: string): string {
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail = ''] = plain.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

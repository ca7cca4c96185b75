import { ipv6ToBigInt, trustedProxyProblem } from './index';

describe('TRUST_PROXY: only real proxy networks', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.0/8',
    '172.16.0.0/12',
    '192.168.1.0/24',
    '::1',
    '2001:db8::/32',
    'fd12:3456:789a::/48',
    '::ffff:10.0.0.0/104', // IPv4-mapped 10.0.0.0/8
    '::ffff:127.0.0.1',
  ])('accepts %s', (entry) => {
    expect(trustedProxyProblem(entry)).toBeNull();
  });

  it.each([
    ['0.0.0.0/0', /every address/],
    ['0.0.0.0/1', /IPv4 blocks may be \/8/],
    ['8.0.0.0/7', /IPv4 blocks may be \/8/],
    ['::/0', /every address/],
    ['fd00::/8', /IPv6 blocks may be \/32/],
    ['2000::/3', /IPv6 blocks may be \/32/],
    // Node reports IPv4 clients as ::ffff:a.b.c.d: these trust every (or half of every) IPv4 client.
    ['::/64', /every IPv4 client/],
    ['::ffff:0:0/96', /every IPv4 client/],
    ['::ffff:0.0.0.0/97', /an IPv4 \/1/],
  ])('refuses %s, saying why', (entry, why) => {
    expect(trustedProxyProblem(entry)).toMatch(why);
  });

  it('refuses what is not an address', () => {
    expect(trustedProxyProblem('*')).toMatch(/not an IP address or CIDR block/);
    expect(trustedProxyProblem('loopback')).toMatch(/not an IP address or CIDR block/);
  });

  it('reads IPv6 addresses in every notation', () => {
    expect(ipv6ToBigInt('::')).toBe(0n);
    expect(ipv6ToBigInt('::1')).toBe(1n);
    expect(ipv6ToBigInt('::ffff:1.2.3.4')).toBe((0xffffn << 32n) | 0x01020304n);
    expect(ipv6ToBigInt('2001:db8::8:1')).toBe((0x20010db8n << 96n) | (8n << 16n) | 1n);
    expect(ipv6ToBigInt('fe80::1%eth0')).toBe((0xfe80n << 112n) | 1n);
  });
});

import { addressLine } from './address-line';

describe('the line an anonymous client waits in for a password check', () => {
  it('is an IPv4 address itself, also written as IPv6-mapped', () => {
    expect(addressLine('203.0.113.7')).toBe('203.0.113.7');
    expect(addressLine('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressLine('203.0.113.8')).not.toBe(addressLine('203.0.113.7'));
  });

  it('is one line for every address of an IPv6 /64, however it is written', () => {
    const lines = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0:0:0:9',
      '2001:db8:1:2::1%eth0',
    ].map(addressLine);
    expect(new Set(lines)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('tells apart neighbouring /64s and short forms', () => {
    expect(addressLine('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressLine('::1')).toBe('0:0:0:0::/64');
    expect(addressLine('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});

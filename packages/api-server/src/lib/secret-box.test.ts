import { createSecretBox, isSealed } from './secret-box';

const box = createSecretBox('k'.repeat(40), 'totp-secret');

describe('secret box (AES-256-GCM)', () => {
  it('seals to a versioned value that opens again, with a new nonce each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    const b = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value moved to another owner, altered, or sealed with another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow();
    const [v, iv, body, tag] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([v, iv, flipped.toString('base64url'), tag].join(':'), 'user-1')).toThrow();
    expect(() => createSecretBox('o'.repeat(40), 'totp-secret').open(sealed, 'user-1')).toThrow();
    expect(() => box.open('JBSWY3DPEHPK3PXP', 'user-1')).toThrow('not a sealed value');
  });

  it('has a fingerprint that tells keys apart without showing them', () => {
    expect(box.fingerprint).toBe(createSecretBox('k'.repeat(40), 'totp-secret').fingerprint);
    expect(box.fingerprint).not.toBe(createSecretBox('o'.repeat(40), 'totp-secret').fingerprint);
    expect(box.fingerprint).not.toContain('kkkk');
  });
});

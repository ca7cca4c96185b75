import { describe, expect, it } from '@jest/globals';
import { passkeysWorkOn } from './passkey-browser';

describe('where passkeys can work', () => {
  it('on a domain name, localhost included', () => {
    for (const host of ['localhost', 'kloof.example', 'www.kloof.co.za']) expect(passkeysWorkOn(host)).toBe(true);
  });

  it('never on an IP address, where every WebAuthn ceremony fails', () => {
    for (const host of ['127.0.0.1', '192.168.1.20', '[::1]', '::1', '[2001:db8::1]'])
      expect(passkeysWorkOn(host)).toBe(false);
  });
});

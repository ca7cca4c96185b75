import { describe, expect, it } from '@jest/globals';
import { paths } from './route-table';
import { readsAuthState } from './reads-auth-state';

describe('readsAuthState: which pages need the signed-in/signed-out decision', () => {
  it('the marketing pages, job pages included, do not', () => {
    for (const path of ['/', '/services', '/pricing', '/careers', '/careers/junior-digital-assistant', '/contact']) {
      expect(readsAuthState(path)).toBe(false);
    }
  });

  it('nor do the host pages that are the same for everyone (not found, access denied)', () => {
    expect(readsAuthState('/no-such-page')).toBe(false);
    expect(readsAuthState(paths.unauthorized)).toBe(false);
  });

  it('guest-only, signed-in and account pages do', () => {
    for (const path of [paths.login, paths.register, paths.dashboard, paths.logout]) {
      expect(readsAuthState(path)).toBe(true);
    }
  });
});

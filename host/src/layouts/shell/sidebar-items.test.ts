import { describe, expect, it } from '@jest/globals';
import type { AuthSession } from '@kloof/auth';
import { avatarLetter } from './avatar-letter';
import { clientItems, isActive, managementItems } from './sidebar-items';
import { aUser } from '@kloof/api-client/testing';

describe('avatarLetter', () => {
  it('is the upper-case first letter of the username', () => {
    expect(avatarLetter('naledi')).toBe('N');
    expect(avatarLetter('  zoe')).toBe('Z');
  });
  it("is 'U' without a username", () => {
    expect(avatarLetter(undefined)).toBe('U');
    expect(avatarLetter(null)).toBe('U');
    expect(avatarLetter('')).toBe('U');
    expect(avatarLetter('   ')).toBe('U');
  });
});

describe('sidebar items', () => {
  it('are Dashboard, Workspaces, Projects and Settings, in order', () => {
    expect(clientItems.map(({ link, label }) => [label, link])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Workspaces', '/workspaces'],
      ['Projects', '/projects'],
      ['Settings', '/user/profile'],
    ]);
  });

  it('are highlighted when the path starts with their link', () => {
    const item = (link: string) => ({ link });
    expect(isActive('/dashboard', item('/dashboard'))).toBe(true);
    expect(isActive('/projects/123', item('/projects'))).toBe(true);
    expect(isActive('/user/profile', item('/user/profile'))).toBe(true);
    expect(isActive('/user/settings', item('/user/profile'))).toBe(false);
    expect(isActive('/workspaces', item('/dashboard'))).toBe(false);
    expect(isActive('/', item('/dashboard'))).toBe(false);
    // The Settings item opens the profile: highlighted there, and not on /user/settings.
    const settings = clientItems.find((entry) => entry.label === 'Settings')!;
    expect(isActive('/user/profile', settings)).toBe(true);
    expect(isActive('/user/settings', settings)).toBe(false);
  });

  it('offer management links only to those the route guards let in (the same check as the guards)', () => {
    const session = (roles: string[], patch: Partial<AuthSession> = {}): AuthSession => ({
      accessToken: 'a'.repeat(20),
      refreshToken: 'r'.repeat(20),
      user: aUser({ id: '1', email: 'a@b.co', username: 'ann', roles, verified: true }),
      state: 'SIGNED_IN',
      isCheckingAuth: false,
      landing: null,
      unconfirmed: false,
      ...patch,
    });
    const links = (roles: string[], system: boolean | null = false, patch: Partial<AuthSession> = {}) =>
      managementItems(session(roles, patch), system).map((item) => item.link);
    expect(links([])).toEqual([]);
    expect(links(['Admin'])).toEqual(['/manage', '/admin', '/manage/releases']);
    expect(links(['SuperAdmin'])).toEqual(['/manage', '/super', '/manage/releases']);
    expect(links(['Admin', 'SuperAdmin'])).toEqual(['/manage', '/admin', '/super', '/manage/releases']);
    // The releases console is a system user's too, without a role.
    expect(links([], true)).toEqual(['/system', '/manage/releases']);
    // While the system-users answer is still coming: no System link yet.
    expect(links([], null)).toEqual([]);
    // The role guards require a verified account, so do their links (the system guard does not).
    expect(
      links(['Admin'], true, {
        user: aUser({ id: '1', email: 'a@b.co', username: 'ann', roles: ['Admin'], verified: false }),
      }),
    ).toEqual(['/system', '/manage/releases']);
    expect(links(['Admin'], true, { state: 'SIGNED_OUT', user: null })).toEqual([]);
  });
});

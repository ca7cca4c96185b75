import { describe, expect, it } from '@jest/globals';
import { SIGNED_OUT_SESSION, type AuthSession } from '@kloof/auth';
import { mayOpen, mayPreload } from './may-open';
import type { GuardSpec } from './route-types';
import { aUser } from '@kloof/api-client/testing';

const user = aUser({ id: '1', email: 'a@b.co', username: 'ann', roles: [] as string[], verified: true });
const signedIn = (patch: Partial<typeof user> = {}): AuthSession => ({
  accessToken: 'a'.repeat(20),
  refreshToken: 'r'.repeat(20),
  user: { ...user, ...patch },
  state: 'SIGNED_IN',
  isCheckingAuth: false,
  landing: null,
  unconfirmed: false,
});
const visitor: AuthSession = SIGNED_OUT_SESSION;

describe('preloading a page on link intent', () => {
  it('preloads public pages for everyone', () => {
    expect(mayPreload({ kind: 'public' }, visitor)).toBe(true);
    expect(mayPreload({ kind: 'public' }, signedIn())).toBe(true);
  });

  it('preloads sign-in pages only for visitors', () => {
    expect(mayPreload({ kind: 'guest' }, visitor)).toBe(true);
    expect(mayPreload({ kind: 'guest' }, signedIn())).toBe(false);
  });

  it('takes an unchecked session that holds no token for a visitor (the marketing site runs no check)', () => {
    const unchecked: AuthSession = { ...visitor, state: 'UNKNOWN' };
    expect(mayPreload({ kind: 'guest' }, unchecked)).toBe(true);
    // Holding a token, the check decides: nothing is preloaded on a guess.
    expect(mayPreload({ kind: 'guest' }, { ...unchecked, refreshToken: 'r'.repeat(20) })).toBe(false);
  });

  it('never preloads a gated page the session may not open', () => {
    const admins: GuardSpec = { kind: 'authenticated', verified: true, roles: ['Admin', 'SuperAdmin'] };
    expect(mayPreload(admins, visitor)).toBe(false);
    expect(mayPreload(admins, signedIn())).toBe(false);
    expect(mayPreload(admins, signedIn({ roles: ['Admin'] }))).toBe(true);
    expect(mayPreload({ kind: 'authenticated', verified: true }, signedIn({ verified: false }))).toBe(false);
    expect(mayPreload({ kind: 'system' }, signedIn({ roles: ['SuperAdmin'] }))).toBe(false);
  });
});

describe('who may open a route (one rule for guards, preloading and the sidebar)', () => {
  it('lets a system user open /system only once the shared answer says so', () => {
    expect(mayOpen({ kind: 'system' }, signedIn(), true)).toBe(true);
    expect(mayOpen({ kind: 'system' }, signedIn(), false)).toBe(false);
    expect(mayOpen({ kind: 'system' }, signedIn(), null)).toBe(false);
    expect(mayOpen({ kind: 'system' }, visitor, true)).toBe(false);
  });
});

import { describe, expect, it } from '@jest/globals';
import { SIGNED_OUT_SESSION, type AuthSession } from '@kloof/auth';
import { pageRoutes } from './route-table';
import { pagesToWarm } from './warm-pages';
import { aUser } from '@kloof/api-client/testing';

const visitor: AuthSession = SIGNED_OUT_SESSION;
const client: AuthSession = {
  ...visitor,
  accessToken: 'a'.repeat(20),
  refreshToken: 'r'.repeat(20),
  user: aUser({ id: '1', email: 'a@b.co', username: 'ann', roles: [], verified: true }),
  state: 'SIGNED_IN',
};

describe('pages made ready for offline after the first visit', () => {
  it('are every public page and, for a visitor, the sign-in pages (each module once)', () => {
    const ids = pagesToWarm(pageRoutes, visitor);
    expect(ids).toEqual(expect.arrayContaining(['marketing/Home', 'marketing/Pricing', 'auth/Login', 'auth/Register']));
    expect(ids.filter((id) => id === 'auth/ResetPassword')).toHaveLength(1);
    expect(ids.some((id) => id.startsWith('clientArea/') || id.startsWith('admin/'))).toBe(false);
  });

  it('leave the sign-in pages out for a signed-in user, whom they would send away', () => {
    const ids = pagesToWarm(pageRoutes, client);
    expect(ids).toContain('marketing/Pricing');
    expect(ids).not.toContain('auth/Login');
  });
});

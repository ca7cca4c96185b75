import { describe, expect, it } from '@jest/globals';
import { SIGNED_OUT_SESSION, type AuthSession } from '@kloof/auth';
import { aUser } from '@kloof/api-client/testing';
import { pagesToPrefetch } from './idle-prefetch';
import { clientItems, managementItems } from './sidebar-items';

const signedIn = (roles: string[], verified = true): AuthSession => ({
  ...SIGNED_OUT_SESSION,
  state: 'SIGNED_IN',
  accessToken: 'a'.repeat(40),
  refreshToken: 'r'.repeat(40),
  user: aUser({ roles, verified }),
});

describe('pages prefetched while the shell is idle', () => {
  it("are the sidebar's pages, the admin remote's for an Admin", () => {
    const session = signedIn(['Admin']);
    expect(pagesToPrefetch([...clientItems, ...managementItems(session, false)], session)).toEqual([
      'clientArea/Dashboard',
      'clientArea/Workspaces',
      'clientArea/Projects',
      'clientArea/Profile',
      'admin/ManageIndex',
      'admin/AdminHome',
      'admin/ManageReleases',
    ]);
  });

  it('never a page whose guard would refuse this session (a remote it may not see is not fetched)', () => {
    const client = signedIn([]);
    const everything = [...clientItems, { link: '/manage', label: 'Manage', icon: clientItems[0]!.icon }];
    expect(pagesToPrefetch(everything, client)).not.toContain('admin/ManageIndex');
    expect(pagesToPrefetch(clientItems, signedIn([], false))).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { accessRights, accessSavedText, canSeeSessions, hasRole, ROLES, withRole } from './roles';

describe('roles', () => {
  it('adds and removes one role, keeping the known order', () => {
    expect(withRole([], 'Admin', true)).toEqual(['Admin']);
    expect(withRole(['SuperAdmin'], 'Admin', true)).toEqual(['Admin', 'SuperAdmin']);
    expect(withRole(['Admin', 'SuperAdmin'], 'Admin', false)).toEqual(['SuperAdmin']);
    expect(withRole(['Admin'], 'Admin', true)).toEqual(['Admin']);
  });
  it('drops unknown role strings rather than sending them to the API', () => {
    expect(withRole(['Owner', 'Admin'], 'SuperAdmin', true)).toEqual(['Admin', 'SuperAdmin']);
  });
  it('tells whether a role is held', () => {
    expect(hasRole(['Admin'], 'Admin')).toBe(true);
    expect(hasRole(['Admin'], 'SuperAdmin')).toBe(false);
  });
});

describe('accessRights: only what the API will accept is offered', () => {
  const admin = { id: 'a', roles: ['Admin'] };
  const superAdmin = { id: 's', roles: ['Admin', 'SuperAdmin'] };
  const client = { id: 'c', roles: [] };

  it('offers nothing on your own account', () => {
    expect(accessRights(admin, admin)).toMatchObject({ roles: [], verified: false });
    expect(accessRights(superAdmin, superAdmin).note).toMatch(/your own account/);
  });
  it('lets an Admin change Admin and verified of a client, never SuperAdmin', () => {
    expect(accessRights(admin, client)).toMatchObject({ roles: ['Admin'], verified: true });
  });
  it('lets an Admin change nothing on a SuperAdmin account', () => {
    expect(accessRights(admin, superAdmin)).toMatchObject({ roles: [], verified: false });
  });
  it('lets a SuperAdmin change everything on another account', () => {
    expect(accessRights(superAdmin, client)).toEqual({ roles: ROLES, verified: true, note: null });
  });
});

describe("canSeeSessions: staff accounts' devices are a SuperAdmin's to see", () => {
  const admin = { id: 'a', roles: ['Admin'] };
  const otherAdmin = { id: 'b', roles: ['Admin'] };
  const superAdmin = { id: 's', roles: ['SuperAdmin'] };
  const client = { id: 'c', roles: [] };

  it("shows an Admin a client's sessions and its own, never another Admin's or a SuperAdmin's", () => {
    expect(canSeeSessions(admin, client)).toBe(true);
    expect(canSeeSessions(admin, admin)).toBe(true);
    expect(canSeeSessions(admin, otherAdmin)).toBe(false);
    expect(canSeeSessions(admin, superAdmin)).toBe(false);
  });
  it("shows a SuperAdmin everyone's", () => {
    for (const target of [client, otherAdmin, superAdmin]) expect(canSeeSessions(superAdmin, target)).toBe(true);
  });
});

describe('the words after saving access', () => {
  const before = { roles: ['Admin'], verified: true };
  it('removing the verified flag says so, and no sign-out', () => {
    const text = accessSavedText(before, { username: 'thandi', roles: ['Admin'], verified: false });
    expect(text).toBe('Saved. thandi is no longer verified and cannot open the client area.');
    expect(text).not.toMatch(/role|signs/);
  });
  it('a role change says it signs them out', () => {
    expect(accessSavedText(before, { username: 'thandi', roles: [], verified: true })).toBe(
      'Saved. The role change signs thandi out on every device.',
    );
  });
  it('no change says nothing changed', () => {
    expect(accessSavedText(before, { username: 'thandi', roles: ['Admin'], verified: true })).toBe(
      "Nothing changed in thandi's access.",
    );
  });
});

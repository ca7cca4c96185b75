import { describe, expect, it } from '@jest/globals';
import { hasRole, withRole } from './roles';

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

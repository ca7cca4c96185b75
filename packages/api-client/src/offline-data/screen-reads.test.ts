import { describe, expect, it } from '@jest/globals';
import { screenReadKey } from './screen-reads';

describe('which reads are kept for offline', () => {
  it("keeps the screens' own reads: lists, one item, the overview, billing, an admin's users", () => {
    for (const url of ['workspaces', 'projects', 'links', 'projects/p1', 'dashboard', 'billing', 'users', 'users/u1']) {
      expect(screenReadKey('get', url)).toBe(url);
    }
  });

  it('never keeps the session, tokens, devices, factors or checks', () => {
    for (const url of [
      'auth/login',
      'auth/refresh',
      'current-user',
      'current-user/sessions',
      'current-user/totp',
      'current-user/passkeys',
      'users/u1/sessions',
      'settings/security',
      'health',
      'telemetry/summary',
      'dev/outbox',
      'system-users',
    ]) {
      expect(screenReadKey('get', url)).toBeNull();
    }
  });

  it('never keeps a change', () => {
    for (const method of ['post', 'put', 'patch', 'delete']) expect(screenReadKey(method, 'projects')).toBeNull();
  });

  it('finds the same read whatever the order of its query, and another query apart', () => {
    expect(screenReadKey('get', 'projects', { status: 'active', limit: 20 })).toBe('projects?limit=20&status=active');
    expect(screenReadKey('get', 'projects?status=active', { limit: 20, after: undefined })).toBe(
      'projects?limit=20&status=active',
    );
    expect(screenReadKey('get', 'projects', { status: 'done' })).not.toBe(screenReadKey('get', 'projects'));
  });

  it('keeps nothing of another origin', () => {
    expect(screenReadKey('get', 'https://elsewhere.example/v1/projects')).toBeNull();
  });
});

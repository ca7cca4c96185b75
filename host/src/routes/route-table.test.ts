import { describe, expect, it } from '@jest/globals';
import { defaultMeta, pageRoutes, paths, redirects, routePatterns } from './route-table';

const route = (path: string) => {
  const found = pageRoutes.find((r) => r.path === path);
  if (!found) throw new Error(`no route for ${path}`);
  return found;
};

describe('route table: every path of the product, its screen and guard', () => {
  it('maps every public page to the marketing remote in the public layout', () => {
    for (const path of [
      '/',
      '/docs',
      '/pricing',
      '/services',
      '/contact',
      '/careers',
      '/careers/junior-digital-assistant',
      '/branding',
    ]) {
      expect(route(path)).toMatchObject({ remote: 'marketing', layout: 'public', guard: { kind: 'public' } });
    }
  });

  it('puts the sign-in pages behind the guest-only guard, with and without the reset code', () => {
    for (const path of [
      '/auth/login',
      '/auth/register',
      '/auth/forgetPassword',
      '/auth/resetPassword',
      '/auth/resetPassword/:otp',
    ]) {
      expect(route(path)).toMatchObject({ remote: 'auth', guard: { kind: 'guest' } });
    }
  });

  it('keeps resend-verification reachable for a signed-in unverified user', () => {
    expect(route('/auth/resend-verification').guard.kind).toBe('public');
  });

  it('requires a signed-in verified user for the client area, inside the shell', () => {
    for (const path of [
      '/dashboard',
      '/workspaces',
      '/projects',
      '/links',
      '/user/profile',
      '/user/settings',
      '/billing',
    ]) {
      expect(route(path)).toMatchObject({
        remote: 'clientArea',
        layout: 'shell',
        guard: { kind: 'authenticated', verified: true },
      });
    }
  });

  it('gates the management pages by role', () => {
    for (const path of ['/manage', '/manage/users', '/manage/user/:userId']) {
      expect(route(path).guard).toEqual({ kind: 'authenticated', verified: true, roles: ['Admin', 'SuperAdmin'] });
    }
    expect(route('/admin').guard).toEqual({ kind: 'authenticated', verified: true, roles: ['Admin'] });
    expect(route('/super').guard).toEqual({ kind: 'authenticated', verified: true, roles: ['SuperAdmin'] });
    expect(route('/system').guard).toEqual({ kind: 'system' });
  });

  it('redirects /auth to / and /user to /user/profile', () => {
    expect(redirects).toEqual(
      expect.arrayContaining([
        { path: '/auth', to: '/' },
        { path: '/user', to: '/user/profile' },
      ]),
    );
  });

  it('gives every page a title and a description', () => {
    for (const r of pageRoutes) {
      expect(r.meta.title.length).toBeGreaterThan(0);
      expect(r.meta.description.length).toBeGreaterThan(0);
    }
  });

  it('sets the root default to the product name with og type webapp', () => {
    expect(defaultMeta).toEqual({ title: 'Kloof Digital', description: 'Kloof Digital', ogType: 'webapp' });
  });

  it('has one route per path', () => {
    const paths = pageRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('route patterns (what the web server answers 200 for)', () => {
  it('lists every page, redirect and host page, parameterised ones as patterns', () => {
    const patterns = routePatterns();
    expect(patterns).toEqual(expect.arrayContaining(['/', '/pricing', '/auth', '/user', '/unauthorized']));
    expect(patterns).toEqual(expect.arrayContaining(['/manage/user/:userId', '/auth/resetPassword/:otp']));
    expect(patterns).toHaveLength(pageRoutes.length + redirects.length + 1);
  });

  it('names every path of the table in paths', () => {
    const named = new Set<string>(Object.values(paths));
    for (const pattern of routePatterns()) expect(named).toContain(pattern);
  });
});

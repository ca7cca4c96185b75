import { describe, expect, it } from '@jest/globals';
import { landingAfterSignIn, rememberedOrigin, returnPath } from './return-path';

describe('returnPath: where a guest-only page sends a signed-in user', () => {
  it('goes back to the origin a guard remembered', () => {
    expect(returnPath({ from: { pathname: '/workspaces', search: '?page=2' } })).toBe('/workspaces?page=2');
  });

  it('else to the in-app page the user came from', () => {
    expect(returnPath(null, '/pricing')).toBe('/pricing');
  });

  it('else to /', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath(undefined, null)).toBe('/');
  });

  it('never back to /user/logout', () => {
    expect(returnPath({ from: { pathname: '/user/logout' } })).toBe('/');
    expect(returnPath(null, '/user/logout')).toBe('/');
  });

  it('never to another guest page (that would bounce back and forth)', () => {
    expect(returnPath(null, '/auth/register')).toBe('/');
    expect(returnPath({ from: '/auth/login' }, '/services')).toBe('/services');
  });

  it('only to paths of this site', () => {
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/');
  });

  it('rememberedOrigin gives only a guard-remembered origin', () => {
    expect(rememberedOrigin({ from: { pathname: '/links' } })).toBe('/links');
    expect(rememberedOrigin(null)).toBeNull();
    expect(rememberedOrigin({ from: { pathname: '/user/logout' } })).toBeNull();
  });
});

describe('landingAfterSignIn: where signing in lands', () => {
  it('on the origin a guard remembered first', () => {
    expect(landingAfterSignIn({ from: { pathname: '/links' } }, '/pricing')).toBe('/links');
  });

  it('else on the public page the visitor came from', () => {
    expect(landingAfterSignIn(null, '/pricing')).toBe('/pricing');
    expect(landingAfterSignIn(null, '/')).toBe('/');
  });

  it("else nothing (the sign-in page's default): never a guest page, logout or another site", () => {
    expect(landingAfterSignIn(null, null)).toBeNull();
    expect(landingAfterSignIn(null, '/auth/register')).toBeNull();
    expect(landingAfterSignIn(null, '/user/logout')).toBeNull();
    expect(landingAfterSignIn({ from: 'https://evil.example/' }, '//evil.example')).toBeNull();
  });
});

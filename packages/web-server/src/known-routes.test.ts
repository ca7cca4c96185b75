import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { releasesLayout, type ReleasesLayout } from '@kloof/release-store/folder';
import { release, rollback } from '@kloof/release-tool/store';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { notFoundDocument, routeMatcher, ROUTES_FILE } from './known-routes';

const patterns = ['/', '/pricing', '/auth/resetPassword', '/auth/resetPassword/:otp', '/manage/user/:userId'];

describe('routeMatcher: the paths the app has a page for', () => {
  const known = routeMatcher(patterns);

  it.each(['/', '/pricing', '/pricing/', '/PRICING', '/auth/resetPassword', '/auth/resetPassword/123456'])(
    'knows %s',
    (pathname) => expect(known(pathname)).toBe(true),
  );

  it('matches a parameter to exactly one non-empty segment', () => {
    expect(known('/manage/user/5b0f1d2e-0000-4000-8000-000000000000')).toBe(true);
    expect(known('/manage/user')).toBe(false);
    expect(known('/manage/user/a/b')).toBe(false);
  });

  it.each(['/pricingx', '/pricing/extra', '/nope', '/auth/resetPassword/1/2'])('does not know %s', (pathname) => {
    expect(known(pathname)).toBe(false);
  });
});

describe('the production server answers unknown paths with 404', () => {
  let work: string;
  let layout: ReleasesLayout;
  let server: FastifyInstance;

  async function hostBuild(label: string, routes: readonly string[] | null): Promise<string> {
    const dir = await fakeBuild(work, 'host', label);
    if (routes) await fs.writeFile(path.join(dir, ROUTES_FILE), JSON.stringify({ patterns: routes }));
    return dir;
  }

  beforeEach(async () => {
    work = await tempDir();
    layout = releasesLayout(path.join(work, 'releases'));
    server = await buildStaticServer({ site: releasesSite(layout), runtimeConfig: defaultRuntimeConfig });
  });
  afterEach(async () => {
    await server.close();
  });

  const get = (url: string) => server.inject({ method: 'GET', url });

  it('serves known routes, parameterised ones too, with 200 and the app', async () => {
    await release(layout, 'host', await hostBuild('c0ffee01', patterns));
    for (const url of ['/', '/pricing', '/pricing?ref=x', '/auth/resetPassword/123456', '/manage/user/abc']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('noindex');
    }
  });

  it('answers an unknown path with 404: the same page (the app shows Not found), noindex, not cached', async () => {
    await release(layout, 'host', await hostBuild('c0ffee01', patterns));
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<meta name="robots" content="noindex"></head>');
    expect(response.body).toContain('c0ffee01');
    expect((await get('/manage/user')).statusCode).toBe(404);
  });

  it('follows the live host release: a rollback to a build without routes.json answers every page path', async () => {
    await release(layout, 'host', await hostBuild('c0ffee01', null));
    await release(layout, 'host', await hostBuild('c0ffee02', patterns));
    expect((await get('/no-such-page')).statusCode).toBe(404);
    await rollback(layout, 'host');
    expect((await get('/no-such-page')).statusCode).toBe(200);
  });

  it('ignores a broken routes.json rather than hiding the site', async () => {
    const dir = await fakeBuild(work, 'host', 'c0ffee03');
    await fs.writeFile(path.join(dir, ROUTES_FILE), '{ not json');
    await release(layout, 'host', dir);
    expect((await get('/anything')).statusCode).toBe(200);
  });

  it('keeps files and the API out of it: a missing file is still a plain 404', async () => {
    await release(layout, 'host', await hostBuild('c0ffee01', patterns));
    const response = await get('/missing.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe('notFoundDocument', () => {
  it('adds noindex to the head once', () => {
    expect(notFoundDocument('<html><head><title>x</title></head><body></body></html>')).toBe(
      '<html><head><title>x</title><meta name="robots" content="noindex"></head><body></body></html>',
    );
  });
});

import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind } from '@sinclair/typebox';
import * as contract from '../index';
import { allEndpoints, endpoints, pathOf } from './index';

describe('the endpoint declarations', () => {
  it('name every operation once and put no two on the same method and path', () => {
    const names = allEndpoints.map((e) => e.name);
    const routes = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('name only schemas the contract exports', () => {
    const named = allEndpoints.flatMap((e) => [e.params, e.querystring, e.body, ...Object.values(e.response)]);
    const missing = named.filter(
      (name) => name !== undefined && !(Kind in ((contract as Record<string, unknown>)[name] as object)),
    );
    expect(missing).toEqual([]);
  });

  it('say every path param they fill in, and no other', () => {
    const paramsOf = (name: string | undefined) =>
      Object.keys(((contract as Record<string, unknown>)[name ?? ''] as { properties?: object })?.properties ?? {});
    const mismatched = allEndpoints
      .map((e) => ({
        name: e.name,
        inPath: [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]),
        declared: paramsOf(e.params),
      }))
      .filter(({ inPath, declared }) => inPath.sort().join() !== declared.sort().join());
    expect(mismatched).toEqual([]);
  });

  it('give the owned resources the same five operations, for a verified user', () => {
    const { workspaces, projects, links } = endpoints;
    for (const group of [workspaces, projects, links]) {
      expect(Object.values(group).map((e) => [e.method, e.access])).toEqual([
        ['GET', 'verified'],
        ['POST', 'verified'],
        ['GET', 'verified'],
        ['PATCH', 'verified'],
        ['DELETE', 'verified'],
      ]);
    }
    expect(projects.update).toMatchObject({ name: 'updateProject', path: '/projects/:id', body: 'UpdateProjectBody' });
  });
});

describe('pathOf', () => {
  it('fills and escapes the params, relative to /v1/', () => {
    expect(pathOf(endpoints.users.getUser, { id: 'a/b?c' })).toBe('users/a%2Fb%3Fc');
    expect(pathOf(endpoints.workspaces.list)).toBe('workspaces');
  });

  it('refuses a path whose param is missing', () => {
    expect(() => pathOf(endpoints.links.get, {})).toThrow('getLink: the path needs :id');
  });
});

describe('a browser that imports the declarations loads no TypeBox', () => {
  it('imports the schemas and TypeBox only as types here', () => {
    const dir = import.meta.dirname;
    const runtime = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        [...readFileSync(path.join(dir, file), 'utf8').matchAll(/^import (?!type\b)[^;]*?from '([^']+)'/gm)]
          .map(([, from]) => from!)
          .filter((from) => !from.startsWith('./'))
          .map((from) => `${file}: ${from}`),
      );
    expect(runtime).toEqual([]);
  });
});

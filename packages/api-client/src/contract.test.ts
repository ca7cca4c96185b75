import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { typeErrors } from '@kloof/api-contract/testing';
import { scaled } from '@kloof/test-kit/slowdown';

const src = import.meta.dirname;
const tsconfig = path.join(src, '..', 'tsconfig.json');
/** A type-check of the client with its imports (axios, TypeBox, lib.d.ts) takes seconds. */
const COMPILE_MS = scaled(60_000);

/** A caller of the client as a remote writes one: it creates a project and reads its status. */
const caller = path.join(src, 'contract-caller.fixture.ts');
const callerText = `
import { call, endpoints, projectsApi, type Project } from './index';
export async function startProject(workspaceId: string): Promise<Project['status']> {
  const project = await projectsApi.create({ workspaceId, name: 'Site', status: 'on_hold' });
  return project.status;
}
export async function rename(id: string): Promise<string> {
  return (await call(endpoints.users.updateUser, { params: { id }, body: { verified: true } })).email;
}
`;
const check = (change?: Parameters<typeof typeErrors>[0]['change']) =>
  typeErrors({ tsconfig, roots: [caller], extraFiles: { [caller]: callerText }, change });

describe('the client follows the contract or does not compile', () => {
  it(
    'compiles a caller written against today’s contract',
    () => {
      expect(check()).toEqual([]);
    },
    COMPILE_MS,
  );

  it(
    'fails the caller when a body field is renamed in the schema',
    () => {
      const errors = check({
        file: 'schemas/projects.ts',
        replace: '{ workspaceId: Uuid, name: Name,',
        with: '{ workspaceId: Uuid, title: Name,',
      });
      expect(errors).toEqual([expect.stringMatching(/contract-caller\.fixture\.ts\(4\): TS2353 .*'name'/)]);
    },
    COMPILE_MS,
  );

  it(
    'fails the caller when a project status leaves the contract',
    () => {
      const errors = check({
        file: 'constants.ts',
        replace: "['planning', 'active', 'on_hold', 'completed']",
        with: "['planning', 'active', 'completed']",
      });
      expect(errors).toEqual([expect.stringMatching(/contract-caller\.fixture\.ts\(4\): TS2322 .*"on_hold"/)]);
    },
    COMPILE_MS,
  );
});

describe('a call follows its endpoint declaration or does not compile', () => {
  it(
    'fails the caller when the declaration names another body',
    () => {
      const errors = check({
        file: 'endpoints/users.ts',
        replace: "body: 'AdminUpdateUserBody'",
        with: "body: 'EmailBody'",
      });
      expect(errors).toEqual([
        expect.stringMatching(/calls\/users\.ts\(\d+\): TS2741 .*'email'/),
        expect.stringMatching(/contract-caller\.fixture\.ts\(8\): TS2353 .*'verified'/),
      ]);
    },
    COMPILE_MS,
  );
});

describe('the browser takes types, not schemas, from the contract', () => {
  // TypeBox builds the schemas at load time; the client bundles only the plain values of ./constants.
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );

  it('imports @kloof/api-contract itself only as types', () => {
    const runtime = sources.flatMap((file) =>
      [
        ...readFileSync(path.join(src, file), 'utf8').matchAll(
          /^(import|export)\b(?! type)[^;]*?from '@kloof\/api-contract'/gm,
        ),
      ].map(([statement]) => `${file}: ${statement}`),
    );
    expect(runtime).toEqual([]);
  });
});

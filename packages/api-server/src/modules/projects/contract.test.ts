import path from 'node:path';
import { typeErrors } from '@kloof/api-contract/testing';
import { scaled } from '@kloof/test-kit/slowdown';

const tsconfig = path.join(__dirname, '..', '..', '..', 'tsconfig.json');
const service = path.join(__dirname, 'projects.service.ts');
const routes = path.join(__dirname, '..', 'common', 'owned-crud.ts');
/** What the server's plugins add to Fastify's types (app.db, request.auth, ...). */
const fastifyAdditions = path.join(__dirname, '..', '..', 'types.ts');
/** A type-check of the routes with Fastify, Kysely and TypeBox takes seconds. */
const COMPILE_MS = scaled(90_000);
const check = (change?: Parameters<typeof typeErrors>[0]['change']) =>
  typeErrors({ tsconfig, roots: [service, routes, fastifyAdditions], change });

describe('the server follows the contract or does not compile (projects as the example)', () => {
  it(
    'compiles against today’s contract',
    () => {
      expect(check()).toEqual([]);
    },
    COMPILE_MS,
  );

  it(
    'fails where a project is sent when the answer gains a field the server does not fill',
    () => {
      const errors = check({
        file: 'schemas/projects.ts',
        replace: '  status: ProjectStatus,\n  createdAt: IsoDate,',
        with: '  status: ProjectStatus,\n  priority: Type.Integer(),\n  createdAt: IsoDate,',
      });
      expect(errors).toEqual([expect.stringMatching(/projects\.service\.ts\(\d+\): TS2741 .*'priority'/)]);
    },
    COMPILE_MS,
  );

  it(
    'fails where the body is read when one of its fields is renamed',
    () => {
      const errors = check({
        file: 'schemas/projects.ts',
        replace: '{ workspaceId: Uuid, name: Name,',
        with: '{ workspaceId: Uuid, title: Name,',
      });
      expect(errors).toEqual([expect.stringMatching(/projects\.service\.ts\(\d+\): TS2339 .*'name'/)]);
    },
    COMPILE_MS,
  );
});

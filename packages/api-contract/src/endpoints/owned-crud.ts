import type { ErrorStatus, SchemaName } from './define';

interface Schemas {
  item: SchemaName;
  list: SchemaName;
  query?: SchemaName;
  create: SchemaName;
  update: SchemaName;
}

interface OwnedResource<One extends string, Many extends string, S extends Schemas> {
  /** `Project` and `Projects`: the operationIds are listProjects, createProject, getProject, ... */
  one: One;
  many: Many;
  path: string;
  tag: string;
  schemas: S;
  /** Creating names a parent (a workspace) that may not be yours: 404. */
  createNamesParent: boolean;
  /** Names are unique per owner: creating or renaming to a taken name answers 409. */
  uniqueName?: boolean;
  summaries: { list: string; create: string; get: string; update: string; remove: string };
}

interface Operation<Name extends string, Method extends string> {
  name: Name;
  method: Method;
  path: string;
  access: 'verified';
  tags: readonly string[];
  summary: string;
  errors: readonly ErrorStatus[];
}

type QueryOf<S extends Schemas> = S extends { query: infer Q extends SchemaName } ? Q : undefined;

/** The five declarations of an owned resource, each with its own literal types. */
export interface OwnedCrud<One extends string = string, Many extends string = string, S extends Schemas = Schemas> {
  list: Operation<`list${Many}`, 'GET'> & { querystring: QueryOf<S>; response: { 200: S['list'] } };
  create: Operation<`create${One}`, 'POST'> & { body: S['create']; response: { 201: S['item'] } };
  get: Operation<`get${One}`, 'GET'> & { params: 'IdParams'; response: { 200: S['item'] } };
  update: Operation<`update${One}`, 'PATCH'> & {
    params: 'IdParams';
    body: S['update'];
    response: { 200: S['item'] };
  };
  remove: Operation<`delete${One}`, 'DELETE'> & { params: 'IdParams'; response: { 204: 'NoContent' } };
}

const byId: readonly ErrorStatus[] = [400, 401, 403, 404];
const anyoneCreates: readonly ErrorStatus[] = [400, 401, 403];

/**
 * The five operations of a resource each account owns (workspaces, projects, links): list,
 * create, get, update and delete, all for a verified user and only on their own rows.
 */
export function ownedCrud<const One extends string, const Many extends string, const S extends Schemas>(
  resource: OwnedResource<One, Many, S>,
): OwnedCrud<One, Many, S> {
  const { one, many, path, schemas, summaries } = resource;
  const common = { access: 'verified', tags: [resource.tag] } as const;
  const item = `${path}/:id`;
  const taken: readonly ErrorStatus[] = resource.uniqueName ? [409] : [];
  return {
    list: {
      ...common,
      name: `list${many}`,
      method: 'GET',
      path,
      summary: summaries.list,
      querystring: schemas.query as QueryOf<S>,
      response: { 200: schemas.list },
      errors: schemas.query ? [400, 401, 403] : [401, 403],
    },
    create: {
      ...common,
      name: `create${one}`,
      method: 'POST',
      path,
      summary: summaries.create,
      body: schemas.create,
      response: { 201: schemas.item },
      errors: [...(resource.createNamesParent ? byId : anyoneCreates), ...taken],
    },
    get: {
      ...common,
      name: `get${one}`,
      method: 'GET',
      path: item,
      summary: summaries.get,
      params: 'IdParams',
      response: { 200: schemas.item },
      errors: byId,
    },
    update: {
      ...common,
      name: `update${one}`,
      method: 'PATCH',
      path: item,
      summary: summaries.update,
      params: 'IdParams',
      body: schemas.update,
      response: { 200: schemas.item },
      errors: [...byId, ...taken],
    },
    remove: {
      ...common,
      name: `delete${one}`,
      method: 'DELETE',
      path: item,
      summary: summaries.remove,
      params: 'IdParams',
      response: { 204: 'NoContent' },
      errors: byId,
    },
  };
}

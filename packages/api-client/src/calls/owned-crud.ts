import type { Endpoint, InputOf, OutputOf, OwnedCrud } from '@kloof/api-contract/endpoints';
import { send } from '../call';

type Query<E extends Endpoint> = InputOf<E>['query'];
type Body<E extends Endpoint> = NonNullable<InputOf<E>['body']>;

/** The calls of a resource each account owns (workspaces, projects, links), typed from its declarations. */
export interface OwnedCrudApi<G extends OwnedCrud> {
  list(query?: Query<G['list']>): Promise<OutputOf<G['list']>>;
  get(id: string): Promise<OutputOf<G['get']>>;
  create(input: Body<G['create']>): Promise<OutputOf<G['create']>>;
  update(id: string, changes: Body<G['update']>): Promise<OutputOf<G['update']>>;
  /** A workspace goes with its projects and links. */
  remove(id: string): Promise<void>;
}

export function ownedCrudApi<G extends OwnedCrud>(group: G): OwnedCrudApi<G> {
  const byId = (id: string) => ({ params: { id } });
  return {
    list: async (query) => (await send(group.list, { query })) as OutputOf<G['list']>,
    get: async (id) => (await send(group.get, byId(id))) as OutputOf<G['get']>,
    create: async (input) => (await send(group.create, { body: input })) as OutputOf<G['create']>,
    update: async (id, changes) => (await send(group.update, { ...byId(id), body: changes })) as OutputOf<G['update']>,
    remove: async (id) => {
      await send(group.remove, byId(id));
    },
  };
}

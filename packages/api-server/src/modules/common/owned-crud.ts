import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { IdParams } from '@kloof/api-contract';
import type { InputOf, OutputOf, OwnedCrud, ValueOf } from '@kloof/api-contract/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { registerEndpoint } from './route';

/**
 * What a resource each account owns does with its rows. Every call gets the signed-in user:
 * a service answers only from that user's own rows, whatever their roles (another account's id
 * is a 404, as for an id that does not exist).
 */
export interface OwnedService<G extends OwnedCrud> {
  list(
    app: FastifyInstance,
    user: UserRow,
    query: NonNullable<InputOf<G['list']>['query']>,
  ): Promise<OutputOf<G['list']>>;
  create(app: FastifyInstance, user: UserRow, input: ValueOf<G['create']['body']>): Promise<OutputOf<G['create']>>;
  get(app: FastifyInstance, user: UserRow, id: string): Promise<OutputOf<G['get']>>;
  update(
    app: FastifyInstance,
    user: UserRow,
    id: string,
    changes: ValueOf<G['update']['body']>,
  ): Promise<OutputOf<G['update']>>;
  remove(app: FastifyInstance, user: UserRow, id: string): Promise<void>;
}

const idOf = (request: FastifyRequest) => (request.params as IdParams).id;

/** The five routes of an owned resource, from its declarations and its service. */
export function ownedCrudRoutes<G extends OwnedCrud>(group: G, service: OwnedService<G>): FastifyPluginAsyncTypebox {
  type Query = NonNullable<InputOf<G['list']>['query']>;
  return async (app) => {
    const userOf = (request: FastifyRequest) => authOf(request).user;
    registerEndpoint(app, group.list, {
      handler: async (request) => service.list(app, userOf(request), (request.query ?? {}) as Query),
    });
    registerEndpoint(app, group.create, {
      handler: async (request, reply) =>
        reply.code(201).send(await service.create(app, userOf(request), request.body as ValueOf<G['create']['body']>)),
    });
    registerEndpoint(app, group.get, {
      handler: async (request) => service.get(app, userOf(request), idOf(request)),
    });
    registerEndpoint(app, group.update, {
      handler: async (request) =>
        service.update(app, userOf(request), idOf(request), request.body as ValueOf<G['update']['body']>),
    });
    registerEndpoint(app, group.remove, {
      handler: async (request, reply) => {
        await service.remove(app, userOf(request), idOf(request));
        return reply.code(204).send(null);
      },
    });
  };
}

// The OpenAPI fields of a route's schema (tags, summary, security, operationId) are @fastify/swagger's.
import type {} from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '@kloof/api-contract';
import type { Endpoint, SchemaName, SchemaNamed } from '@kloof/api-contract/endpoints';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
  RouteShorthandOptionsWithHandler,
} from 'fastify';

export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

type Part<Key extends string, Name> = Name extends SchemaName ? { [K in Key]: SchemaNamed<Name> } : unknown;

/** The Fastify schema an endpoint's declaration stands for, with the contract's TypeBox types. */
export type RouteSchema<E extends Endpoint> = Part<'params', E['params']> &
  Part<'querystring', E['querystring']> &
  Part<'body', E['body']> & {
    response: { [S in keyof E['response']]: SchemaNamed<E['response'][S]> } & {
      [S in E['errors'][number]]: typeof contract.ErrorResponse;
    };
  };

/** What a module still says of a route: its handler, and any hook or limit of its own. */
export type RouteOf<E extends Endpoint> = Omit<
  RouteShorthandOptionsWithHandler<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    RouteSchema<E>,
    TypeBoxTypeProvider
  >,
  'schema'
> & {
  /** What the declaration does not say, for the OpenAPI document (e.g. `consumes`). */
  schema?: FastifySchema;
};

const schemas = contract as unknown as Record<SchemaName, FastifySchema>;

/** The declaration as Fastify and the OpenAPI document read it. */
export function schemaOf(endpoint: Endpoint): FastifySchema {
  const pick = (name: SchemaName | undefined) => (name ? schemas[name] : undefined);
  return {
    operationId: endpoint.name,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [...endpoint.tags],
    security: endpoint.access === 'public' ? [] : [{ bearerAuth: [] }],
    ...(endpoint.params ? { params: pick(endpoint.params) } : {}),
    ...(endpoint.querystring ? { querystring: pick(endpoint.querystring) } : {}),
    ...(endpoint.body ? { body: pick(endpoint.body) } : {}),
    response: {
      ...Object.fromEntries(Object.entries(endpoint.response).map(([status, name]) => [status, pick(name)])),
      ...Object.fromEntries(endpoint.errors.map((status) => [status, contract.ErrorResponse])),
    },
  };
}

function guardOf(app: ApiApp, endpoint: Endpoint): preHandlerAsyncHookHandler[] {
  switch (endpoint.access) {
    case 'public':
      return [];
    case 'user':
      return [app.requireUser];
    case 'verified':
      return [app.requireVerified];
    case 'admin':
      return [app.requireAdmin];
  }
}

/**
 * Registers one operation from its declaration: method, URL, schemas, documentation and the
 * sign-in its access asks for (checked before the module's own hooks, e.g. a rate limit).
 */
export function route<E extends Endpoint>(app: ApiApp, endpoint: E, options: RouteOf<E>): void {
  registerEndpoint(app, endpoint, options as unknown as EndpointRoute);
}

/** What `route` takes, untyped: for a builder whose handlers are typed by its own service. */
export type EndpointRoute = Omit<RouteOptions, 'method' | 'url' | 'schema'> & { schema?: FastifySchema };

export function registerEndpoint(app: FastifyInstance | ApiApp, endpoint: Endpoint, options: EndpointRoute): void {
  const own = options.preHandler ? [options.preHandler].flat() : [];
  (app as FastifyInstance).route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: { ...schemaOf(endpoint), ...options.schema },
    preHandler: [...guardOf(app as ApiApp, endpoint), ...own],
  });
}

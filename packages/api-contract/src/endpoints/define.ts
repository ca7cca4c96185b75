import type { Static, TSchema } from '@sinclair/typebox';
import type * as Contract from '../index';

/**
 * One API operation, written once: the server registers its route from it, the OpenAPI document
 * names and documents it from it, the clients call it through it. Schemas are named, not held:
 * a declaration is plain data, so a browser that imports it never loads TypeBox (the names are
 * checked against the contract's schemas at compile time, and the server looks them up).
 */
export interface Endpoint {
  /** The operationId, and the key the declaration is known by. */
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Below /v1, Fastify's form: `/projects/:id`. */
  readonly path: string;
  /**
   * Who may call: anyone (`public`, the OpenAPI `security: []`), or a bearer token of any
   * signed-in user, a verified one, or a verified Admin or SuperAdmin.
   */
  readonly access: Access;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: SchemaName;
  readonly querystring?: SchemaName;
  readonly body?: SchemaName;
  /** The success answers by status; the errors as the statuses that answer an ErrorResponse. */
  readonly response: Readonly<Partial<Record<SuccessStatus, SchemaName>>>;
  readonly errors: readonly ErrorStatus[];
}

export type Access = 'public' | 'user' | 'verified' | 'admin';
export type SuccessStatus = 200 | 201 | 204 | 503;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

type Schemas = typeof Contract;
/** The name of every schema the contract exports. */
export type SchemaName = { [K in keyof Schemas]: Schemas[K] extends TSchema ? K : never }[keyof Schemas];
/** A named schema, for the server that registers it. */
export type SchemaNamed<N> = N extends SchemaName ? Schemas[N] : never;
/** The value a named schema describes. */
export type ValueOf<N> = N extends SchemaName ? Static<Schemas[N]> : never;

type Declaration = Omit<Endpoint, 'name'>;

/** Names each declaration after its key (the operationId), keeping every literal for the types. */
export function defineEndpoints<const T extends Record<string, Declaration>>(
  declarations: T,
): { readonly [K in keyof T & string]: T[K] & { readonly name: K } } {
  return Object.fromEntries(
    Object.entries(declarations).map(([name, declaration]) => [name, { ...declaration, name }]),
  ) as { readonly [K in keyof T & string]: T[K] & { readonly name: K } };
}

/** What a caller sends: path params, query and body, each only where the operation takes one. */
export type InputOf<E extends Endpoint> = (E['params'] extends SchemaName
  ? { params: ValueOf<E['params']> }
  : { params?: never }) &
  (E['querystring'] extends SchemaName ? { query?: ValueOf<E['querystring']> } : { query?: never }) &
  (E['body'] extends SchemaName ? { body: ValueOf<E['body']> } : { body?: never });

/** What a successful call answers: the 200 or 201 body, nothing for a 204. */
export type OutputOf<E extends Endpoint> = E['response'][200] extends SchemaName
  ? ValueOf<E['response'][200]>
  : E['response'][201] extends SchemaName
    ? ValueOf<E['response'][201]>
    : void;

/** The arguments after the endpoint: none needed where the operation takes no params and no body. */
export type InputArgs<E extends Endpoint> = object extends InputOf<E> ? [input?: InputOf<E>] : [input: InputOf<E>];

/** The path below /v1 with its params filled in and escaped: `projects/p%2F1` (relative, no slash). */
export function pathOf(endpoint: Endpoint, params: Record<string, string> = {}): string {
  return endpoint.path.slice(1).replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${endpoint.name}: the path needs :${key}`);
    return encodeURIComponent(value);
  });
}

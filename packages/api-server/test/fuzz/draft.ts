import type fc from 'fast-check';

// What every kind of mutation works on: the identities a request is sent as, the real rows and
// tokens it may use, and the draft of one request (a valid base with one thing broken).

export type Identity = 'anonymous' | 'client' | 'admin' | 'superAdmin';

export interface FuzzContext {
  /** access tokens of real, verified users */
  tokens: Record<Exclude<Identity, 'anonymous'>, string>;
  /** an existing row per collection (`workspaces`, `projects`, `links`, `users`) */
  ids: Record<string, string>;
}

export interface Draft {
  params: Record<string, string>;
  query: string[];
  /** a JSON value, or undefined for no body */
  body: unknown;
  /** replaces the JSON encoding of `body` */
  rawBody?: () => Buffer;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Authorization header instead of the identity's token (null: none) */
  authorization?: string | null;
  mutation: string;
  names: string[];
  fresh?: boolean;
}

export type Mutation = fc.Arbitrary<Draft>;

/** Drafts from `base` whose body is sent as the given bytes, not as the JSON of `body` (named: body). */
export const rawBodyDrafts =
  (base: Draft) =>
  (bytes: Buffer | (() => Buffer), mutation: string, extra: Partial<Draft> = {}): Draft => ({
    ...base,
    rawBody: typeof bytes === 'function' ? bytes : () => bytes,
    mutation,
    names: ['body'],
    ...extra,
  });

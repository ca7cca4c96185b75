import fc from 'fast-check';
import { authMutations } from './auth-mutations';
import { bodyMutations, payloadMutations } from './body-mutations';
import type { Draft, FuzzContext, Identity } from './draft';
import { anyId, validValue } from './field-values';
import { jsonBytes } from './json-bytes';
import type { Operation } from './openapi';
import { pathMutations, queryMutations } from './url-mutations';

/**
 * Generates requests that are invalid by construction from an operation of the OpenAPI document:
 * a valid base request (ids of real rows, values that pass the schema) with exactly one thing
 * broken. Nothing generated may pass validation, so nothing may be written; the one mutation that
 * passes validation on purpose (a well-formed id of no row) must end in a 404 or 400.
 */

export type { FuzzContext, Identity } from './draft';
export const IDENTITIES: readonly Identity[] = ['anonymous', 'client', 'admin', 'superAdmin'];

export interface FuzzRequest {
  operation: string;
  identity: Identity;
  /** what was broken, e.g. `body.name: control character` */
  mutation: string;
  method: string;
  /** path and query, percent-encoded except where raw bytes are the point */
  path: string;
  headers: Record<string, string>;
  /** the body's bytes, made when sent (some are megabytes; 12,000 of them at once would not fit) */
  payload: (() => Buffer) | undefined;
  /** a 400 must name one of these (the field, or `body`, `querystring`...) */
  names: string[];
  /** send on a connection of its own: the server may close it after answering */
  fresh: boolean;
}

function baseDraft(op: Operation, ctx: FuzzContext): Draft {
  const collection = op.template.split('/').filter(Boolean)[1] ?? '';
  const params = Object.fromEntries(op.pathParams.map((p) => [p.name, anyId(ctx, collection)]));
  return {
    params,
    query: [],
    body: op.body ? validValue(op.body, '', ctx) : undefined,
    mutation: 'none',
    names: [],
  };
}

function toRequest(op: Operation, identity: Identity, draft: Draft, ctx: FuzzContext): FuzzRequest {
  const path =
    op.template.replace(/\{(\w+)\}/g, (_, name: string) => draft.params[name] ?? '') +
    (draft.query.length ? `?${draft.query.join('&')}` : '');
  const headers: Record<string, string> = { ...draft.headers };
  const payload = draft.rawBody ?? (draft.body === undefined ? undefined : () => jsonBytes(draft.body));
  if (payload !== undefined && draft.contentType !== null)
    headers['content-type'] = draft.contentType ?? 'application/json';
  const authorization =
    draft.authorization !== undefined
      ? draft.authorization
      : identity === 'anonymous'
        ? null
        : `Bearer ${ctx.tokens[identity]}`;
  if (authorization !== null) headers.authorization = authorization;
  // Characters a URL may not carry raw: the HTTP parser may refuse them and close the connection.
  const unsafe = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/.test(path);
  return {
    operation: op.id,
    identity: draft.authorization !== undefined ? 'anonymous' : identity,
    mutation: draft.mutation,
    method: op.method,
    path,
    headers,
    payload,
    names: draft.names,
    fresh: (draft.fresh ?? false) || unsafe,
  };
}

/** Bad requests for every operation, each with one of the identities. */
export function badRequests(operations: Operation[], ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const perOperation = operations.map((op) => {
    const base = baseDraft(op, ctx);
    const mutations = [
      ...bodyMutations(op, base, ctx),
      ...payloadMutations(op, base),
      ...queryMutations(op, base),
      ...pathMutations(op, base),
      ...authMutations(op, base, ctx),
    ];
    return fc
      .tuple(fc.constantFrom(...IDENTITIES), fc.oneof(...mutations))
      .map(([identity, draft]) => toRequest(op, identity, draft, ctx));
  });
  return fc.oneof(...perOperation);
}

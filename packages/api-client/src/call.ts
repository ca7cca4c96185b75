import { pathOf, type Endpoint, type InputArgs, type OutputOf } from '@kloof/api-contract/endpoints';
import { takeEarlyFetch } from './early-fetches';
import { getKey, takeEarlyGet } from './early-gets';
import { http } from './http';

/** What a caller may add to one call: an explicit bearer (the auth check), or no refresh on expiry. */
export interface CallOptions {
  headers?: Record<string, string>;
  refreshOnExpiry?: boolean;
}

interface Input {
  params?: Record<string, string>;
  query?: unknown;
  body?: unknown;
}

/** The request itself, untyped: `call` and the CRUD factory type it from the declaration. */
export async function send(endpoint: Endpoint, input: Input = {}, options: CallOptions = {}): Promise<unknown> {
  // A plain GET its route started early (the host, with the page's code): that request, not a second one.
  const early =
    endpoint.method === 'GET' && Object.keys(options).length === 0
      ? await takeEarlyGet(getKey(pathOf(endpoint, input.params), input.query))
      : undefined;
  if (early) return early.data;
  // The session check's GET current-user (its bearer given explicitly) the page sent at once.
  const bearer = options.headers?.Authorization?.replace(/^Bearer /, '');
  if (endpoint.method === 'GET' && bearer && Object.keys(options.headers ?? {}).length === 1) {
    const fetched = await takeEarlyFetch(getKey(pathOf(endpoint, input.params), input.query), bearer);
    if (fetched) return fetched.data;
  }
  const { data } = await http.request<unknown>({
    method: endpoint.method,
    url: pathOf(endpoint, input.params),
    params: input.query,
    data: input.body,
    // A public operation never sends the bearer token (nor refreshes it).
    ...(endpoint.access === 'public' ? { authorization: false } : {}),
    ...options,
  });
  return data;
}

/**
 * Calls one operation of the API as its declaration says (method, path, public or bearer), typed
 * from it: `call(endpoints.projects.update, { params: { id }, body })` answers a Project.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...args: [...InputArgs<E>, options?: CallOptions]
): Promise<OutputOf<E>> {
  const [input, options] = args as unknown as [Input | undefined, CallOptions | undefined];
  return (await send(endpoint, input, options)) as OutputOf<E>;
}

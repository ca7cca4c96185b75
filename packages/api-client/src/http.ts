import { connectivity } from './connectivity/connectivity';
import type { AxiosError, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { loadAxios } from './load-axios';
import { apiBaseUrl } from './runtime-config';
import { isTokenExpired, tokenStorage } from './token-storage';
import { requestActivity } from './activity';
import { errorStatus, isTokenExpiredError } from './errors';
import { createRefresher, type Refresher } from './refresh';
import { keepReadsForOffline } from './offline-data/keep-for-offline';
import { savedReads } from './offline-data/saved-reads';
import { newTraceparent } from './traceparent';
import type { SessionEndCause } from './session-events';

/** Request timeout of every call: 300000 ms. */
export const REQUEST_TIMEOUT_MS = 300000;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set to false to send the call without the bearer access token. */
    authorization?: boolean;
    /** Set to false when the caller handles an expired token itself (the auth check does). */
    refreshOnExpiry?: boolean;
    /** Internal: this request was already retried after a refresh. */
    retriedAfterRefresh?: boolean;
  }
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : null;
}

/** Reason of a session ended by a 401 that is not an expired token (revoked or unknown session). */
export const SESSION_GONE = 'session gone';

/**
 * A 401 other than TokenExpiredError, to a call sent with this browser's current access token,
 * means the API no longer knows the session (revoked by a password change, reset or role change,
 * or signed out elsewhere). Calls that handle auth failures themselves (no authorization, or
 * refreshOnExpiry: false like the auth check) and answers to a token already replaced do not count.
 */
export function meansSessionGone(error: AxiosError): boolean {
  const config = error.config;
  if (!config || errorStatus(error) !== 401 || isTokenExpiredError(error)) return false;
  if (config.authorization === false || config.refreshOnExpiry === false) return false;
  const current = tokenStorage.accessToken();
  return tokenStorage.refreshToken() !== null && current !== null && bearerOf(config) === current;
}

/** Adds base URL, bearer token, activity counting, and the refresh-and-retry on TokenExpiredError. */
export function installInterceptors(instance: AxiosInstance, refresher: Refresher): void {
  instance.interceptors.request.use(async (config) => {
    config.baseURL = apiBaseUrl();
    if (config.authorization !== false && !config.headers.has('Authorization')) {
      // Queue behind a refresh in flight rather than sending a token about to be replaced.
      await refresher.pending()?.catch(() => undefined);
      const token = tokenStorage.accessToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
    }
    // A call repeated after a refresh keeps its trace: one call, one trace.
    if (!config.headers.has('traceparent')) config.headers.set('traceparent', newTraceparent());
    requestActivity.started();
    return config;
  });

  instance.interceptors.response.use(
    (response) => {
      requestActivity.finished();
      return response;
    },
    async (error: AxiosError) => {
      requestActivity.finished();
      // No answer at all: the network may be gone while the browser still claims one.
      if (!error.response && error.code !== 'ERR_CANCELED') connectivity().reportNetworkFailure();
      const config = error.config;
      if (meansSessionGone(error)) {
        refresher.end(SESSION_GONE, 'session-gone');
        throw error;
      }
      if (
        !config ||
        !isTokenExpiredError(error) ||
        config.authorization === false ||
        config.refreshOnExpiry === false ||
        config.retriedAfterRefresh
      ) {
        throw error;
      }
      config.retriedAfterRefresh = true;
      const stored = tokenStorage.accessToken();
      // A request that left before the refresh finished only needs the new token, not another refresh.
      if (!stored || stored === bearerOf(config) || isTokenExpired(stored)) {
        // A refused refresh ends the session (the refresher tells the auth layer, which says so).
        await refresher.refresh(bearerOf(config));
      }
      config.headers.set('Authorization', `Bearer ${tokenStorage.accessToken()}`);
      return instance.request(config);
    },
  );
}

/** Loads axios and creates an instance configured like the product's one (tests build their own). */
export async function createHttp(): Promise<{ http: AxiosInstance; refresher: Refresher }> {
  const axios = await loadAxios();
  const instance = axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  });
  const refresher = createRefresher(instance);
  installInterceptors(instance, refresher);
  keepReadsForOffline(instance, { network: connectivity(), reads: savedReads, AxiosError: axios.AxiosError });
  return { http: instance, refresher };
}

type Product = Awaited<ReturnType<typeof createHttp>>;
type Defaults = AxiosInstance['defaults'];

let product: Promise<Product> | null = null;
let loaded: AxiosInstance | null = null;
/** Defaults set before axios has loaded (tests swap the adapter); applied to the instance when it is made. */
const earlyDefaults: Partial<Defaults> = {};

/** The product's instance, made by the first call that needs it; concurrent first calls share one load. */
function productHttp(): Promise<Product> {
  product ??= createHttp().then(
    (created) => {
      Object.assign(created.http.defaults, earlyDefaults);
      loaded = created.http;
      return created;
    },
    (error: unknown) => {
      // A chunk that failed to load (offline) is fetched again by the next call.
      product = null;
      throw error;
    },
  );
  return product;
}

type Method = 'request' | 'get' | 'delete' | 'head' | 'options' | 'post' | 'put' | 'patch';

function delegate<M extends Method>(method: M): AxiosInstance[M] {
  const call = async (...args: unknown[]): Promise<unknown> => {
    const { http: instance } = await productHttp();
    return Reflect.apply(instance[method], instance, args) as unknown;
  };
  return call as unknown as AxiosInstance[M];
}

/** The product's client: axios's request methods (same typings), loading axios on the first call. */
export interface Http extends Pick<AxiosInstance, Method> {
  /** The instance's defaults once axios has loaded; set before that, they are applied when it loads. */
  readonly defaults: Partial<Defaults>;
}

/** The one client of the product, shared as a federated singleton. */
export const http: Http = {
  request: delegate('request'),
  get: delegate('get'),
  delete: delegate('delete'),
  head: delegate('head'),
  options: delegate('options'),
  post: delegate('post'),
  put: delegate('put'),
  patch: delegate('patch'),
  get defaults() {
    return loaded?.defaults ?? earlyDefaults;
  },
};

/**
 * Rotates the tokens once for every caller (and every tab) that needs it now. `endsAs`: how a
 * refusal ends the session (see Refresher.refresh).
 */
export async function refreshTokens(endsAs?: SessionEndCause) {
  const { refresher } = await productHttp();
  return refresher.refresh(undefined, endsAs);
}

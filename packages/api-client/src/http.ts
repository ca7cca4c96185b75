import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { apiBaseUrl } from './runtime-config';
import { isTokenExpired, tokenStorage } from './token-storage';
import { requestActivity } from './activity';
import { isTokenExpiredError } from './errors';
import { notifySessionExpired } from './notices';
import { createRefresher, RefreshError, type Refresher } from './refresh';

/** Request timeout of every call (spec point 9). */
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
      const config = error.config;
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
        try {
          await refresher.refresh();
        } catch (refreshError) {
          if (refreshError instanceof RefreshError && refreshError.ended) notifySessionExpired();
          throw refreshError;
        }
      }
      config.headers.set('Authorization', `Bearer ${tokenStorage.accessToken()}`);
      return instance.request(config);
    },
  );
}

/** Creates an axios instance configured like the product's one (tests build their own). */
export function createHttp(): { http: AxiosInstance; refresher: Refresher } {
  const instance = axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  });
  const refresher = createRefresher(instance);
  installInterceptors(instance, refresher);
  return { http: instance, refresher };
}

const product = createHttp();

/** The one axios instance of the product, shared as a federated singleton. */
export const http: AxiosInstance = product.http;

/** Rotates the tokens once for every caller (and every tab) that needs it now. */
export function refreshTokens() {
  return product.refresher.refresh();
}

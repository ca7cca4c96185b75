import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { apiBaseUrl } from './runtime-config';
import { tokenStorage } from './token-storage';
import { requestActivity } from './activity';

/** Request timeout of every call (spec point 9). */
export const REQUEST_TIMEOUT_MS = 300000;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set to false to send the call without the bearer access token. */
    authorization?: boolean;
  }
}

function attachToken(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.baseURL = apiBaseUrl();
  const token = tokenStorage.accessToken();
  if (config.authorization !== false && token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
}

/** The one axios instance of the product, shared as a federated singleton. */
export const http: AxiosInstance = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
});

http.interceptors.request.use((config) => {
  requestActivity.started();
  return attachToken(config);
});
http.interceptors.response.use(
  (response) => {
    requestActivity.finished();
    return response;
  },
  (error: unknown) => {
    requestActivity.finished();
    return Promise.reject(error);
  },
);

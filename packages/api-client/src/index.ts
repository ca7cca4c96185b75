export {
  http,
  createHttp,
  installInterceptors,
  refreshTokens,
  REQUEST_TIMEOUT_MS,
  SESSION_GONE,
  type Http,
} from './http';
export { createRefresher, RefreshError, REFRESH_LOCK_NAME, type Refresher } from './refresh';
export { configureRuntime, runtimeConfig, apiBaseUrl, type RuntimeConfig } from './runtime-config';
export { tokenStorage, isTokenExpired, ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, MIN_TOKEN_LENGTH } from './token-storage';
export { requestActivity } from './activity';
export { sessionEvents, type SessionEvent, type SessionEndCause } from './session-events';
export {
  CLIENT_ERRORS,
  TOKEN_EXPIRED_ERROR,
  JWT_EXPIRED,
  NETWORK_ERROR,
  apiErrorBody,
  errorMessage,
  explainApiError,
  errorStatus,
  isTokenExpiredError,
} from './errors';
export { authApi, WITH_SETTINGS, type RegisterPayload, type ResetPasswordPayload } from './calls/auth';
export { currentUserApi, type ProfileUpdate } from './calls/current-user';
export { systemApi } from './calls/system';
export { usersApi } from './calls/users';
export { workspacesApi } from './calls/workspaces';
export { projectsApi } from './calls/projects';
export { linksApi } from './calls/links';
export { dashboardApi, billingApi, contactApi } from './calls/client-area';
export * from './types';

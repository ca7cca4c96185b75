export { http, REQUEST_TIMEOUT_MS } from './http';
export { configureRuntime, runtimeConfig, apiBaseUrl, type RuntimeConfig } from './runtime-config';
export { tokenStorage, ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, type Tokens } from './token-storage';
export { requestActivity } from './activity';

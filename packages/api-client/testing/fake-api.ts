import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  API_ERRORS,
  FRESH_PROOF_REASON,
  FRESH_PROOF_SECONDS,
  type ApiErrorCode,
  type ProofKind,
} from '@kloof/api-contract/constants';

/** Builds an unsigned JWT-shaped token with the given exp (seconds); only the client decodes it. */
export function fakeJwt(exp: number, tag = 'x'): string {
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ exp, tag })}.signature`;
}

export const inOneHour = (): number => Math.floor(Date.now() / 1000) + 3600;
export const anHourAgo = (): number => Math.floor(Date.now() / 1000) - 3600;

type Handler = (
  config: InternalAxiosRequestConfig,
) => { status: number; data?: unknown } | Promise<{ status: number; data?: unknown }>;

export function respond(config: InternalAxiosRequestConfig, status: number, data?: unknown): AxiosResponse {
  const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config };
  if (status >= 400) {
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
  }
  return response;
}

/** The API's 403 asking for a fresh proof (step-up), offering `kinds`, as the re-check dialog meets it. */
export function respondProofRequired(config: InternalAxiosRequestConfig, kinds: readonly ProofKind[]): never {
  respond(config, 403, {
    statusCode: 403,
    code: 'fresh_proof_required',
    message: API_ERRORS.fresh_proof_required,
    error: 'Forbidden',
    feedback: { reason: FRESH_PROOF_REASON, kinds, maxAgeSeconds: FRESH_PROOF_SECONDS },
  });
  throw new Error('unreachable: a 403 always throws');
}

/**
 * An in-memory stand-in for the API's token rules, for unit tests of the client: one valid access
 * token, single-use rotating refresh tokens, TokenExpiredError / 'jwt expired' like the real server.
 */
export function createFakeApi(options: { refreshDelayMs?: number } = {}) {
  const state = {
    validAccess: fakeJwt(inOneHour(), 'a0'),
    validRefresh: 'refresh-token-0000000000',
    generation: 0,
    refreshCalls: 0,
    /** What the refresh endpoint answers when set (status, code and message). */
    refreshFailure: null as null | { status: number; code: ApiErrorCode; message: string },
    /** Tokens refused before their exp with a plain 401 'Unauthorized' (a wrong signature, a revoked session). */
    refusedAccess: new Set<string>(),
    requests: [] as InternalAxiosRequestConfig[],
  };
  const routes = new Map<string, Handler>();

  const adapter: AxiosAdapter = async (config) => {
    state.requests.push(config);
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    if (key === 'POST auth/refreshToken') {
      state.refreshCalls += 1;
      if (options.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
      if (state.refreshFailure) {
        const { status, code, message } = state.refreshFailure;
        return respond(config, status, { statusCode: status, code, message, error: 'Unauthorized' });
      }
      const { refreshToken } = JSON.parse(String(config.data)) as { refreshToken: string };
      if (refreshToken !== state.validRefresh) {
        return respond(config, 401, {
          statusCode: 401,
          code: 'invalid_refresh_token',
          message: API_ERRORS.invalid_refresh_token,
          error: 'Unauthorized',
        });
      }
      state.generation += 1;
      state.validAccess = fakeJwt(inOneHour(), `a${state.generation}`);
      state.validRefresh = `refresh-token-${String(state.generation).padStart(10, '0')}`;
      return respond(config, 200, { accessToken: state.validAccess, refreshToken: state.validRefresh });
    }
    const handler = routes.get(key);
    if (!handler)
      return respond(config, 404, {
        statusCode: 404,
        code: 'route_not_found',
        message: `Route ${key} not found`,
        error: 'Not Found',
      });
    if (config.authorization !== false) {
      const header = AxiosHeaders.from(config.headers).get('Authorization');
      const token = typeof header === 'string' ? header.replace(/^Bearer /, '') : '';
      if (state.refusedAccess.has(token)) {
        return respond(config, 401, {
          statusCode: 401,
          code: 'unauthorized',
          message: 'Unauthorized',
          error: 'Unauthorized',
        });
      }
      if (token !== state.validAccess) {
        return respond(config, 401, {
          statusCode: 401,
          code: 'token_expired',
          message: API_ERRORS.token_expired,
          error: 'Unauthorized',
          feedback: { expiredAt: new Date().toISOString() },
        });
      }
    }
    const { status, data } = await handler(config);
    return respond(config, status, data);
  };

  return {
    state,
    adapter,
    route(key: string, handler: Handler) {
      routes.set(key, handler);
    },
    /** The session's tokens as a signed-in browser holds them, with an expired access token. */
    expiredSession() {
      return { accessToken: fakeJwt(anHourAgo(), 'old'), refreshToken: state.validRefresh };
    },
  };
}

/** What axios gives when no answer arrives (offline, connection refused). */
export function networkError(config: InternalAxiosRequestConfig): AxiosError {
  return new AxiosError('Network Error', 'ERR_NETWORK', config);
}

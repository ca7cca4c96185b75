import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '../src/http';
import { respond, respondProofRequired } from './fake-api';
import type { ApiErrorCode, ProofKind } from '@kloof/api-contract/constants';

/** One call as a component sent it: method in capitals, path without /v1, the JSON body read back. */
export interface SentCall {
  method: string;
  url: string;
  body: any;
  config: InternalAxiosRequestConfig;
}

export interface StubAnswer {
  status: number;
  data?: unknown;
}

/** Answers keyed by 'METHOD path', e.g. 'GET current-user/passkeys'. */
export type StubRoutes = Record<string, (call: SentCall) => StubAnswer | Promise<StubAnswer>>;

export const ok = (data?: unknown): StubAnswer => ({ status: data === undefined ? 204 : 200, data: data ?? null });

/** The API's error body (statusCode, code, message, error), as the components read it. */
export function refusal(status: number, code: ApiErrorCode, message: string, feedback?: unknown): StubAnswer {
  const error = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' }[status] ?? 'Error';
  return {
    status,
    data: { statusCode: status, code, message, error, ...(feedback === undefined ? {} : { feedback }) },
  };
}

/**
 * The shared http client answered in memory for component tests: each test installs the routes it
 * needs, reads `sent`, and restores the real adapter; a path with no route answers 404.
 */
export function stubApi() {
  const realAdapter = http.defaults.adapter;
  const sent: SentCall[] = [];
  let routes: StubRoutes = {};
  const adapter: AxiosAdapter = async (config) => {
    const call: SentCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: config.data ? JSON.parse(String(config.data)) : undefined,
      config,
    };
    sent.push(call);
    const route = routes[`${call.method} ${call.url}`];
    const answer = route
      ? await route(call)
      : refusal(404, 'route_not_found', `Route ${call.method} ${call.url} not found`);
    return respond(config, answer.status, answer.data);
  };
  return {
    sent,
    install(next: StubRoutes) {
      routes = next;
      sent.length = 0;
      http.defaults.adapter = adapter;
    },
    restore() {
      http.defaults.adapter = realAdapter;
    },
  };
}

/**
 * The fresh-proof endpoint and the 403 that asks for it: `guard` wraps a route that needs a proof;
 * the proof is given by `password` (or `code` for the authenticator app, or a passkey answer whose
 * id is `passkeyId` after the passkey options).
 */
export function freshProofStub(secrets: { password: string; code?: string; passkeyId?: string }) {
  let proved = false;
  return {
    get proved() {
      return proved;
    },
    reset() {
      proved = false;
    },
    routes: {
      'POST current-user/fresh-proof/passkey/options': (): StubAnswer =>
        ok({ ceremony: '00000000-0000-4000-8000-00000000c0de', options: { challenge: 'c2lnbiBtZQ' } }),
      'POST current-user/fresh-proof': ({ body }: SentCall): StubAnswer => {
        const given = { password: body.password, totp: body.code, passkey: body.response?.id }[body.kind as ProofKind];
        const expected = { password: secrets.password, totp: secrets.code, passkey: secrets.passkeyId }[
          body.kind as ProofKind
        ];
        proved = given !== undefined && given === expected;
        if (!proved)
          return body.kind === 'password'
            ? refusal(400, 'current_password_mismatch', 'Current password is incorrect')
            : refusal(400, 'invalid_code', 'Invalid or expired code');
        return ok({ kind: body.kind, provedAt: '2030-01-01T08:00:00.000Z', validUntil: '2030-01-01T08:05:00.000Z' });
      },
    } satisfies StubRoutes,
    guard(kinds: () => readonly ProofKind[], route: StubRoutes[string]): StubRoutes[string] {
      return (call) => (proved ? route(call) : respondProofRequired(call.config, kinds()));
    },
  };
}

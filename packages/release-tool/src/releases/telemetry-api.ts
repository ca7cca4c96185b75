import { endpoints, pathOf, type Endpoint, type InputOf, type OutputOf } from '@kloof/api-contract/endpoints';
import type { TelemetrySummary } from '@kloof/release-registry/health';
import { releaseToolEnvironment, type ReleaseToolSettings } from '../settings';

/**
 * The release tools' reader of the API's telemetry summary (Admin only), through the operations the
 * API's contract declares: signs in with an Admin's e-mail and password (RELEASE_API_EMAIL,
 * RELEASE_API_PASSWORD) or uses a given access token (RELEASE_API_TOKEN), and signs in again when
 * the token runs out (the watcher runs for days).
 */
export interface ApiAccess {
  url: string;
  token?: string;
  email?: string;
  password?: string;
}

/** The API could not be read: the message says why, for the status line or the watcher's log. */
export class ApiUnavailable extends Error {
  override name = 'ApiUnavailable';
}

/**
 * Where the API is (--api, else RELEASE_API_URL, else the API `pnpm start` runs on API_PORT) and
 * how to sign in.
 */
export function apiAccess(
  urlOption: string | undefined,
  api: ReleaseToolSettings['api'] = releaseToolEnvironment().api,
): ApiAccess {
  return {
    url: (urlOption ?? api.url ?? `http://127.0.0.1:${api.port}`).replace(/\/$/, ''),
    token: api.token,
    email: api.email,
    password: api.password,
  };
}

const TIMEOUT_MS = 10_000;

interface Input {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** One operation of the API as the contract declares it, over fetch; the answer typed from the declaration. */
async function call<E extends Endpoint>(
  api: string,
  endpoint: E,
  input: InputOf<E>,
  token?: string,
): Promise<{ status: number; ok: boolean; data: () => Promise<OutputOf<E>> }> {
  const { params, query, body } = input as Input;
  const url = new URL(pathOf(endpoint, params), `${api}/v1/`);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const res = await fetch(url, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return { status: res.status, ok: res.ok, data: async () => (await res.json()) as OutputOf<E> };
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new ApiUnavailable(`could not reach the API at ${url.origin} (${why})`);
  }
}

const { auth, operations } = endpoints;

export class TelemetryApi {
  private token: string | undefined;

  constructor(private readonly access: ApiAccess) {
    this.token = access.token;
  }

  private async signIn(): Promise<string> {
    const { url, email, password } = this.access;
    if (!email || !password) {
      throw new ApiUnavailable(
        'the API needs an Admin: set RELEASE_API_EMAIL and RELEASE_API_PASSWORD (or RELEASE_API_TOKEN)',
      );
    }
    const res = await call(url, auth.login, { body: { email, password } });
    if (!res.ok) throw new ApiUnavailable(`the API refused to sign in ${email} (HTTP ${res.status})`);
    const answer = await res.data();
    // A password alone cannot finish the sign-in of an account with an authenticator app.
    if (!('accessToken' in answer))
      throw new ApiUnavailable(`${email} has a second factor: set RELEASE_API_TOKEN instead of the password`);
    this.token = answer.accessToken;
    return this.token;
  }

  /** Page loads and errors per app version since a moment. */
  async summary(since: Date, app?: string): Promise<TelemetrySummary> {
    const read = async (token: string) =>
      call(this.access.url, operations.getTelemetrySummary, { query: { since: since.toISOString(), app } }, token);
    let res = await read(this.token ?? (await this.signIn()));
    if (res.status === 401 && this.access.email) res = await read(await this.signIn());
    if (res.status === 401 || res.status === 403) {
      throw new ApiUnavailable(`the API refused the telemetry summary (HTTP ${res.status}): an Admin is needed`);
    }
    if (!res.ok) throw new ApiUnavailable(`the API answered HTTP ${res.status} for the telemetry summary`);
    return res.data();
  }
}

/** The contract versions the API at `url` serves, from its health answer (public; a 503 says it too). */
export async function readApiContract(url: string): Promise<{ contract: string; serves: string }> {
  const res = await call(url, operations.getHealth, {});
  const health = (await res.data().catch(() => null)) as { contract?: { version?: unknown; serves?: unknown } } | null;
  const { version, serves } = health?.contract ?? {};
  if (typeof version !== 'string' || typeof serves !== 'string') {
    throw new ApiUnavailable(`the API at ${url} did not say which contract versions it serves (HTTP ${res.status})`);
  }
  return { contract: version, serves };
}

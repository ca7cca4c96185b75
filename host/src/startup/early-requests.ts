import { newTraceparent } from '@kloof/api-client/traceparent';
import { inlineBootData } from '../federation/inline-boot';
import { isGated, pageAt } from '../routes/first-page';
import { pageRoutes } from '../routes/route-table';
import type { PageRoute } from '../routes/route-types';

/** Where @kloof/api-client looks for them (its early-fetches.ts; a test keeps the two equal). */
export const EARLY_FETCHES_GLOBAL = '__kloofEarlyGets';
/** The session check's request (GET current-user with the settings), keyed as the API client keys it. */
export const SESSION_CHECK_KEY = 'current-user?include=%5Bsettings%5D';

/** Seconds of an access token's `exp`, or 0 when it has none that can be read. */
function expiryOf(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' ? exp : 0;
  } catch {
    return 0;
  }
}

export interface EarlyRequestsEnv {
  routes?: readonly PageRoute[];
  storage?: Pick<Storage, 'getItem'>;
  apiHost?: () => string | undefined;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  holder?: Record<string, unknown>;
  now?: () => number;
}

/**
 * With the page's first script, before the shared modules and the app are loaded: for a
 * signed-in page opened with a good access token, the session check's GET current-user and the
 * page's declared GETs are sent at once (plain fetch: @kloof/api-client is not loadable yet) and
 * left where the client takes them over (a 2xx answer is used; anything else makes the client
 * send its own request, which then follows every rule as before). With no token, an expired
 * one, a public page, or no runtime config in the page, nothing is sent. Returns the keys sent.
 */
export function sendEarlyRequests(pathname: string, env: EarlyRequestsEnv = {}): string[] {
  const route = pageAt(pathname, env.routes ?? pageRoutes);
  if (!route || !isGated(route)) return [];
  const apiHost = (env.apiHost ?? (() => inlineBootData()?.config.apiHost))();
  let token: string | null = null;
  try {
    token = (env.storage ?? localStorage).getItem('accessToken');
  } catch {
    return [];
  }
  const nowSeconds = (env.now ?? Date.now)() / 1000;
  // The client's own rule counts a token under 16 characters as expired; the check refreshes it first.
  if (apiHost === undefined || !token || token.length < 16 || expiryOf(token) <= nowSeconds) return [];
  const holder = env.holder ?? (window as unknown as Record<string, unknown>);
  const sent = new Map<string, { bearer: string; response: Promise<Response> }>();
  const send = env.fetch ?? ((url, init) => fetch(url, init));
  for (const key of [SESSION_CHECK_KEY, ...(route.data ?? [])]) {
    const response = send(`${apiHost}/v1/${key}`, {
      headers: { Authorization: `Bearer ${token}`, traceparent: newTraceparent() },
    });
    // Unclaimed failures are the client's to repeat, not errors of the page.
    response.catch(() => undefined);
    sent.set(key, { bearer: token, response });
  }
  holder[EARLY_FETCHES_GLOBAL] = sent;
  return [...sent.keys()];
}

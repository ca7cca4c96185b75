import type { ApiResponse, TestServer } from './harness';
import { SoftAuthenticator, type AnswerOptions } from './soft-authenticator';
import type { TestUser } from './users';

/** The site origin the test server's passkeys belong to (SITE_URL, from APP_URL's default). */
export const siteOrigin = (s: TestServer) => s.config.siteUrl;

/** A phone or key of the test's own, for the test server's site. */
export const newAuthenticator = (s: TestServer, counting = true) => new SoftAuthenticator(siteOrigin(s), counting);

/** Adds a passkey the way the Security section does: options after the password, then the browser's answer. */
export async function addPasskey(
  s: TestServer,
  user: Pick<TestUser, 'accessToken' | 'password'>,
  authenticator: SoftAuthenticator,
  extra: { name?: string; answer?: AnswerOptions; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const start = await s.api('POST', '/v1/current-user/passkeys/options', {
    token: user.accessToken,
    body: { currentPassword: user.password },
  });
  if (start.status !== 200) return start;
  const response = authenticator.create(start.body.options, extra.answer);
  return s.api('POST', '/v1/current-user/passkeys', {
    token: user.accessToken,
    body: { ceremony: start.body.ceremony, response, ...(extra.name ? { name: extra.name } : {}) },
    headers: extra.headers,
  });
}

/** Signs in with a passkey alone, as the sign-in page's button does. */
export async function signInWithPasskey(
  s: TestServer,
  authenticator: SoftAuthenticator,
  answer: AnswerOptions = {},
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const start = await s.api('POST', '/v1/auth/passkey/options', { headers });
  if (start.status !== 200) return start;
  const response = authenticator.get(start.body.options, answer);
  return s.api('POST', '/v1/auth/passkey?include=[settings]', {
    body: { ceremony: start.body.ceremony, response },
    headers,
  });
}

/**
 * A fresh proof with a passkey, as the re-check dialog makes it: options asked by `optionsFor`'s
 * session (the user's own unless a test says otherwise), the authenticator's answer, the proof.
 */
export async function proveWithPasskey(
  s: TestServer,
  user: Pick<TestUser, 'accessToken'>,
  authenticator: SoftAuthenticator,
  optionsFor: Pick<TestUser, 'accessToken'> = user,
): Promise<ApiResponse> {
  const start = await s.api('POST', '/v1/current-user/fresh-proof/passkey/options', { token: optionsFor.accessToken });
  if (start.status !== 200) return start;
  const response = authenticator.get(start.body.options);
  return s.api('POST', '/v1/current-user/fresh-proof', {
    token: user.accessToken,
    body: { kind: 'passkey', ceremony: start.body.ceremony, response },
  });
}

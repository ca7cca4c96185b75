import { randomUUID } from 'node:crypto';
import { request, type APIRequestContext } from '@playwright/test';
import { scaled } from '../slowdown.js';
import { e2e } from './environment';

export interface Account {
  email: string;
  password: string;
  username: string;
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string; username: string; roles: string[]; verified: boolean };
}

/** `apiUrl`: the shared test API unless a spec started a site of its own. */
async function api(apiUrl: string = e2e.apiUrl): Promise<APIRequestContext> {
  return request.newContext({ baseURL: `${apiUrl}/` });
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

interface OutboxMail {
  id: string;
  subject: string;
  text: string;
  code?: string;
}

async function outbox(email: string, apiUrl?: string): Promise<OutboxMail[]> {
  const ctx = await api(apiUrl);
  return (await ok<{ items: OutboxMail[] }>(await ctx.get('dev/outbox', { params: { to: email } }))).items;
}

/** The id of the newest mail to an address so far (to wait for the next one), or null. */
export async function newestMailId(email: string): Promise<string | null> {
  return (await outbox(email))[0]?.id ?? null;
}

/**
 * The newest mail to an address in the API's dev outbox, with the code it carries. Mail leaves
 * through a queue, so this waits for it: for any mail, one whose subject matches, or one newer
 * than a mail seen before.
 */
export async function latestMail(
  email: string,
  wanted: { subject?: RegExp; newerThan?: string | null; apiUrl?: string } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + scaled(10_000);
  for (;;) {
    const [newest] = await outbox(email, wanted.apiUrl);
    const fits =
      newest &&
      (!wanted.subject || wanted.subject.test(newest.subject)) &&
      (!wanted.newerThan || newest.id !== wanted.newerThan);
    if (fits) return newest;
    if (Date.now() > deadline) throw new Error(`No${wanted.subject ? ` ${wanted.subject}` : ''} mail reached ${email}`);
    // A mail shows ~12 ms (median) after the request that sends it: a look every 200 ms waited ~190 ms.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@e2e.kloof.test`;
}

export async function login(
  email: string,
  password: string,
  apiUrl?: string,
): Promise<Omit<Account, 'email' | 'password' | 'username'>> {
  const ctx = await api(apiUrl);
  return ok(await ctx.post('auth/login', { data: { email, password }, params: { include: '[settings]' } }));
}

/**
 * A real account made through the API: register, confirm from the outbox, roles granted by the admin.
 * `apiUrl` names the API of a site a spec started itself (with the e2e environment, so the same admin).
 */
export async function createAccount(
  options: { verified?: boolean; roles?: string[]; email?: string; apiUrl?: string } = {},
): Promise<Account> {
  const { verified = true, roles = [], apiUrl } = options;
  const email = options.email ?? uniqueEmail(roles[0]?.toLowerCase() ?? (verified ? 'client' : 'unverified'));
  const password = `pw-${randomUUID()}`;
  const username = email.split('@')[0]!.replace(/[^a-z0-9]/gi, '');
  const ctx = await api(apiUrl);
  await ok(await ctx.post('auth/register', { data: { username, email, password, fullName: 'E2E Client' } }));
  if (verified) {
    const { code } = await latestMail(email, { apiUrl });
    await ok(await ctx.post('auth/accountConfirmation/confirm', { data: { email, otp: code } }));
  }
  if (roles.length > 0) {
    const admin = await login(e2e.admin.email, e2e.admin.password, apiUrl);
    const session = await login(email, password, apiUrl);
    // A role change needs the admin's fresh proof (step-up): the password, on the admin's session.
    await ok(
      await ctx.post('current-user/fresh-proof', {
        data: { kind: 'password', password: e2e.admin.password },
        headers: { Authorization: `Bearer ${admin.accessToken}` },
      }),
    );
    await ok(
      await ctx.patch(`users/${session.user.id}`, {
        data: { roles },
        headers: { Authorization: `Bearer ${admin.accessToken}` },
      }),
    );
  }
  return { email, password, username, ...(await login(email, password, apiUrl)) };
}

/**
 * A system user (its email is in SYSTEM_USER_EMAILS: one of e2e.systemUsers). Made once per run; when
 * it is there already (a retried spec), its password is reset through the mail outbox to sign in.
 */
export async function systemUserAccount(email: string): Promise<Account> {
  try {
    return await createAccount({ email });
  } catch {
    const password = `pw-system-${Date.now()}`;
    const ctx = await api();
    const before = await newestMailId(email);
    await ok(await ctx.post('auth/forgetPassword', { data: { email } }));
    const { code } = await latestMail(email, { newerThan: before });
    await ok(await ctx.post('auth/resetPassword', { data: { email, otp: code, password, passwordConfirm: password } }));
    const session = await login(email, password);
    return { email, password, username: session.user.username, ...session };
  }
}

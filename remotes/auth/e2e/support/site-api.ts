import { randomUUID } from 'node:crypto';
import { scaled } from '@kloof/test-kit/slowdown';

/** A signed-in account of the API at `apiUrl`. */
export interface SiteAccount {
  email: string;
  password: string;
  accessToken: string;
}

/** A JSON POST to the API at `apiUrl`, with the account's token when given; fails unless 2xx. */
export async function apiPost(
  apiUrl: string,
  path: string,
  body?: object,
  token?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${apiUrl}/${path}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A verified account made on the API at `apiUrl` (register, the code from its outbox, sign-in). */
export async function createAccountOn(apiUrl: string): Promise<SiteAccount> {
  const email = `owner-${randomUUID().slice(0, 8)}@e2e.kloof.test`;
  const password = `pw-${randomUUID()}`;
  await apiPost(apiUrl, 'auth/register', { username: email.split('@')[0]!.replace(/-/g, ''), email, password });
  const deadline = Date.now() + scaled(10_000);
  for (;;) {
    const res = await fetch(`${apiUrl}/dev/outbox?to=${encodeURIComponent(email)}`);
    const [mail] = ((await res.json()) as { items: { code?: string }[] }).items;
    if (mail?.code) {
      await apiPost(apiUrl, 'auth/accountConfirmation/confirm', { email, otp: mail.code });
      break;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail reached ${email}`);
    // Mail shows ~12 ms after the register (median): a look every 200 ms waited most of that interval.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const { accessToken } = (await apiPost(apiUrl, 'auth/login', { email, password })) as { accessToken: string };
  return { email, password, accessToken };
}

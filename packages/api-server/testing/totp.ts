import { generateSync } from 'otplib';
import type { TestServer } from './harness';
import { createUser, proveFresh, type TestUser } from './users';

/** The code an authenticator app shows for `secret` at the server's time, `steps` 30-second steps away. */
export function totpCodeAt(server: TestServer, secret: string, steps = 0): string {
  return generateSync({ secret, epoch: (server.clock.now().getTime() + steps * 30_000) / 1000 });
}

export interface TotpUser extends TestUser {
  secret: string;
  recoveryCodes: string[];
}

/** A new user with the authenticator app on; the clock moved past the confirming code's step. */
export async function createUserWithTotp(server: TestServer): Promise<TotpUser> {
  const u = await createUser(server);
  // Setting up a second factor needs a password checked in the last few minutes.
  await proveFresh(server, u);
  const enrolled = await server.api('POST', '/v1/current-user/totp', { token: u.accessToken });
  const secret = enrolled.body.secret as string;
  const confirmed = await server.api('POST', '/v1/current-user/totp/confirm', {
    token: u.accessToken,
    body: { code: totpCodeAt(server, secret) },
  });
  if (confirmed.status !== 200) throw new Error(`turning the authenticator app on failed: ${confirmed.status}`);
  server.clock.advanceSeconds(30);
  return { ...u, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

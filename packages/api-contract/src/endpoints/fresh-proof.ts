import { defineEndpoints } from './define';

/** Step-up checks: the signed-in user proves it is them again before a change that matters. */
export const freshProof = defineEndpoints({
  proveIdentity: {
    access: 'user',
    tags: ['current user'],
    method: 'POST',
    path: '/current-user/fresh-proof',
    summary:
      'Check the password, an authenticator or recovery code, or a passkey; the proof holds for this session for a few minutes',
    description:
      'Changes of e-mail, password, second factors and roles answer 403 (feedback.reason "fresh-proof-required") without a proof from the last FRESH_PROOF_SECONDS. A wrong password or code answers 400 and leaves the session alone; tries are limited per address and per account.',
    body: 'FreshProofBody',
    response: { 200: 'FreshProof' },
    errors: [400, 401, 409, 429],
  },
  startPasskeyProof: {
    access: 'user',
    tags: ['current user'],
    method: 'POST',
    path: '/current-user/fresh-proof/passkey/options',
    summary:
      'Start a proof with one of my passkeys: options for the browser, for this session, good once for a few minutes',
    response: { 200: 'PasskeyRequestStart' },
    errors: [400, 401, 429],
  },
});

/** Rules a SuperAdmin sets for every account. */
export const securitySettings = defineEndpoints({
  getSecuritySettings: {
    access: 'admin',
    tags: ['admin'],
    method: 'GET',
    path: '/settings/security',
    summary: 'Account-security rules (whether Admin and SuperAdmin accounts need a second factor)',
    response: { 200: 'SecuritySettings' },
    errors: [401, 403],
  },
  updateSecuritySettings: {
    access: 'admin',
    tags: ['admin'],
    method: 'PUT',
    path: '/settings/security',
    summary: 'Change the account-security rules (SuperAdmin only, with a fresh proof)',
    body: 'SecuritySettings',
    response: { 200: 'SecuritySettings' },
    errors: [400, 401, 403, 409],
  },
});

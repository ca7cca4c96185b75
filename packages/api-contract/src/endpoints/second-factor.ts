import { defineEndpoints } from './define';

const signedIn = { access: 'user', tags: ['current user'] } as const;

/** The signed-in user's authenticator app (TOTP): enrol, confirm, turn off, new recovery codes. */
export const secondFactor = defineEndpoints({
  getTotp: {
    ...signedIn,
    method: 'GET',
    path: '/current-user/totp',
    summary: 'Whether an authenticator app is on, and the unused recovery codes left',
    response: { 200: 'TotpStatus' },
    errors: [401],
  },
  enrolTotp: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/totp',
    summary: 'Start setting up an authenticator app: a new key, its otpauth URI and QR code (needs a fresh proof)',
    response: { 200: 'TotpEnrolment' },
    errors: [401, 403, 409, 429],
  },
  confirmTotp: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/totp/confirm',
    summary: 'Turn the authenticator app on with a code from it; returns ten recovery codes once',
    body: 'TotpCodeBody',
    response: { 200: 'RecoveryCodes' },
    errors: [400, 401, 409, 429],
  },
  disableTotp: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/totp/disable',
    summary: 'Turn the authenticator app off (needs a fresh proof with a code, a recovery code or a passkey)',
    response: { 204: 'NoContent' },
    errors: [401, 403, 409],
  },
  regenerateRecoveryCodes: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/totp/recovery-codes',
    summary: 'Ten new recovery codes, returned once; the old ones stop working (needs a fresh proof)',
    response: { 200: 'RecoveryCodes' },
    errors: [401, 403, 409],
  },
});

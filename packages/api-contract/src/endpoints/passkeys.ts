import { defineEndpoints } from './define';

const signedIn = { access: 'user', tags: ['current user'] } as const;

/** The signed-in user's passkeys (WebAuthn): list, add, rename, remove. */
export const passkeys = defineEndpoints({
  listPasskeys: {
    ...signedIn,
    method: 'GET',
    path: '/current-user/passkeys',
    summary: 'My passkeys: name, when added and last used, whether synced',
    response: { 200: 'PasskeyList' },
    errors: [401],
  },
  startPasskeyRegistration: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/passkeys/options',
    summary: 'Start adding a passkey (current password): the options for the browser, good once for a few minutes',
    body: 'PasskeyPasswordBody',
    response: { 200: 'PasskeyCreationStart' },
    errors: [400, 401, 429],
  },
  addPasskey: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/passkeys',
    summary: "Add the passkey the browser made for this session's ceremony",
    body: 'AddPasskeyBody',
    response: { 201: 'Passkey' },
    errors: [400, 401, 409],
  },
  renamePasskey: {
    ...signedIn,
    method: 'PATCH',
    path: '/current-user/passkeys/:passkeyId',
    summary: 'Rename one of my passkeys',
    params: 'PasskeyParams',
    body: 'RenamePasskeyBody',
    response: { 200: 'Passkey' },
    errors: [400, 401, 404],
  },
  removePasskey: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/passkeys/:passkeyId/remove',
    summary:
      'Remove one of my passkeys (current password; the last one also a fresh proof with a factor); it signs in no more',
    params: 'PasskeyParams',
    body: 'PasskeyPasswordBody',
    response: { 204: 'NoContent' },
    errors: [400, 401, 403, 404, 429],
  },
});

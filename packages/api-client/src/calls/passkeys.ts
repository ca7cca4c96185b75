import { endpoints } from '@kloof/api-contract/endpoints';
import type { PasskeyRegistration } from '@kloof/api-contract';
import { call } from '../call';

const { passkeys } = endpoints;

/** The signed-in user's passkeys: list, add (after the current password), rename, remove. */
export const passkeysApi = {
  list: async () => (await call(passkeys.listPasskeys)).items,
  /** The browser's options for a new passkey, and the ceremony to send its answer back with. */
  startRegistration: (currentPassword: string) =>
    call(passkeys.startPasskeyRegistration, { body: { currentPassword } }),
  add: (ceremony: string, response: PasskeyRegistration, name?: string) =>
    call(passkeys.addPasskey, { body: { ceremony, response, ...(name ? { name } : {}) } }),
  rename: (passkeyId: string, name: string) => call(passkeys.renamePasskey, { params: { passkeyId }, body: { name } }),
  remove: (passkeyId: string, currentPassword: string) =>
    call(passkeys.removePasskey, { params: { passkeyId }, body: { currentPassword } }),
};

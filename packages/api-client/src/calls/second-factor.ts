import { endpoints } from '@kloof/api-contract/endpoints';
import { call } from '../call';

const { secondFactor } = endpoints;

/** The signed-in user's authenticator app: status, set up, confirm, turn off. */
export const totpApi = {
  status: () => call(secondFactor.getTotp),
  enrol: () => call(secondFactor.enrolTotp),
  confirm: async (code: string) => (await call(secondFactor.confirmTotp, { body: { code } })).recoveryCodes,
  disable: (currentPassword: string, code: string) =>
    call(secondFactor.disableTotp, { body: { currentPassword, code } }),
};

import { endpoints } from '@kloof/api-contract/endpoints';
import { call } from '../call';

export const systemApi = {
  /** E-mail addresses of the system users. */
  systemUsers: () => call(endpoints.account.listSystemUsers),
  health: () => call(endpoints.operations.getHealth),
};

import { endpoints, pathOf } from '@kloof/api-contract/endpoints';
import type { DeletionBody, EmailChangeBody, ExportQuery, PendingDeletionQuery } from '@kloof/api-contract';
import { call } from '../call';
import { http } from '../http';

const { dataRights } = endpoints;

/** The user's data is theirs: change the address, take everything, delete the account; the admins' pending deletions. */
export const dataRightsApi = {
  requestEmailChange: (body: EmailChangeBody) => call(dataRights.requestEmailChange, { body }),
  confirmEmailChange: (token: string) => call(dataRights.confirmEmailChange, { body: { token } }),
  /** The export as a file to save (a Blob: the API streams it, the browser keeps it until it is saved). */
  exportMyData: async (format: NonNullable<ExportQuery['format']>) => {
    try {
      const { data } = await http.request<Blob>({
        method: dataRights.exportMyData.method,
        url: pathOf(dataRights.exportMyData),
        params: { format },
        responseType: 'blob',
      });
      return data;
    } catch (error) {
      // An error answer arrives as a Blob too: read it back into the JSON every error handler reads.
      const response = (error as { response?: { data?: unknown } }).response;
      if (response?.data instanceof Blob) response.data = JSON.parse(await response.data.text()) as unknown;
      throw error;
    }
  },
  deletionPolicy: () => call(dataRights.getDeletionPolicy),
  requestDeletion: (body: DeletionBody) => call(dataRights.requestDeletion, { body }),
  listPendingDeletions: (query: PendingDeletionQuery = {}) => call(dataRights.listPendingDeletions, { query }),
  cancelDeletion: (userId: string) => call(dataRights.cancelDeletion, { params: { id: userId } }),
};

import { endpoints } from '@kloof/api-contract/endpoints';
import type { ContactBody, ContactListQuery } from '@kloof/api-contract';
import { call } from '../call';
import { ownedCrudApi } from './owned-crud';

const { overview, contact } = endpoints;

export const workspacesApi = ownedCrudApi(endpoints.workspaces);
export const projectsApi = ownedCrudApi(endpoints.projects);
export const linksApi = ownedCrudApi(endpoints.links);

export const dashboardApi = {
  get: () => call(overview.getDashboard),
};

export const billingApi = {
  get: () => call(overview.getBilling),
};

export const contactApi = {
  /** The public contact form: no sign-in needed. */
  send: (input: ContactBody) => call(contact.sendContactMessage, { body: input }),
  /** Messages received (admins). */
  list: (query: ContactListQuery = {}) => call(contact.listContactMessages, { query }),
};

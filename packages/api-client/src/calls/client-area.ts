import { http } from '../http';
import type {
  Billing,
  ContactBody,
  ContactListQuery,
  ContactPage,
  ContactReceipt,
  Dashboard,
} from '@kloof/api-contract';

export const dashboardApi = {
  async get() {
    const { data } = await http.get<Dashboard>('dashboard');
    return data;
  },
};

export const billingApi = {
  async get() {
    const { data } = await http.get<Billing>('billing');
    return data;
  },
};

export const contactApi = {
  /** The public contact form: no sign-in needed. */
  async send(input: ContactBody) {
    const { data } = await http.post<ContactReceipt>('contact', input, { authorization: false });
    return data;
  },
  /** Messages received (admins). */
  async list(query: ContactListQuery = {}) {
    const { data } = await http.get<ContactPage>('contact', { params: query });
    return data;
  },
};

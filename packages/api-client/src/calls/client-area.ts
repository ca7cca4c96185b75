import { http } from '../http';
import type { Billing, ContactMessage, Dashboard, Page } from '../types';

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
  async send(input: { name: string; email: string; company?: string; message: string }) {
    const { data } = await http.post<{ id: string; message: string }>('contact', input, { authorization: false });
    return data;
  },
  /** Messages received (admins). */
  async list(query: { page?: number; pageSize?: number } = {}) {
    const { data } = await http.get<Page<ContactMessage>>('contact', { params: query });
    return data;
  },
};

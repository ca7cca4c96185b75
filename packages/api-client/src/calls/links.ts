import { http } from '../http';
import type { CreateLinkBody, Link, LinkListQuery, UpdateLinkBody } from '@kloof/api-contract';

export const linksApi = {
  async list(query: LinkListQuery = {}) {
    const { data } = await http.get<Link[]>('links', { params: query });
    return data;
  },
  async get(id: string) {
    const { data } = await http.get<Link>(`links/${encodeURIComponent(id)}`);
    return data;
  },
  async create(input: CreateLinkBody) {
    const { data } = await http.post<Link>('links', input);
    return data;
  },
  async update(id: string, changes: UpdateLinkBody) {
    const { data } = await http.patch<Link>(`links/${encodeURIComponent(id)}`, changes);
    return data;
  },
  async remove(id: string): Promise<void> {
    await http.delete(`links/${encodeURIComponent(id)}`);
  },
};

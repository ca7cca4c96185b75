import { http } from '../http';
import type { Link } from '../types';

export const linksApi = {
  async list(query: { workspaceId?: string; projectId?: string } = {}) {
    const { data } = await http.get<Link[]>('links', { params: query });
    return data;
  },
  async get(id: string) {
    const { data } = await http.get<Link>(`links/${encodeURIComponent(id)}`);
    return data;
  },
  async create(input: { workspaceId: string; projectId?: string | null; title: string; url: string }) {
    const { data } = await http.post<Link>('links', input);
    return data;
  },
  async update(id: string, changes: { projectId?: string | null; title?: string; url?: string }) {
    const { data } = await http.patch<Link>(`links/${encodeURIComponent(id)}`, changes);
    return data;
  },
  async remove(id: string): Promise<void> {
    await http.delete(`links/${encodeURIComponent(id)}`);
  },
};

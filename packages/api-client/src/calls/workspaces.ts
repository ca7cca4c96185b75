import { http } from '../http';
import type { CreateWorkspaceBody, UpdateWorkspaceBody, Workspace } from '@kloof/api-contract';

export const workspacesApi = {
  async list() {
    const { data } = await http.get<Workspace[]>('workspaces');
    return data;
  },
  async get(id: string) {
    const { data } = await http.get<Workspace>(`workspaces/${encodeURIComponent(id)}`);
    return data;
  },
  async create(input: CreateWorkspaceBody) {
    const { data } = await http.post<Workspace>('workspaces', input);
    return data;
  },
  async update(id: string, changes: UpdateWorkspaceBody) {
    const { data } = await http.patch<Workspace>(`workspaces/${encodeURIComponent(id)}`, changes);
    return data;
  },
  /** Deletes the workspace with its projects and links. */
  async remove(id: string): Promise<void> {
    await http.delete(`workspaces/${encodeURIComponent(id)}`);
  },
};

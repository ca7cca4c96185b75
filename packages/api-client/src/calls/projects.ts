import { http } from '../http';
import type { CreateProjectBody, Project, ProjectListQuery, UpdateProjectBody } from '@kloof/api-contract';

export const projectsApi = {
  async list(query: ProjectListQuery = {}) {
    const { data } = await http.get<Project[]>('projects', { params: query });
    return data;
  },
  async get(id: string) {
    const { data } = await http.get<Project>(`projects/${encodeURIComponent(id)}`);
    return data;
  },
  async create(input: CreateProjectBody) {
    const { data } = await http.post<Project>('projects', input);
    return data;
  },
  async update(id: string, changes: UpdateProjectBody) {
    const { data } = await http.patch<Project>(`projects/${encodeURIComponent(id)}`, changes);
    return data;
  },
  async remove(id: string): Promise<void> {
    await http.delete(`projects/${encodeURIComponent(id)}`);
  },
};

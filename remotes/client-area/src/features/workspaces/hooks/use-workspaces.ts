import { workspacesApi, type Workspace } from '@kloof/api-client';
import { useResource, type Resource } from '@kloof/ui';

/** The signed-in user's workspaces, newest first. */
export function useWorkspaces(): Resource<Workspace[]> {
  return useResource(() => workspacesApi.list(), []);
}

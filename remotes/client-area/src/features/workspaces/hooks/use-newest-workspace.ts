import { workspacesApi, type Workspace } from '@kloof/api-client';
import { useResource, type Resource } from '@kloof/ui';

/**
 * The signed-in user's newest workspace, null when they have none: one row asked, not the list.
 * It says whether projects and links can be made yet, and is the workspace a new one starts in.
 */
export function useNewestWorkspace(): Resource<Workspace | null> {
  return useResource(async () => (await workspacesApi.list({ limit: 1 })).items[0] ?? null, []);
}

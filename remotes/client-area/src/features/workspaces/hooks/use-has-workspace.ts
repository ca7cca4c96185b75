import { workspacesApi } from '@kloof/api-client';
import { useResource, type Resource } from '@kloof/ui';

/** Whether the signed-in user has a workspace yet: one row asked, not the list. */
export function useHasWorkspace(): Resource<boolean> {
  return useResource(async () => (await workspacesApi.list({ limit: 1 })).items.length > 0, []);
}

import type { WorkspaceRole } from '@kloof/api-client';

/** The roles as the screens name them, with what each may do. */
export const roleOptions: readonly { value: WorkspaceRole; label: string }[] = [
  { value: 'viewer', label: 'Viewer: sees projects and links' },
  { value: 'editor', label: 'Editor: adds and changes projects and links' },
  { value: 'owner', label: 'Owner: also manages members and the workspace' },
];

export const roleName: Record<WorkspaceRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

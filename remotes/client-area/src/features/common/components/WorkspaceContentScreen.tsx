import type { ReactNode } from 'react';
import type { Workspace } from '@kloof/api-client';
import { ButtonLink, EmptyState, PageHeader, type Resource } from '@kloof/ui';
import { NewButton } from './NewButton';

interface Props {
  title: string;
  description: string;
  /** The user's workspaces: with none yet, the screen shows the way to create one instead. */
  workspaces: Resource<Workspace[]>;
  /** The text of the New button (in the header and in the empty list), e.g. "New link". */
  newLabel: string;
  onCreate: () => void;
  /** Why this content needs a workspace, e.g. "Projects live in a workspace…". */
  needsWorkspace: string;
  /** The content, given the New button for its empty state. */
  children: (newButton: ReactNode) => ReactNode;
}

/** The frame of a screen of workspace content (projects, links): its header, then the content or the first step. */
export function WorkspaceContentScreen({
  title,
  description,
  workspaces,
  newLabel,
  onCreate,
  needsWorkspace,
  children,
}: Props) {
  const noWorkspaces = workspaces.data !== undefined && workspaces.data.length === 0;
  const newButton = (
    <NewButton onClick={onCreate} disabled={(workspaces.data ?? []).length === 0}>
      {newLabel}
    </NewButton>
  );
  return (
    <section>
      <PageHeader title={title} description={description} actions={noWorkspaces ? null : newButton} />
      {noWorkspaces ? (
        <EmptyState
          title="Create a workspace first"
          action={<ButtonLink to="/workspaces">Go to workspaces</ButtonLink>}
        >
          <p>{needsWorkspace}</p>
        </EmptyState>
      ) : (
        children(newButton)
      )}
    </section>
  );
}

/** The name of a workspace in the list, for the meta line of its projects and links. */
export function workspaceName(workspaces: readonly Workspace[], id: string): string {
  return workspaces.find((w) => w.id === id)?.name ?? 'Workspace';
}

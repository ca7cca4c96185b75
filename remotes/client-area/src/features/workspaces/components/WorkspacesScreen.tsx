import { Link } from 'react-router-dom';
import { FolderKanban } from 'lucide-react';
import { errorMessage, workspacesApi, type Workspace } from '@kloof/api-client';
import { autoGrid, EmptyState, formatDate, PageHeader, panel, plainList, ResourceState } from '@kloof/ui';
import { useEditor } from '../../common/use-editor';
import { plural } from '../../common/plural';
import { RowActions } from '../../common/components/RowActions';
import { DeleteDialog } from '../../common/components/DeleteDialog';
import { NewButton } from '../../common/components/NewButton';
import { useWorkspaces } from '../hooks/use-workspaces';
import { WorkspaceForm } from './WorkspaceForm';

/** Workspaces: list, create, edit, delete (with its projects and links). */
export function WorkspacesScreen() {
  const workspaces = useWorkspaces();
  const editor = useEditor<Workspace>(workspaces.reload);
  const { deleting } = editor;
  const newButton = <NewButton onClick={editor.create}>New workspace</NewButton>;

  return (
    <section>
      <PageHeader
        title="Workspaces"
        description="Group your projects and links by client or product."
        actions={newButton}
      />
      <ResourceState
        resource={workspaces}
        loadingLabel="Loading workspaces"
        errorTitle="Your workspaces could not be loaded"
        errorText={errorMessage}
        empty={
          <EmptyState title="No workspaces yet" action={newButton}>
            <p>
              A workspace holds the projects and links of one client or product. Create your first one to get started.
            </p>
          </EmptyState>
        }
      >
        {(list) => (
          <ul
            aria-label="Workspaces"
            css={{
              ...plainList,
              ...autoGrid('20rem', '1rem', { fill: 'auto-fill' }),
            }}
          >
            {list.map((workspace) => (
              <li
                key={workspace.id}
                css={(theme) => ({
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '0.75rem',
                  padding: '1.25rem',
                  ...panel(theme),
                })}
              >
                <div>
                  <h2 css={{ margin: 0, fontSize: '1.125rem', overflowWrap: 'anywhere' }}>{workspace.name}</h2>
                  <p
                    css={(theme) => ({
                      margin: '0.375rem 0 0',
                      color: theme.colors.textMuted,
                      overflowWrap: 'anywhere',
                    })}
                  >
                    {workspace.description || 'No description'}
                  </p>
                </div>
                <p
                  css={(theme) => ({
                    margin: 0,
                    fontSize: '0.875rem',
                    color: theme.colors.textMuted,
                    display: 'flex',
                    alignItems: 'center',
                    gap: '0.375rem',
                  })}
                >
                  <FolderKanban aria-hidden="true" size={16} />
                  <Link to={`/projects?workspace=${workspace.id}`}>{plural(workspace.projectCount, 'project')}</Link>
                  <span aria-hidden="true">·</span>
                  <span>Updated {formatDate(workspace.updatedAt)}</span>
                </p>
                <div css={{ marginTop: 'auto' }}>
                  <RowActions name={workspace.name} item={workspace} editor={editor} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ResourceState>
      {editor.form ? (
        <WorkspaceForm workspace={editor.form.item} onSaved={editor.saved} onClose={editor.close} />
      ) : null}
      {deleting ? (
        <DeleteDialog
          kind="workspace"
          name={deleting.name}
          remove={() => workspacesApi.remove(deleting.id)}
          editor={editor}
        >
          {deleting.projectCount > 0 ? (
            <p css={{ margin: '0.5rem 0 0' }}>
              Its {plural(deleting.projectCount, 'project')} and their links are deleted with it.
            </p>
          ) : null}
        </DeleteDialog>
      ) : null}
    </section>
  );
}

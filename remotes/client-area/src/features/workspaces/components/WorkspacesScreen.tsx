import { Link } from 'react-router-dom';
import { FolderKanban, Plus } from 'lucide-react';
import { errorMessage, workspacesApi, type Workspace } from '@kloof/api-client';
import { Button, EmptyState, formatDate, PageHeader, ResourceState } from '@kloof/ui';
import { useEditor } from '../../common/use-editor';
import { plural } from '../../common/plural';
import { RowActions } from '../../common/components/RowActions';
import { DeleteDialog } from '../../common/components/DeleteDialog';
import { useWorkspaces } from '../hooks/use-workspaces';
import { WorkspaceForm } from './WorkspaceForm';

/** Workspaces: list, create, edit, delete (with its projects and links). */
export function WorkspacesScreen() {
  const workspaces = useWorkspaces();
  const editor = useEditor<Workspace>();
  const saved = (): void => {
    editor.close();
    workspaces.reload();
  };
  const deleting = editor.state.mode === 'delete' ? editor.state.item : null;
  const newButton = (
    <Button onClick={editor.create}>
      <Plus aria-hidden="true" size={18} />
      New workspace
    </Button>
  );

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
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No workspaces yet" action={newButton}>
              <p>
                A workspace holds the projects and links of one client or product. Create your first one to get started.
              </p>
            </EmptyState>
          ) : (
            <ul
              aria-label="Workspaces"
              css={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'grid',
                gap: '1rem',
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
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
                    borderRadius: '1rem',
                    border: `1px solid ${theme.colors.border}`,
                    background: theme.colors.surface,
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
                    <RowActions
                      name={workspace.name}
                      onEdit={() => editor.edit(workspace)}
                      onDelete={() => editor.remove(workspace)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceState>
      {editor.state.mode === 'create' ? <WorkspaceForm onSaved={saved} onClose={editor.close} /> : null}
      {editor.state.mode === 'edit' ? (
        <WorkspaceForm workspace={editor.state.item} onSaved={saved} onClose={editor.close} />
      ) : null}
      {deleting ? (
        <DeleteDialog
          kind="workspace"
          name={deleting.name}
          remove={() => workspacesApi.remove(deleting.id)}
          onDone={saved}
          onCancel={editor.close}
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

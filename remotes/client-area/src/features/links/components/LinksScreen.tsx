import { ExternalLink, Plus } from 'lucide-react';
import { errorMessage, linksApi, projectsApi, type Link } from '@kloof/api-client';
import {
  Button,
  ButtonLink,
  EmptyState,
  formatDate,
  PageHeader,
  ResourceState,
  SelectField,
  useResource,
  VisuallyHidden,
} from '@kloof/ui';
import { useEditor } from '../../common/use-editor';
import { useQueryParam } from '../../common/use-query-param';
import { DeleteDialog } from '../../common/components/DeleteDialog';
import { ItemList, ItemMeta, ItemRow } from '../../common/components/ItemRow';
import { RowActions } from '../../common/components/RowActions';
import { WorkspaceFilter } from '../../common/components/WorkspaceFilter';
import { useWorkspaces } from '../../workspaces/hooks/use-workspaces';
import { LinkForm } from './LinkForm';

/** Links of the user's workspaces and projects (?workspace=, ?project=): list, create, edit, delete. */
export function LinksScreen() {
  const workspaces = useWorkspaces();
  const projects = useResource(() => projectsApi.list(), []);
  const [workspaceId, setWorkspaceId] = useQueryParam('workspace');
  const [projectId, setProjectId] = useQueryParam('project');
  const links = useResource(
    () => linksApi.list({ ...(workspaceId ? { workspaceId } : {}), ...(projectId ? { projectId } : {}) }),
    [workspaceId, projectId],
  );
  const editor = useEditor<Link>();
  const deleting = editor.state.mode === 'delete' ? editor.state.item : null;
  const saved = (): void => {
    editor.close();
    links.reload();
  };
  const workspaceList = workspaces.data ?? [];
  const projectList = projects.data ?? [];
  const projectFilterOptions = projectList.filter((p) => !workspaceId || p.workspaceId === workspaceId);
  const noWorkspaces = workspaces.data !== undefined && workspaceList.length === 0;
  const workspaceName = (id: string): string => workspaceList.find((w) => w.id === id)?.name ?? 'Workspace';
  const projectName = (id: string | null): string | null =>
    id ? (projectList.find((p) => p.id === id)?.name ?? null) : null;

  const newButton = (
    <Button onClick={editor.create} disabled={workspaceList.length === 0}>
      <Plus aria-hidden="true" size={18} />
      New link
    </Button>
  );

  return (
    <section>
      <PageHeader
        title="Links"
        description="Staging sites, designs, documents: the addresses your projects need."
        actions={noWorkspaces ? null : newButton}
      />
      {noWorkspaces ? (
        <EmptyState
          title="Create a workspace first"
          action={<ButtonLink to="/workspaces">Go to workspaces</ButtonLink>}
        >
          <p>Links belong to a workspace, and optionally to one of its projects.</p>
        </EmptyState>
      ) : (
        <>
          <div
            css={{
              display: 'grid',
              gap: '0 1rem',
              gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 20rem))',
            }}
          >
            <WorkspaceFilter
              workspaces={workspaceList}
              value={workspaceId}
              onChange={(value) => {
                setWorkspaceId(value);
                if (projectId) setProjectId('');
              }}
            />
            <SelectField
              label="Project"
              value={projectId}
              onChange={(e) => setProjectId(e.target.value)}
              options={[
                { value: '', label: 'All projects' },
                ...projectFilterOptions.map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
          </div>
          <ResourceState
            resource={links}
            loadingLabel="Loading links"
            errorTitle="Your links could not be loaded"
            errorText={errorMessage}
          >
            {(list) =>
              list.length === 0 ? (
                <EmptyState title="No links here yet" action={newButton}>
                  <p>Keep the addresses of a project in one place: staging, production, designs, documents.</p>
                </EmptyState>
              ) : (
                <ItemList label="Links">
                  {list.map((link) => (
                    <ItemRow
                      key={link.id}
                      actions={
                        <RowActions
                          name={link.title}
                          onEdit={() => editor.edit(link)}
                          onDelete={() => editor.remove(link)}
                        />
                      }
                    >
                      <h2 css={{ margin: 0, fontSize: '1.0625rem' }}>
                        <a
                          href={link.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          css={{
                            display: 'inline-flex',
                            alignItems: 'center',
                            gap: '0.375rem',
                            overflowWrap: 'anywhere',
                          }}
                        >
                          {link.title}
                          <ExternalLink aria-hidden="true" size={15} />
                          <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                        </a>
                      </h2>
                      <ItemMeta>
                        <span css={{ overflowWrap: 'anywhere' }}>{link.url}</span>
                      </ItemMeta>
                      <ItemMeta>
                        <span>{workspaceName(link.workspaceId)}</span>
                        {projectName(link.projectId) ? <span>{projectName(link.projectId)}</span> : null}
                        <span>Added {formatDate(link.createdAt)}</span>
                      </ItemMeta>
                    </ItemRow>
                  ))}
                </ItemList>
              )
            }
          </ResourceState>
        </>
      )}
      {editor.state.mode === 'create' ? (
        <LinkForm
          workspaces={workspaceList}
          projects={projectList}
          workspaceId={workspaceId || undefined}
          projectId={projectId || undefined}
          onSaved={saved}
          onClose={editor.close}
        />
      ) : null}
      {editor.state.mode === 'edit' ? (
        <LinkForm
          workspaces={workspaceList}
          projects={projectList}
          link={editor.state.item}
          onSaved={saved}
          onClose={editor.close}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          kind="link"
          name={deleting.title}
          remove={() => linksApi.remove(deleting.id)}
          onDone={saved}
          onCancel={editor.close}
        />
      ) : null}
    </section>
  );
}

import { errorMessage, linksApi, projectsApi, type Link } from '@kloof/api-client';
import { autoGrid, EmptyState, formatDate, ResourceState, SelectField, useResource } from '@kloof/ui';
import { useEditor } from '../../common/use-editor';
import { useQueryParam } from '../../common/use-query-param';
import { DeleteDialog } from '../../common/components/DeleteDialog';
import { ExternalAnchor } from '../../common/components/ExternalAnchor';
import { WorkspaceContentScreen, workspaceName } from '../../common/components/WorkspaceContentScreen';
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
  const editor = useEditor<Link>(links.reload);
  const { deleting } = editor;
  const workspaceList = workspaces.data ?? [];
  const projectList = projects.data ?? [];
  const projectFilterOptions = projectList.filter((p) => !workspaceId || p.workspaceId === workspaceId);
  const projectName = (id: string | null): string | null =>
    id ? (projectList.find((p) => p.id === id)?.name ?? null) : null;

  return (
    <WorkspaceContentScreen
      title="Links"
      description="Staging sites, designs, documents: the addresses your projects need."
      workspaces={workspaces}
      newLabel="New link"
      onCreate={editor.create}
      needsWorkspace="Links belong to a workspace, and optionally to one of its projects."
    >
      {(newButton) => (
        <>
          <div
            css={{
              ...autoGrid('14rem', '0 1rem', { max: '20rem' }),
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
            empty={
              <EmptyState title="No links here yet" action={newButton}>
                <p>Keep the addresses of a project in one place: staging, production, designs, documents.</p>
              </EmptyState>
            }
          >
            {(list) => (
              <ItemList label="Links">
                {list.map((link) => (
                  <ItemRow key={link.id} actions={<RowActions name={link.title} item={link} editor={editor} />}>
                    <h2 css={{ margin: 0, fontSize: '1.0625rem' }}>
                      <ExternalAnchor href={link.url} iconSize={15}>
                        {link.title}
                      </ExternalAnchor>
                    </h2>
                    <ItemMeta>
                      <span css={{ overflowWrap: 'anywhere' }}>{link.url}</span>
                    </ItemMeta>
                    <ItemMeta>
                      <span>{workspaceName(workspaceList, link.workspaceId)}</span>
                      {projectName(link.projectId) ? <span>{projectName(link.projectId)}</span> : null}
                      <span>Added {formatDate(link.createdAt)}</span>
                    </ItemMeta>
                  </ItemRow>
                ))}
              </ItemList>
            )}
          </ResourceState>
          {editor.form ? (
            <LinkForm
              workspaces={workspaceList}
              projects={projectList}
              link={editor.form.item}
              workspaceId={workspaceId || undefined}
              projectId={projectId || undefined}
              onSaved={editor.saved}
              onClose={editor.close}
            />
          ) : null}
          {deleting ? (
            <DeleteDialog
              kind="link"
              name={deleting.title}
              remove={() => linksApi.remove(deleting.id)}
              editor={editor}
            />
          ) : null}
        </>
      )}
    </WorkspaceContentScreen>
  );
}

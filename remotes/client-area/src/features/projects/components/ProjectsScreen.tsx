import { Link } from 'react-router-dom';
import { Link2 } from 'lucide-react';
import { errorMessage, projectsApi, type Project } from '@kloof/api-client';
import { Badge, EmptyState, formatDate, ResourceState, useResource } from '@kloof/ui';
import { useEditor } from '../../common/use-editor';
import { useQueryParam } from '../../common/use-query-param';
import { DeleteDialog } from '../../common/components/DeleteDialog';
import { WorkspaceContentScreen, workspaceName } from '../../common/components/WorkspaceContentScreen';
import { ItemList, ItemMeta, ItemRow } from '../../common/components/ItemRow';
import { RowActions } from '../../common/components/RowActions';
import { WorkspaceFilter } from '../../common/components/WorkspaceFilter';
import { useWorkspaces } from '../../workspaces/hooks/use-workspaces';
import { projectStatus } from '../status';
import { ProjectForm } from './ProjectForm';

/** Projects, optionally of one workspace (?workspace=): list, create, edit, delete. */
export function ProjectsScreen() {
  const workspaces = useWorkspaces();
  const [workspaceId, setWorkspaceId] = useQueryParam('workspace');
  const projects = useResource(() => projectsApi.list(workspaceId ? { workspaceId } : {}), [workspaceId]);
  const editor = useEditor<Project>(projects.reload);
  const { deleting } = editor;
  const workspaceList = workspaces.data ?? [];

  return (
    <WorkspaceContentScreen
      title="Projects"
      description="Every project of your workspaces, with its status."
      workspaces={workspaces}
      newLabel="New project"
      onCreate={editor.create}
      needsWorkspace="Projects live in a workspace. Create a workspace, then add its projects here."
    >
      {(newButton) => (
        <>
          <div css={{ maxWidth: '20rem' }}>
            <WorkspaceFilter workspaces={workspaceList} value={workspaceId} onChange={setWorkspaceId} />
          </div>
          <ResourceState
            resource={projects}
            loadingLabel="Loading projects"
            errorTitle="Your projects could not be loaded"
            errorText={errorMessage}
            empty={
              <EmptyState
                title={workspaceId ? 'No projects in this workspace yet' : 'No projects yet'}
                action={newButton}
              >
                <p>Add a project to track its status and keep its links together.</p>
              </EmptyState>
            }
          >
            {(list) => (
              <ItemList label="Projects">
                {list.map((project) => (
                  <ItemRow key={project.id} actions={<RowActions name={project.name} item={project} editor={editor} />}>
                    <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' }}>
                      <h2 css={{ margin: 0, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}>{project.name}</h2>
                      <Badge tone={projectStatus[project.status].tone}>{projectStatus[project.status].label}</Badge>
                    </div>
                    {project.description ? (
                      <p
                        css={(theme) => ({
                          margin: '0.25rem 0 0',
                          color: theme.colors.textMuted,
                          overflowWrap: 'anywhere',
                        })}
                      >
                        {project.description}
                      </p>
                    ) : null}
                    <ItemMeta>
                      <span>{workspaceName(workspaceList, project.workspaceId)}</span>
                      <span>Updated {formatDate(project.updatedAt)}</span>
                      <Link
                        to={`/links?workspace=${project.workspaceId}&project=${project.id}`}
                        css={{ display: 'inline-flex', alignItems: 'center', gap: '0.25rem' }}
                      >
                        <Link2 aria-hidden="true" size={15} />
                        Links
                      </Link>
                    </ItemMeta>
                  </ItemRow>
                ))}
              </ItemList>
            )}
          </ResourceState>
          {editor.form ? (
            <ProjectForm
              workspaces={workspaceList}
              project={editor.form.item}
              workspaceId={workspaceId || undefined}
              onSaved={editor.saved}
              onClose={editor.close}
            />
          ) : null}
          {deleting ? (
            <DeleteDialog
              kind="project"
              name={deleting.name}
              remove={() => projectsApi.remove(deleting.id)}
              editor={editor}
            >
              <p css={{ margin: '0.5rem 0 0' }}>Its links stay in the workspace, without a project.</p>
            </DeleteDialog>
          ) : null}
        </>
      )}
    </WorkspaceContentScreen>
  );
}

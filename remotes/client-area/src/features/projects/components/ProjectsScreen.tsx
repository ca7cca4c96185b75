import { Link } from 'react-router-dom';
import { Link2 } from 'lucide-react';
import { projectsApi } from '@kloof/api-client';
import { Badge, EmptyState, formatDate, useResource } from '@kloof/ui';
import { useQueryParam } from '../../common/use-query-param';
import { ResourceScreen, workspaceName } from '../../common/components/ResourceScreen';
import { ItemMeta } from '../../common/components/ItemRow';
import { WorkspaceFilter } from '../../common/components/WorkspaceFilter';
import { useWorkspaces } from '../../workspaces/hooks/use-workspaces';
import { projectStatus } from '../status';
import { ProjectForm } from './ProjectForm';

/** Projects, optionally of one workspace (?workspace=): list, create, edit, delete. */
export function ProjectsScreen() {
  const workspaces = useWorkspaces();
  const [workspaceId, setWorkspaceId] = useQueryParam('workspace');
  const projects = useResource(() => projectsApi.list(workspaceId ? { workspaceId } : {}), [workspaceId]);
  const workspaceList = workspaces.data ?? [];

  return (
    <ResourceScreen
      noun={{ one: 'project', many: 'projects' }}
      description="Every project of your workspaces, with its status."
      items={projects}
      remove={projectsApi.remove}
      nameOf={(project) => project.name}
      needsWorkspace={{
        workspaces,
        why: 'Projects live in a workspace. Create a workspace, then add its projects here.',
      }}
      filters={
        <div css={{ maxWidth: '20rem' }}>
          <WorkspaceFilter workspaces={workspaceList} value={workspaceId} onChange={setWorkspaceId} />
        </div>
      }
      empty={(newButton) => (
        <EmptyState title={workspaceId ? 'No projects in this workspace yet' : 'No projects yet'} action={newButton}>
          <p>Add a project to track its status and keep its links together.</p>
        </EmptyState>
      )}
      layout="rows"
      renderItem={(project) => (
        <>
          <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' }}>
            <h2 css={{ margin: 0, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}>{project.name}</h2>
            <Badge tone={projectStatus[project.status].tone}>{projectStatus[project.status].label}</Badge>
          </div>
          {project.description ? (
            <p css={(theme) => ({ margin: '0.25rem 0 0', color: theme.colors.textMuted, overflowWrap: 'anywhere' })}>
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
        </>
      )}
      renderForm={({ item, onSaved, onClose }) => (
        <ProjectForm
          workspaces={workspaceList}
          project={item}
          workspaceId={workspaceId || undefined}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
      deleteNote={() => <p css={{ margin: '0.5rem 0 0' }}>Its links stay in the workspace, without a project.</p>}
    />
  );
}

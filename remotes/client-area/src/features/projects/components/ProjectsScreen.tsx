import { Link } from 'react-router-dom';
import { Link2 } from 'lucide-react';
import { PROJECT_STATUSES, projectsApi, workspacesApi, type ProjectStatus } from '@kloof/api-client';
import { Badge, EmptyState, formatDate, SelectField } from '@kloof/ui';
import { usePagedList } from '@kloof/ui/lists';
import { listQuery } from '../../common/list-query';
import { useQueryParam } from '../../common/use-query-param';
import { useOwnedFilter } from '../../common/use-owned-filter';
import { holds, ResourceScreen } from '../../common/components/ResourceScreen';
import { ItemMeta } from '../../common/components/ItemRow';
import { WorkspacePicker } from '../../common/components/WorkspacePicker';
import { useNewestWorkspace } from '../../workspaces/hooks/use-newest-workspace';
import { projectStatus, statusOptions } from '../status';
import { ProjectForm } from './ProjectForm';

/** A status from the address, if it is one (anything else shows every status). */
const knownStatus = (value: string): ProjectStatus | '' =>
  (PROJECT_STATUSES as readonly string[]).includes(value) ? (value as ProjectStatus) : '';

const WORKSPACE_FILTER = { noun: 'workspace', all: 'the projects of all workspaces' };

/** Projects a page at a time, by workspace (?workspace=), status (?status=) and name (?search=): list, create, edit, delete. */
export function ProjectsScreen() {
  const newestWorkspace = useNewestWorkspace();
  const workspace = useOwnedFilter('workspace', workspacesApi.get, WORKSPACE_FILTER);
  const { value: workspaceId, set: setWorkspaceId } = workspace;
  const [statusParam, setStatus] = useQueryParam('status');
  const [search, setSearch] = useQueryParam('search');
  const status = knownStatus(statusParam);
  const list = usePagedList(
    (after) => projectsApi.list(listQuery({ after, workspaceId, status, search })),
    [workspaceId, status, search],
  );

  return (
    <ResourceScreen
      noun={{ one: 'project', many: 'projects' }}
      description="Every project of your workspaces, with its status."
      list={list}
      search={{ label: 'Search projects', value: search, onSearch: setSearch }}
      fits={(project) =>
        (!workspaceId || project.workspaceId === workspaceId) &&
        (!status || project.status === status) &&
        holds(project.name, search)
      }
      remove={projectsApi.remove}
      nameOf={(project) => project.name}
      canChange={(item) => item.role !== 'viewer'}
      needsWorkspace={{
        newest: newestWorkspace,
        why: 'Projects live in a workspace. Create a workspace, then add its projects here.',
      }}
      filters={
        <>
          <div>
            <WorkspacePicker
              none="All workspaces"
              value={workspaceId}
              onChange={setWorkspaceId}
              hint={workspace.note}
            />
          </div>
          <SelectField
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[{ value: '', label: 'All statuses' }, ...statusOptions]}
          />
        </>
      }
      empty={(newButton) => (
        <EmptyState
          title={
            workspaceId
              ? 'No projects in this workspace yet'
              : status
                ? `No projects are ${projectStatus[status].label.toLowerCase()}`
                : 'No projects yet'
          }
          action={newButton}
        >
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
            <span>{project.workspaceName}</span>
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
          project={item}
          workspaceId={workspaceId || undefined}
          newestWorkspace={newestWorkspace.data ?? undefined}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
      deleteNote={() => <p css={{ margin: '0.5rem 0 0' }}>Its links stay in the workspace, without a project.</p>}
    />
  );
}

import { linksApi, projectsApi, workspacesApi } from '@kloof/api-client';
import { EmptyState, formatDate } from '@kloof/ui';
import { usePagedList } from '@kloof/ui/lists';
import { listQuery } from '../../common/list-query';
import { useQueryParam } from '../../common/use-query-param';
import { useOwnedFilter } from '../../common/use-owned-filter';
import { ExternalAnchor } from '../../common/components/ExternalAnchor';
import { holds, ResourceScreen } from '../../common/components/ResourceScreen';
import { ItemMeta } from '../../common/components/ItemRow';
import { ProjectPicker } from '../../common/components/ProjectPicker';
import { WorkspacePicker } from '../../common/components/WorkspacePicker';
import { useNewestWorkspace } from '../../workspaces/hooks/use-newest-workspace';
import { LinkForm } from './LinkForm';

const WORKSPACE_FILTER = { noun: 'workspace', all: 'the links of all workspaces' };
const PROJECT_FILTER = { noun: 'project', all: 'the links of all projects' };

/** Links a page at a time, by workspace (?workspace=), project (?project=) and title or address (?search=): list, create, edit, delete. */
export function LinksScreen() {
  const newestWorkspace = useNewestWorkspace();
  const workspace = useOwnedFilter('workspace', workspacesApi.get, WORKSPACE_FILTER);
  const project = useOwnedFilter('project', projectsApi.get, PROJECT_FILTER);
  const { value: workspaceId, set: setWorkspaceId } = workspace;
  const { value: projectId, set: setProjectId } = project;
  const [search, setSearch] = useQueryParam('search');
  const list = usePagedList(
    (after) => linksApi.list(listQuery({ after, workspaceId, projectId, search })),
    [workspaceId, projectId, search],
  );

  return (
    <ResourceScreen
      noun={{ one: 'link', many: 'links' }}
      description="Staging sites, designs, documents: the addresses your projects need."
      list={list}
      search={{ label: 'Search links', value: search, onSearch: setSearch }}
      fits={(link) =>
        (!workspaceId || link.workspaceId === workspaceId) &&
        (!projectId || link.projectId === projectId) &&
        (holds(link.title, search) || holds(link.url, search))
      }
      remove={linksApi.remove}
      nameOf={(link) => link.title}
      canChange={(item) => item.role !== 'viewer'}
      needsWorkspace={{
        newest: newestWorkspace,
        why: 'Links belong to a workspace, and optionally to one of its projects.',
      }}
      filters={
        <>
          <div>
            <WorkspacePicker
              none="All workspaces"
              value={workspaceId}
              onChange={(value) => {
                setWorkspaceId(value);
                if (projectId) setProjectId('');
              }}
              hint={workspace.note}
            />
          </div>
          <div>
            <ProjectPicker
              workspaceId={workspaceId}
              none="All projects"
              value={projectId}
              onChange={setProjectId}
              hint={project.note}
            />
          </div>
        </>
      }
      empty={(newButton) => (
        <EmptyState title="No links here yet" action={newButton}>
          <p>Keep the addresses of a project in one place: staging, production, designs, documents.</p>
        </EmptyState>
      )}
      layout="rows"
      renderItem={(link) => (
        <>
          <h2 css={{ margin: 0, fontSize: '1.0625rem' }}>
            <ExternalAnchor href={link.url} iconSize={15}>
              {link.title}
            </ExternalAnchor>
          </h2>
          <ItemMeta>
            <span css={{ overflowWrap: 'anywhere' }}>{link.url}</span>
          </ItemMeta>
          <ItemMeta>
            <span>{link.workspaceName}</span>
            {link.projectName ? <span>{link.projectName}</span> : null}
            <span>Added {formatDate(link.createdAt)}</span>
          </ItemMeta>
        </>
      )}
      renderForm={({ item, onSaved, onClose }) => (
        <LinkForm
          link={item}
          workspaceId={workspaceId || undefined}
          newestWorkspace={newestWorkspace.data ?? undefined}
          projectId={projectId || undefined}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}

import { linksApi, projectsApi } from '@kloof/api-client';
import { autoGrid, EmptyState, formatDate, SelectField, useResource } from '@kloof/ui';
import { useQueryParam } from '../../common/use-query-param';
import { ExternalAnchor } from '../../common/components/ExternalAnchor';
import { ResourceScreen, workspaceName } from '../../common/components/ResourceScreen';
import { ItemMeta } from '../../common/components/ItemRow';
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
  const workspaceList = workspaces.data ?? [];
  const projectList = projects.data ?? [];
  const projectFilterOptions = projectList.filter((p) => !workspaceId || p.workspaceId === workspaceId);
  const projectName = (id: string | null): string | null =>
    id ? (projectList.find((p) => p.id === id)?.name ?? null) : null;

  return (
    <ResourceScreen
      noun={{ one: 'link', many: 'links' }}
      description="Staging sites, designs, documents: the addresses your projects need."
      items={links}
      remove={linksApi.remove}
      nameOf={(link) => link.title}
      needsWorkspace={{ workspaces, why: 'Links belong to a workspace, and optionally to one of its projects.' }}
      filters={
        <div css={{ ...autoGrid('14rem', '0 1rem', { max: '20rem' }) }}>
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
            <span>{workspaceName(workspaceList, link.workspaceId)}</span>
            {projectName(link.projectId) ? <span>{projectName(link.projectId)}</span> : null}
            <span>Added {formatDate(link.createdAt)}</span>
          </ItemMeta>
        </>
      )}
      renderForm={({ item, onSaved, onClose }) => (
        <LinkForm
          workspaces={workspaceList}
          projects={projectList}
          link={item}
          workspaceId={workspaceId || undefined}
          projectId={projectId || undefined}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}

import { Link } from 'react-router-dom';
import {
  dashboardApi,
  errorMessage,
  PROJECT_STATUSES,
  workspacesApi,
  type Dashboard,
  type Workspace,
} from '@kloof/api-client';
import { useAuth } from '@kloof/auth';
import {
  autoGrid,
  ButtonLink,
  Card,
  EmptyState,
  formatDate,
  PageHeader,
  plainList,
  ResourceState,
  StatCard,
  useResource,
} from '@kloof/ui';
import { ExternalAnchor } from '../../common/components/ExternalAnchor';
import { plural } from '../../common/plural';
import { StatusBreakdown } from './StatusBreakdown';

/** How many of the newest workspaces the dashboard names. */
const DASHBOARD_WORKSPACES = 5;

/** The signed-in overview: counts, projects by status, recent links, the newest workspaces. */
export function DashboardScreen() {
  const { user } = useAuth();
  const overview = useResource(() => dashboardApi.get(), []);
  // The five it shows, not the list: a client may have thousands.
  const workspaces = useResource(async () => (await workspacesApi.list({ limit: DASHBOARD_WORKSPACES })).items, []);
  const greeting = user?.fullName?.trim() || user?.username || 'there';

  return (
    <section>
      <PageHeader title="Dashboard" description={`Hello, ${greeting}. Here is where your work stands.`} />
      <ResourceState resource={overview} what="your overview" errorText={errorMessage}>
        {(data) => <Overview data={data} workspaces={workspaces.data ?? []} />}
      </ResourceState>
    </section>
  );
}

function Overview({ data, workspaces }: { data: Dashboard; workspaces: readonly Workspace[] }) {
  const totalProjects = PROJECT_STATUSES.reduce((sum, status) => sum + data.projectsByStatus[status], 0);
  if (data.workspaces === 0) {
    return (
      <EmptyState
        title="Welcome to your client area"
        action={<ButtonLink to="/workspaces">Create a workspace</ButtonLink>}
      >
        <p>Start with a workspace for a client or product; then add its projects and links.</p>
      </EmptyState>
    );
  }
  return (
    <div css={{ display: 'grid', gap: '1.5rem' }}>
      <div
        css={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 8.5rem), 1fr))' }}
      >
        <StatCard label="Workspaces" value={data.workspaces} to="/workspaces" />
        <StatCard label="Projects" value={totalProjects} to="/projects" />
        <StatCard
          label="Active"
          value={data.projectsByStatus.active}
          hint={`${data.projectsByStatus.planning} in planning`}
        />
        <StatCard
          label="Completed"
          value={data.projectsByStatus.completed}
          hint={`${data.projectsByStatus.on_hold} on hold`}
        />
      </div>
      <div
        css={{
          ...autoGrid('22rem', '1.5rem'),
          alignItems: 'start',
        }}
      >
        <Card>
          <h2 css={{ margin: '0 0 1rem', fontSize: '1.125rem' }}>Projects by status</h2>
          <StatusBreakdown counts={data.projectsByStatus} total={totalProjects} />
        </Card>
        <Card>
          <h2 css={{ margin: '0 0 1rem', fontSize: '1.125rem' }}>Recent links</h2>
          {data.recentLinks.length === 0 ? (
            <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>
              No links yet. <Link to="/links">Add your first link</Link>.
            </p>
          ) : (
            <ul css={{ ...plainList, display: 'grid', gap: '0.75rem' }}>
              {data.recentLinks.map((link) => (
                <li key={link.id}>
                  <ExternalAnchor href={link.url} iconSize={14} style={{ fontWeight: 600 }}>
                    {link.title}
                  </ExternalAnchor>
                  <span css={(theme) => ({ display: 'block', fontSize: '0.8125rem', color: theme.colors.textMuted })}>
                    Added {formatDate(link.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p css={{ margin: '1rem 0 0' }}>
            <Link to="/links">All links</Link>
          </p>
        </Card>
      </div>
      {workspaces.length > 0 ? (
        <Card>
          <h2 css={{ margin: '0 0 1rem', fontSize: '1.125rem' }}>Your workspaces</h2>
          <ul css={{ ...plainList, display: 'grid', gap: '0.5rem' }}>
            {workspaces.map((workspace) => (
              <li
                key={workspace.id}
                css={{ display: 'flex', justifyContent: 'space-between', gap: '1rem', flexWrap: 'wrap' }}
              >
                <Link to={`/projects?workspace=${workspace.id}`} css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {workspace.name}
                </Link>
                <span css={(theme) => ({ color: theme.colors.textMuted, fontSize: '0.875rem' })}>
                  {plural(workspace.projectCount, 'project')}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

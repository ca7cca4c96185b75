import { errorMessage, systemApi } from '@kloof/api-client';
import { Button, Card, PageHeader, ResourceState, useResource } from '@kloof/ui';
import { checkRegistry, REGISTRY_URL } from '../api/registry';
import { ApiHealthList } from './ApiHealthList';
import { loadReleases } from '../api/releases';
import { ReleasesTable } from './ReleasesTable';
import { RemotesTable } from './RemotesTable';

/** /system (system users): API health and version, the remote registry and who the system users are. */
export function SystemScreen() {
  const health = useResource(() => systemApi.health(), []);
  const registry = useResource(() => checkRegistry(), []);
  const systemUsers = useResource(() => systemApi.systemUsers(), []);
  const releases = useResource(() => loadReleases(), []);
  const refresh = (): void => {
    health.reload();
    registry.reload();
    releases.reload();
    systemUsers.reload();
  };

  return (
    <section>
      <PageHeader
        title="System"
        description="Health of the API and of every deployed front end."
        actions={
          <Button variant="secondary" onClick={refresh}>
            Check again
          </Button>
        }
      />
      <div css={{ display: 'grid', gap: '1.5rem' }}>
        <Card>
          <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>API</h2>
          <ResourceState
            resource={health}
            loadingLabel="Checking the API"
            errorTitle="The API did not answer"
            errorText={errorMessage}
          >
            {(data) => <ApiHealthList health={data} />}
          </ResourceState>
        </Card>
        <div>
          <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>Releases</h2>
          <p css={(theme) => ({ margin: '0 0 0.75rem', color: theme.colors.textMuted })}>
            From <code>{REGISTRY_URL}</code> and the error telemetry of the last 24 hours. A canary whose error rate
            exceeds the stable version&apos;s is rolled back by <code>pnpm release:watch</code>.
          </p>
          <ResourceState
            resource={releases}
            loadingLabel="Reading the releases"
            errorTitle="The release registry could not be read"
            errorText={errorMessage}
          >
            {(view) => <ReleasesTable view={view} />}
          </ResourceState>
        </div>
        <div>
          <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>Remote registry</h2>
          <p css={(theme) => ({ margin: '0 0 0.75rem', color: theme.colors.textMuted })}>
            From <code>{REGISTRY_URL}</code>: where the host loads each remote from. A release or rollback changes it.
          </p>
          <ResourceState
            resource={registry}
            loadingLabel="Checking the remotes"
            errorTitle="The remote registry could not be read"
            errorText={errorMessage}
          >
            {(remotes) => <RemotesTable remotes={remotes} />}
          </ResourceState>
        </div>
        <Card>
          <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>System users</h2>
          <ResourceState
            resource={systemUsers}
            loadingLabel="Loading system users"
            errorTitle="The system users could not be loaded"
            errorText={errorMessage}
          >
            {(list) => (
              <ul css={{ margin: 0, paddingLeft: '1.25rem' }}>
                {list.map((email) => (
                  <li key={email}>{email}</li>
                ))}
              </ul>
            )}
          </ResourceState>
        </Card>
      </div>
    </section>
  );
}

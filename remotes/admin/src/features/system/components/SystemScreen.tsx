import { systemApi } from '@kloof/api-client';
import { Button, PageHeader, useResource } from '@kloof/ui';
import { checkRegistry, REGISTRY_URL } from '../api/registry';
import { ApiHealthList } from './ApiHealthList';
import { loadReleases } from '../api/releases';
import { ReleasesTable } from './ReleasesTable';
import { RemotesTable } from './RemotesTable';
import { SystemSection } from './SystemSection';
import { BreakableEmail } from '../../users/components/BreakableEmail';

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
      {/* One column that may be narrower than its widest word: a long address wraps instead of pushing the cards past the page's padding. */}
      <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '1.5rem' }}>
        <SystemSection
          title="API"
          framed
          resource={health}
          loadingLabel="Checking the API"
          errorTitle="The API did not answer"
        >
          {(data) => <ApiHealthList health={data} />}
        </SystemSection>
        <SystemSection
          title="Releases"
          intro={
            <>
              From <code>{REGISTRY_URL}</code> and the error telemetry of the last 24 hours. A canary whose error rate
              exceeds the stable version&apos;s is rolled back by <code>pnpm release:watch</code>.
            </>
          }
          framed={false}
          resource={releases}
          loadingLabel="Reading the releases"
          errorTitle="The release registry could not be read"
        >
          {(view) => <ReleasesTable view={view} />}
        </SystemSection>
        <SystemSection
          title="Remote registry"
          intro={
            <>
              From <code>{REGISTRY_URL}</code>: where the host loads each remote from. A release or rollback changes it.
            </>
          }
          framed={false}
          resource={registry}
          loadingLabel="Checking the remotes"
          errorTitle="The remote registry could not be read"
        >
          {(remotes) => <RemotesTable remotes={remotes} />}
        </SystemSection>
        <SystemSection
          title="System users"
          framed
          resource={systemUsers}
          loadingLabel="Loading system users"
          errorTitle="The system users could not be loaded"
        >
          {(list) => (
            <ul css={{ margin: 0, paddingLeft: '1.25rem' }}>
              {list.map((email) => (
                <li key={email}>
                  <BreakableEmail email={email} />
                </li>
              ))}
            </ul>
          )}
        </SystemSection>
      </div>
    </section>
  );
}

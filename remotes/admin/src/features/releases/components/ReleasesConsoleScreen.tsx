import { useState } from 'react';
import { errorMessage, releasesApi, type ReleaseApp } from '@kloof/api-client';
import { autoGrid, PageHeader, ResourceState, useResource } from '@kloof/ui';
import type { ReleaseActionKind } from '../release-actions';
import { ReleaseActionDialog } from './ReleaseActionDialog';
import { ReleaseAppCard } from './ReleaseAppCard';
import { ReleaseHealthSection } from './ReleaseHealthSection';
import { ReleaseHistoryTable } from './ReleaseHistoryTable';

/**
 * /manage/releases: per app what is live, the actions a SuperAdmin or system user may take (each
 * asks why, then for a fresh proof), and the history. Admins see it read only.
 */
export function ReleasesConsoleScreen() {
  const [changes, setChanges] = useState(0);
  const overview = useResource(() => releasesApi.overview(), [changes]);
  const [open, setOpen] = useState<{ app: ReleaseApp; action: ReleaseActionKind } | null>(null);
  return (
    <section>
      <PageHeader
        title="Releases"
        description="What every app runs, its canary and rollback targets, and who changed them and why."
      />
      <ResourceState resource={overview} what="the releases" errorText={errorMessage}>
        {({ apps, sets, canChange }) => (
          <>
            {canChange ? null : <p>You can see the releases; a SuperAdmin or a system user can change them.</p>}
            <div css={autoGrid('min(18rem, 100%)', '1rem')}>
              {apps.map((app) => (
                <ReleaseAppCard
                  key={app.app}
                  app={app}
                  canChange={canChange}
                  onAction={(action) => setOpen({ app, action })}
                />
              ))}
            </div>
            {sets.length ? (
              <>
                <h2 css={{ fontSize: '1.1rem', marginTop: '1.5rem' }}>Release sets</h2>
                <ul>
                  {sets.map((set) => (
                    <li key={set.id}>
                      <code>{set.id}</code>: {set.state} of {set.apps.join(', ')}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <ReleaseHealthSection
              apps={apps.map((app) => app.app)}
              initial={apps.find((app) => app.canary)?.app ?? apps[0]?.app ?? 'marketing'}
              version={changes}
            />
          </>
        )}
      </ResourceState>
      <h2 css={{ fontSize: '1.1rem', marginTop: '1.5rem' }}>History</h2>
      <ReleaseHistoryTable version={changes} />
      {open ? (
        <ReleaseActionDialog
          app={open.app}
          action={open.action}
          onCancel={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            setChanges((n) => n + 1);
          }}
        />
      ) : null}
    </section>
  );
}

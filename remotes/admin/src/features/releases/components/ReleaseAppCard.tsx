import type { ReleaseApp } from '@kloof/api-client';
import { Badge, Button, Card, formatDateTime } from '@kloof/ui';
import { RELEASE_ACTIONS, type ReleaseActionKind } from '../release-actions';

const ACTIONS: readonly ReleaseActionKind[] = ['promote', 'share', 'abort', 'rollback'];

/** One app: its stable, canary (with its share), previous and last-known-good versions; the actions that apply. */
export function ReleaseAppCard({
  app,
  canChange,
  onAction,
}: {
  app: ReleaseApp;
  canChange: boolean;
  onAction: (action: ReleaseActionKind) => void;
}) {
  const headingId = `release-app-${app.app}`;
  const rows: [string, string | null, string | null][] = [
    ['Stable', app.stable?.version ?? null, app.stable ? released(app.stable) : null],
    [
      'Canary',
      app.canary?.version ?? null,
      app.canary ? `${app.canary.share}% of browsers, ${released(app.canary)}` : null,
    ],
    ['Previous', app.previous, null],
    ['Last known good', app.lastKnownGood, null],
  ];
  return (
    <Card aria-labelledby={headingId} role="region">
      <h2
        id={headingId}
        css={{ margin: '0 0 0.75rem', fontSize: '1.1rem', display: 'flex', gap: '0.5rem', alignItems: 'center' }}
      >
        {app.app}
        {app.canary ? <Badge tone="warning">canary {app.canary.share}%</Badge> : null}
      </h2>
      <dl css={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(7rem, auto) 1fr', gap: '0.35rem 0.75rem' }}>
        {rows.map(([term, version, detail]) => (
          <div key={term} css={{ display: 'contents' }}>
            <dt css={(theme) => ({ color: theme.colors.textMuted })}>{term}</dt>
            <dd css={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
              <code>{version ?? 'none'}</code>
              {detail ? (
                <div css={(theme) => ({ color: theme.colors.textMuted, fontSize: '0.85rem' })}>{detail}</div>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {canChange ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginTop: '1rem' }}>
          {ACTIONS.filter((action) => RELEASE_ACTIONS[action].applies(app)).map((action) => (
            <Button
              key={action}
              variant={action === 'promote' ? 'primary' : 'secondary'}
              onClick={() => onAction(action)}
              aria-label={`${RELEASE_ACTIONS[action].label} of ${app.app}`}
            >
              {RELEASE_ACTIONS[action].label}
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}

const released = (release: { releasedAt: string; releasedBy: string }) =>
  `released ${formatDateTime(release.releasedAt)}${release.releasedBy ? ` by ${release.releasedBy}` : ''}`;

import { Badge, formatDateTime, Table } from '@kloof/ui';
import { describeHealth, describeVitals, type ReleaseRow } from '@kloof/release-registry/health';
import type { ReleasesView } from '../api/releases';

function Release({ row, ratesUnavailable }: { row: ReleaseRow; ratesUnavailable: string | null }) {
  return (
    <div css={{ display: 'grid', gap: '0.25rem', minWidth: 0 }}>
      {/* A version id wraps at its hyphens, not letter by letter. */}
      <code css={{ overflowWrap: 'break-word' }}>{row.version}</code>
      <span css={(theme) => ({ color: theme.colors.textMuted, fontSize: '0.875rem' })}>
        {row.releasedBy ? (
          <>
            {`by ${row.releasedBy} at `}
            {/* Read as a date and time here; the exact instant stays in the markup and on hover. */}
            <time dateTime={row.releasedAt} title={row.releasedAt}>
              {formatDateTime(row.releasedAt)}
            </time>
          </>
        ) : (
          'released before the registry recorded who'
        )}
      </span>
      <span>{row.health ? `Errors: ${describeHealth(row.health)}` : ratesUnavailable}</span>
      {row.health && describeVitals(row.health) ? <span>{`Speed: ${describeVitals(row.health)}`}</span> : null}
    </div>
  );
}

/** Per app: the stable version and the canary, who released them when, and their error rates. */
export function ReleasesTable({ view }: { view: ReleasesView }) {
  return (
    <Table caption="Releases" columns={['App', 'Stable', 'Canary']}>
      {view.apps.map((app) => (
        <tr key={app.app}>
          <td css={{ fontWeight: 600 }}>{app.app}</td>
          <td>{app.stable ? <Release row={app.stable} ratesUnavailable={view.ratesUnavailable} /> : '—'}</td>
          <td>
            {app.canary ? (
              <div css={{ display: 'grid', gap: '0.25rem' }}>
                <span>
                  <Badge tone="warning">{`${app.canary.share}% of browsers`}</Badge>
                </span>
                <Release row={app.canary} ratesUnavailable={view.ratesUnavailable} />
              </div>
            ) : (
              'None'
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}

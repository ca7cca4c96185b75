import type { Health } from '@kloof/api-client';
import { Badge } from '@kloof/ui';

/** A status word as the API says it: ok is good, anything else (unavailable, draining, error) is not. */
function StatusBadge({ value }: { value: string }) {
  return <Badge tone={value === 'ok' ? 'success' : 'danger'}>{value}</Badge>;
}

/** "2 waiting (oldest 45 s), 1 failed", or "none waiting, none failed". */
export function describeMail(mail: NonNullable<Health['mail']>): string {
  const waiting = mail.backlog ? `${mail.backlog} waiting (oldest ${mail.oldestBacklogSeconds} s)` : 'none waiting';
  return `${waiting}, ${mail.failed ? `${mail.failed} failed` : 'none failed'}`;
}

/** The API's health, each value as words: never a raw object. */
export function ApiHealthList({ health }: { health: Health }) {
  const rows: [string, React.ReactNode][] = [
    ['Status', <StatusBadge key="status" value={health.status} />],
    ['Database', <StatusBadge key="database" value={health.database} />],
    ['Version', health.version],
    ['API contract', `${health.contract.version} (serves ${health.contract.serves})`],
    ...(health.mail ? ([['Mail', describeMail(health.mail)]] as [string, React.ReactNode][]) : []),
  ];
  return (
    <dl css={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '0.5rem 1rem' }}>
      {rows.map(([label, value]) => (
        <div key={label} css={{ display: 'contents' }}>
          <dt css={(theme) => ({ color: theme.colors.textMuted, fontWeight: 600 })}>{label}</dt>
          <dd css={{ margin: 0, overflowWrap: 'break-word', minWidth: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { CheckCircle2, XCircle } from 'lucide-react';
import { Table } from '@kloof/ui';
import type { RemoteStatus } from '../api/registry';

/** Per remote: where its manifest is, the version it reports and whether it answered. */
export function RemotesTable({ remotes }: { remotes: RemoteStatus[] }) {
  return (
    <Table caption="Remotes" columns={['Remote', 'Manifest', 'Version', 'Status']}>
      {remotes.map((remote) => (
        <tr key={remote.name}>
          <td css={{ fontWeight: 600 }}>{remote.name}</td>
          <td css={{ overflowWrap: 'anywhere' }}>
            <code>{remote.url}</code>
          </td>
          <td>{remote.version ?? '—'}</td>
          <td>
            <span
              css={(theme) => ({
                display: 'inline-flex',
                alignItems: 'center',
                gap: '0.375rem',
                color: remote.ok ? theme.colors.success : theme.colors.danger,
                fontWeight: 600,
              })}
            >
              {remote.ok ? <CheckCircle2 aria-hidden="true" size={16} /> : <XCircle aria-hidden="true" size={16} />}
              {remote.ok ? 'Reachable' : 'Down'} ({remote.detail})
            </span>
          </td>
        </tr>
      ))}
    </Table>
  );
}

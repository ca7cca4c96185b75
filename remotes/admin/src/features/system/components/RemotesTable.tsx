import { Fragment } from 'react';
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
          <td css={{ overflowWrap: 'break-word', minWidth: 0 }}>
            <code>
              {/* A path wraps after its slashes, never inside a folder's name. */}
              {remote.url.split('/').map((part, index) => (
                <Fragment key={index}>
                  {index > 0 ? (
                    <>
                      /<wbr />
                    </>
                  ) : null}
                  {part}
                </Fragment>
              ))}
            </code>
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

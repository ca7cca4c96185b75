import { errorMessage, releasesApi, type ReleaseHistoryEntry } from '@kloof/api-client';
import { EmptyState, formatDateTime, ResourceState, Table } from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';

const PAGE_SIZE = 20;
const NOUN = { one: 'change', many: 'changes' };
const COLUMNS = ['When', 'App', 'Change', 'Who', 'Why'] as const;

/** A line's from -> to; a release set's line names each app it moved. */
function moved(entry: ReleaseHistoryEntry): string {
  if (entry.apps) return entry.apps.map((move) => `${move.app} ${move.from ?? '(nothing)'} → ${move.to}`).join('; ');
  return `${entry.from ?? '(nothing)'} → ${entry.to}${entry.share !== undefined ? ` (${entry.share}%)` : ''}`;
}

/** Who released what, when and why: newest first, 20 at a time. `version` reloads it after a change. */
export function ReleaseHistoryTable({ version }: { version: number }) {
  const history = usePagedList(
    async (after) => {
      const page = await releasesApi.history({ after, limit: PAGE_SIZE });
      // A line's time, app, action and target name it; its place keeps two alike apart.
      return { ...page, items: page.items.map((entry, i) => ({ ...entry, id: `${after ?? ''}:${i}` })) };
    },
    [version],
  );
  return (
    <ResourceState resource={history.resource} what="the release history" errorText={errorMessage}>
      {(items) =>
        items.length === 0 ? (
          <EmptyState title="No releases yet">
            <p>Changes appear here when an app is released.</p>
          </EmptyState>
        ) : (
          <>
            <Table caption="Release history" columns={COLUMNS}>
              {items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.time)}</td>
                  <td>{entry.app === 'set' ? `set ${entry.set ?? ''}` : entry.app}</td>
                  <td>
                    {entry.action} <span css={{ overflowWrap: 'anywhere' }}>{moved(entry)}</span>
                  </td>
                  <td css={{ overflowWrap: 'anywhere' }}>{entry.who}</td>
                  <td>{entry.reason ?? ''}</td>
                </tr>
              ))}
            </Table>
            <LoadMore shown={items.length} noun={NOUN} more={history.more} errorText={errorMessage} />
          </>
        )
      }
    </ResourceState>
  );
}

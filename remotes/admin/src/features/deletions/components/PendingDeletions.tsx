import { useState } from 'react';
import { Link } from 'react-router-dom';
import { dataRightsApi, errorMessage, type PendingDeletion } from '@kloof/api-client';
import { Button, Card, ConfirmDialog, formatDate, ResourceState, Table, toast } from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';

const PAGE_SIZE = 20;
const NOUN = { one: 'pending deletion', many: 'pending deletions' };

/** Accounts marked for deletion, soonest erasure first; an admin can take one back (the user is mailed). */
export function PendingDeletions() {
  const list = usePagedList(async (after) => {
    const page = await dataRightsApi.listPendingDeletions({ after, limit: PAGE_SIZE });
    return { items: page.items.map((d) => ({ ...d, id: d.userId })), next: page.next };
  }, []);
  const [cancelling, setCancelling] = useState<PendingDeletion | null>(null);
  const [error, setError] = useState<string | null>(null);

  const cancel = async () => {
    if (!cancelling) return;
    setError(null);
    try {
      await dataRightsApi.cancelDeletion(cancelling.userId);
      toast.success(`The deletion of ${cancelling.email} is cancelled; they have been told by mail.`);
      setCancelling(null);
      list.resource.reload();
    } catch (err) {
      setError(`The deletion still stands. ${errorMessage(err)}`);
    }
  };

  return (
    <Card aria-labelledby="pending-deletions-heading" role="region">
      <h2 id="pending-deletions-heading" css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
        Pending deletions
      </h2>
      <ResourceState resource={list.resource} what="the pending deletions" errorText={errorMessage}>
        {(items) =>
          items.length === 0 ? (
            <p css={{ margin: 0 }}>No account is waiting to be deleted.</p>
          ) : (
            <>
              <Table caption="Accounts marked for deletion" columns={['User', 'Asked', 'Erased after', '']}>
                {items.map((d) => (
                  <tr key={d.userId}>
                    <td>
                      <Link to={`/manage/user/${d.userId}`}>{d.email}</Link>
                    </td>
                    <td css={{ whiteSpace: 'nowrap' }}>{formatDate(d.requestedAt)}</td>
                    <td css={{ whiteSpace: 'nowrap' }}>{formatDate(d.eraseAfter)}</td>
                    <td>
                      <Button
                        variant="secondary"
                        onClick={() => setCancelling(d)}
                        aria-label={`Cancel the deletion of ${d.email}`}
                      >
                        Cancel deletion
                      </Button>
                    </td>
                  </tr>
                ))}
              </Table>
              <LoadMore shown={items.length} noun={NOUN} more={list.more} errorText={errorMessage} />
            </>
          )
        }
      </ResourceState>
      {cancelling && (
        <ConfirmDialog
          title="Cancel this deletion?"
          confirmLabel="Cancel deletion"
          onConfirm={cancel}
          onCancel={() => {
            setCancelling(null);
            setError(null);
          }}
          error={error}
        >
          <p css={{ margin: 0 }}>
            {cancelling.email} keeps their account and its data; we mail them that the deletion was cancelled.
          </p>
        </ConfirmDialog>
      )}
    </Card>
  );
}

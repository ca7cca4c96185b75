/** @jsxImportSource @emotion/react */
import { useState } from 'react';
import { errorMessage, sessionsApi, type User } from '@kloof/api-client';
import { Card, ResourceState, SessionList, toast, type SessionItem } from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';

const PAGE_SIZE = 20;
/** What the list holds, as "Load more" says it. */
const NOUN = { one: 'device', many: 'devices' };

/**
 * The user's signed-in devices, each with a "Sign out" (a lost phone, a shared computer). The API
 * lets only a SuperAdmin sign a SuperAdmin out.
 */
export function UserSessions({ user }: { user: User }) {
  const devices = usePagedList((after) => sessionsApi.ofUser(user.id, { after, limit: PAGE_SIZE }), [user.id]);
  const [ending, setEnding] = useState<string | null>(null);

  const end = async (session: SessionItem) => {
    setEnding(session.id);
    try {
      await sessionsApi.endForUser(user.id, session.id);
      toast.success(`Signed ${user.username} out of ${session.browser} on ${session.os}.`);
      devices.resource.reload();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setEnding(null);
    }
  };

  return (
    <Card aria-labelledby="user-sessions-heading" role="region">
      <h2 id="user-sessions-heading" css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>
        Signed-in devices
      </h2>
      <ResourceState
        resource={devices.resource}
        what="the signed-in devices"
        errorText={errorMessage}
        empty={<p css={{ margin: 0 }}>Not signed in anywhere.</p>}
      >
        {(items) => (
          <>
            <SessionList sessions={items} markCurrent={false} onEnd={(session) => void end(session)} ending={ending} />
            <LoadMore shown={items.length} noun={NOUN} more={devices.more} errorText={errorMessage} />
          </>
        )}
      </ResourceState>
    </Card>
  );
}

/** @jsxImportSource @emotion/react */
import { activityApi, errorMessage, type User } from '@kloof/api-client';
import { ActivityTable, Card, ResourceState } from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';

const PAGE_SIZE = 20;
/** What the list holds, as "Load more" says it. */
const NOUN = { one: 'event', many: 'events' };

/** The user's activity log as the user sees it: sign-ins, new devices, security changes, newest first. */
export function UserActivity({ user }: { user: User }) {
  const events = usePagedList((after) => activityApi.ofUser(user.id, { after, limit: PAGE_SIZE }), [user.id]);
  return (
    <Card aria-labelledby="user-activity-heading" role="region" css={{ gridColumn: '1 / -1' }}>
      <h2 id="user-activity-heading" css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>
        Activity
      </h2>
      <ResourceState
        resource={events.resource}
        what="the activity"
        errorText={errorMessage}
        empty={<p css={{ margin: 0 }}>Nothing has happened on this account yet.</p>}
      >
        {(items) => (
          <>
            <ActivityTable events={items} caption={`Activity of ${user.username}`} />
            <LoadMore shown={items.length} noun={NOUN} more={events.more} errorText={errorMessage} />
          </>
        )}
      </ResourceState>
    </Card>
  );
}

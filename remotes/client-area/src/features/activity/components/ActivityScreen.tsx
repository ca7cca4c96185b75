/** @jsxImportSource @emotion/react */
import { activityApi, errorMessage } from '@kloof/api-client';
import { ActivityTable, PageHeader, ResourceState } from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';

/** The page size; the route's data declaration asks for the same first page (route-table.ts). */
export const ACTIVITY_PAGE_SIZE = 20;
/** What the list holds, as "Load more" says it. */
const NOUN = { one: 'event', many: 'events' };

/** /user/activity: what happened on the account, newest first, a page at a time. */
export function ActivityScreen() {
  const events = usePagedList((after) => activityApi.mine({ after, limit: ACTIVITY_PAGE_SIZE }), []);
  return (
    <section css={{ display: 'grid', gap: '1.5rem' }}>
      <PageHeader
        title="Activity"
        description="Sign-ins and security changes on your account, newest first. Something you do not recognise? Change your password and sign out the devices you do not know in Settings."
      />
      <ResourceState
        resource={events.resource}
        what="your activity"
        errorText={errorMessage}
        empty={<p css={{ margin: 0 }}>Nothing has happened on your account yet.</p>}
      >
        {(items) => (
          <>
            <ActivityTable events={items} caption="Your account's activity" />
            <LoadMore shown={items.length} noun={NOUN} more={events.more} errorText={errorMessage} />
          </>
        )}
      </ResourceState>
    </section>
  );
}

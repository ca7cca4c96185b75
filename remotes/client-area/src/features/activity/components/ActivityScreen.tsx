/** @jsxImportSource @emotion/react */
import { activityApi, errorMessage } from '@kloof/api-client';
import { PageHeader } from '@kloof/ui';
import { ActivityLog, usePagedList } from '@kloof/ui/lists';

/** The page size; the route's data declaration asks for the same first page (route-table.ts). */
export const ACTIVITY_PAGE_SIZE = 20;

/** /user/activity: what happened on the account, newest first, a page at a time. */
export function ActivityScreen() {
  const events = usePagedList((after) => activityApi.mine({ after, limit: ACTIVITY_PAGE_SIZE }), []);
  return (
    <section css={{ display: 'grid', gap: '1.5rem' }}>
      <PageHeader
        title="Activity"
        description="Sign-ins and security changes on your account, newest first. Something you do not recognise? Change your password and sign out the devices you do not know in Settings."
      />
      <ActivityLog
        events={events}
        caption="Your account's activity"
        what="your activity"
        empty="Nothing has happened on your account yet."
        errorText={errorMessage}
      />
    </section>
  );
}

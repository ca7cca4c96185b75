/** @jsxImportSource @emotion/react */
import { activityApi, errorMessage, type User } from '@kloof/api-client';
import { Card } from '@kloof/ui';
import { ActivityLog, usePagedList } from '@kloof/ui/lists';

const PAGE_SIZE = 20;

/** The user's activity log as the user sees it: sign-ins, new devices, security changes, newest first. */
export function UserActivity({ user }: { user: User }) {
  const events = usePagedList((after) => activityApi.ofUser(user.id, { after, limit: PAGE_SIZE }), [user.id]);
  return (
    <Card aria-labelledby="user-activity-heading" role="region" css={{ gridColumn: '1 / -1' }}>
      <h2 id="user-activity-heading" css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>
        Activity
      </h2>
      <ActivityLog
        events={events}
        caption={`Activity of ${user.username}`}
        what="the activity"
        empty="Nothing has happened on this account yet."
        errorText={errorMessage}
      />
    </Card>
  );
}

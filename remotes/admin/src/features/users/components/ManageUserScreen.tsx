import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { errorMessage, errorStatus, usersApi, type User } from '@kloof/api-client';
import { useAuth } from '@kloof/auth';
import { autoGrid, Card, formatDateTime, PageHeader, ResourceState, useResource } from '@kloof/ui';
import { canSeeSessions } from '../roles';
import { AccessForm } from './AccessForm';
import { RoleBadges, VerifiedBadge } from './UserBadges';
import { UserActivity } from './UserActivity';
import { UserSessions } from './UserSessions';
import { UserWorkspaces } from './UserWorkspaces';

/** User ids are UUIDs: anything else cannot name an account, so it is not asked for. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class NoSuchUser extends Error {}

/** No account has this id (404), or the id cannot be one (malformed): no retry can help. */
const isMissing = (error: unknown): boolean =>
  error instanceof NoSuchUser || errorStatus(error) === 404 || errorStatus(error) === 400;

/** /manage/user/:userId: one account's details, roles and verified state. */
export function ManageUserScreen() {
  const { userId = '' } = useParams();
  const { user: actor } = useAuth();
  const user = useResource(
    () => (USER_ID.test(userId) ? usersApi.get(userId) : Promise.reject(new NoSuchUser())),
    [userId],
  );

  return (
    <section>
      <p css={{ margin: '0 0 1rem' }}>
        <Link to="/manage/users" css={{ display: 'inline-flex', alignItems: 'center', gap: '0.375rem' }}>
          <ArrowLeft aria-hidden="true" size={16} />
          All users
        </Link>
      </p>
      <ResourceState
        resource={user}
        loadingLabel="Loading the user"
        errorTitle="This user could not be loaded"
        errorText={errorMessage}
        final={(error) => (isMissing(error) ? <UserNotFound /> : null)}
      >
        {(data) => (
          <>
            <PageHeader title={data.username} description={data.email} />
            <div
              css={{
                ...autoGrid('22rem', '1.5rem'),
                alignItems: 'start',
              }}
            >
              <Details user={data} />
              {actor ? (
                <AccessForm
                  key={data.id + data.roles.join() + String(data.verified)}
                  user={data}
                  actor={actor}
                  onSaved={user.setData}
                />
              ) : null}
              {actor && canSeeSessions(actor, data) ? <UserSessions user={data} /> : <StaffSessionsNote />}
              {actor && canSeeSessions(actor, data) ? <UserActivity user={data} /> : null}
              <UserWorkspaces user={data} />
            </div>
          </>
        )}
      </ResourceState>
    </section>
  );
}

/** In place of the devices an Admin may not see: says why rather than leaving a gap. */
function StaffSessionsNote() {
  return (
    <Card aria-labelledby="user-sessions-heading" role="region">
      <h2 id="user-sessions-heading" css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>
        Signed-in devices
      </h2>
      <p css={{ margin: 0 }}>Only a SuperAdmin can see or end an Admin&apos;s or a SuperAdmin&apos;s sessions.</p>
    </Card>
  );
}

function UserNotFound() {
  return (
    <PageHeader
      title="User not found"
      description="No account matches this link. It may have been deleted, or the link is mistyped."
    />
  );
}

function Details({ user }: { user: User }) {
  const rows: [string, ReactNode][] = [
    ['Email', user.email],
    ['Username', user.username],
    ['Full name', user.fullName || '—'],
    ['Company', user.company || '—'],
    ['Phone', user.phone || '—'],
    ['Roles', <RoleBadges key="roles" roles={user.roles} />],
    ['Status', <VerifiedBadge key="verified" user={user} />],
    ['Joined', user.createdAt ? formatDateTime(user.createdAt) : '—'],
  ];
  return (
    <Card>
      <h2 css={{ margin: '0 0 1rem', fontSize: '1.125rem' }}>Details</h2>
      <dl css={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', gap: '0.625rem 1rem' }}>
        {rows.map(([term, value]) => (
          <div key={term} css={{ display: 'contents' }}>
            <dt css={(theme) => ({ color: theme.colors.textMuted, fontWeight: 600 })}>{term}</dt>
            <dd css={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

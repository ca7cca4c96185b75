import { Link } from 'react-router-dom';
import { contactApi, errorMessage, type User } from '@kloof/api-client';
import { useAuth } from '@kloof/auth';
import { autoGrid, ButtonLink, Card, PageHeader, ResourceState, StatCard, useResource } from '@kloof/ui';
import { fetchAllUsers } from '../../users/api/all-users';
import { UsersTable } from '../../users/components/UsersTable';
import { MessageList } from '../../contact/components/MessageList';
import { MessagesState } from '../../contact/components/MessagesState';
import { PendingDeletions } from '../../deletions/components/PendingDeletions';

const isAdmin = (user: User): boolean => user.roles.includes('Admin') || user.roles.includes('SuperAdmin');

/** /manage: user counts, newest accounts, pending deletions and the latest contact-form messages. */
export function ManageIndexScreen() {
  const { user } = useAuth();
  const users = useResource(() => fetchAllUsers(), []);
  const messages = useResource(() => contactApi.list({ limit: 5 }), []);
  const inboxLink = user?.roles.includes('Admin') ? '/admin' : null;

  return (
    <section>
      <PageHeader
        title="Manage"
        description="Accounts and enquiries at a glance."
        actions={<ButtonLink to="/manage/users">All users</ButtonLink>}
      />
      <div css={{ display: 'grid', gap: '1.5rem' }}>
        <ResourceState
          resource={users}
          loadingLabel="Loading user counts"
          errorTitle="The users could not be loaded"
          errorText={errorMessage}
        >
          {({ users: list, complete }) => (
            <>
              <div
                css={{
                  ...autoGrid('9rem', '1rem'),
                }}
              >
                <StatCard label="Users" value={complete ? list.length : `${list.length}+`} to="/manage/users" />
                <StatCard label="Verified" value={list.filter((u) => u.verified).length} />
                <StatCard
                  label="Unverified"
                  value={list.filter((u) => !u.verified).length}
                  hint="Cannot open the client area yet"
                />
                <StatCard label="Admins" value={list.filter(isAdmin).length} hint="Admin or SuperAdmin" />
              </div>
              {complete ? null : <p>Counts cover the newest {list.length} accounts.</p>}
              <div>
                <h2 css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>Newest accounts</h2>
                <UsersTable users={list.slice(0, 5)} caption="Newest accounts" />
              </div>
            </>
          )}
        </ResourceState>
        <PendingDeletions />
        <Card>
          <h2 css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>Latest contact-form messages</h2>
          <MessagesState messages={messages}>
            {(result) => (
              <>
                <MessageList messages={result.items} compact />
                {inboxLink ? (
                  <p css={{ margin: '0.75rem 0 0' }}>
                    <Link to={inboxLink}>Open the inbox</Link>
                  </p>
                ) : null}
              </>
            )}
          </MessagesState>
        </Card>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { errorMessage } from '@kloof/api-client';
import { useAuth } from '@kloof/auth';
import { EmptyState, PageHeader, ResourceState, useResource } from '@kloof/ui';
import { fetchAllUsers } from '../api/all-users';
import { SecuritySettingsCard } from '../../security/components/SecuritySettingsCard';
import { GrantRole } from './GrantRole';
import { RoleChangeDialog, type RoleChange } from './RoleChangeDialog';
import { RoleHolders } from './RoleHolders';

/** /super (SuperAdmin only): who holds Admin or SuperAdmin, grant and remove. */
export function SuperScreen() {
  const { user: actor } = useAuth();
  const users = useResource(() => fetchAllUsers(), []);
  const [change, setChange] = useState<RoleChange | null>(null);
  // Bumped after each change so the search below starts afresh with the new roles.
  const [round, setRound] = useState(0);
  const done = (): void => {
    setChange(null);
    setRound((n) => n + 1);
    users.reload();
  };
  const actorId = actor?.id ?? '';

  return (
    <section>
      <PageHeader
        title="Super admin"
        description="Who holds which role. Granting or removing a role signs that user out everywhere."
      />
      <div css={{ display: 'grid', gap: '1.5rem' }}>
        <div>
          <h2 css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>Role holders</h2>
          <ResourceState resource={users} what="the role holders" errorText={errorMessage}>
            {({ users: list }) => {
              const holders = list.filter((u) => u.roles.length > 0);
              return holders.length === 0 ? (
                <EmptyState title="Nobody holds a role yet" />
              ) : (
                <RoleHolders users={holders} actorId={actorId} onChange={setChange} />
              );
            }}
          </ResourceState>
        </div>
        <GrantRole key={round} actorId={actorId} onChange={setChange} />
        <SecuritySettingsCard />
      </div>
      {change ? <RoleChangeDialog change={change} onDone={done} onCancel={() => setChange(null)} /> : null}
    </section>
  );
}

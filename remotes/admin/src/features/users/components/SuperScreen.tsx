import { useState } from 'react';
import { errorMessage, usersApi } from '@kloof/api-client';
import { useAuth } from '@kloof/auth';
import { EmptyState, PageHeader, ResourceState } from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';
import { SecuritySettingsCard } from '../../security/components/SecuritySettingsCard';
import { GrantRole } from './GrantRole';
import { RoleChangeDialog, type RoleChange } from './RoleChangeDialog';
import { RoleHolders } from './RoleHolders';

/** The API's largest page: role holders are few, most sites see them all at once. */
const PAGE_SIZE = 100;
/** What the list holds, as "Load more" says it. */
const NOUN = { one: 'role holder', many: 'role holders' };

/** /super (SuperAdmin only): who holds Admin or SuperAdmin, grant and remove. */
export function SuperScreen() {
  const { user: actor } = useAuth();
  // Exactly the users holding a role, however many others there are (the API filters them).
  const holders = usePagedList((after) => usersApi.list({ role: 'any', after, limit: PAGE_SIZE }), []);
  const [change, setChange] = useState<RoleChange | null>(null);
  // Bumped after each change so the search below starts afresh with the new roles.
  const [round, setRound] = useState(0);
  const done = (): void => {
    setChange(null);
    setRound((n) => n + 1);
    holders.resource.reload();
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
          <ResourceState
            resource={holders.resource}
            what="the role holders"
            errorText={errorMessage}
            empty={<EmptyState title="Nobody holds a role yet" />}
          >
            {(users) => (
              <>
                <RoleHolders users={users} actorId={actorId} onChange={setChange} />
                <LoadMore shown={users.length} noun={NOUN} more={holders.more} errorText={errorMessage} />
              </>
            )}
          </ResourceState>
        </div>
        <GrantRole key={round} actorId={actorId} onChange={setChange} />
        <SecuritySettingsCard />
      </div>
      {change ? <RoleChangeDialog change={change} onDone={done} onCancel={() => setChange(null)} /> : null}
    </section>
  );
}

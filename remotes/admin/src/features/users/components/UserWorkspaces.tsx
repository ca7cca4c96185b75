/** @jsxImportSource @emotion/react */
import { errorMessage, workspaceMembersApi, type User, type UserWorkspace } from '@kloof/api-client';
import { Badge, Card, formatDate, plainList, ResourceState } from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';

const NOUN = { one: 'workspace', many: 'workspaces' };
const ROLE: Record<UserWorkspace['role'], string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

/** The workspaces the user is a member of: their role in each, and how many members each has. */
export function UserWorkspaces({ user }: { user: User }) {
  const workspaces = usePagedList(
    async (after) => {
      const page = await workspaceMembersApi.ofUser(user.id, after);
      return { items: page.items.map((w) => ({ ...w, id: w.workspaceId })), next: page.next };
    },
    [user.id],
  );
  return (
    <Card aria-labelledby="user-workspaces-heading" role="region">
      <h2 id="user-workspaces-heading" css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>
        Workspaces
      </h2>
      <ResourceState
        resource={workspaces.resource}
        what="the workspaces"
        errorText={errorMessage}
        empty={<p css={{ margin: 0 }}>Not a member of any workspace.</p>}
      >
        {(items) => (
          <>
            <ul aria-label="Workspaces of the user" css={{ ...plainList, display: 'grid', gap: '0.5rem' }}>
              {items.map((w) => (
                <li
                  key={w.id}
                  css={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.75rem', alignItems: 'center' }}
                >
                  <strong css={{ overflowWrap: 'anywhere' }}>{w.name}</strong>
                  <Badge>{ROLE[w.role]}</Badge>
                  <span>
                    {w.memberCount} {w.memberCount === 1 ? 'member' : 'members'} · since {formatDate(w.addedAt)}
                  </span>
                </li>
              ))}
            </ul>
            <LoadMore shown={items.length} noun={NOUN} more={workspaces.more} errorText={errorMessage} />
          </>
        )}
      </ResourceState>
    </Card>
  );
}

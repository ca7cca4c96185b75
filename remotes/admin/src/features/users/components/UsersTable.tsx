import type { User } from '@kloof/api-client';
import { formatDate, Table } from '@kloof/ui';
import { RoleBadges, VerifiedBadge } from './UserBadges';
import { UserCell } from './UserCell';

/** Users with roles and verified state; each name opens the user's page. */
export function UsersTable({ users, caption }: { users: readonly User[]; caption: string }) {
  return (
    <Table caption={caption} columns={['User', 'Roles', 'Status', 'Joined']}>
      {users.map((user) => (
        <tr key={user.id}>
          <UserCell user={user} />
          <td>
            <RoleBadges roles={user.roles} />
          </td>
          <td>
            <VerifiedBadge user={user} />
          </td>
          <td css={{ whiteSpace: 'nowrap' }}>{user.createdAt ? formatDate(user.createdAt) : '—'}</td>
        </tr>
      ))}
    </Table>
  );
}

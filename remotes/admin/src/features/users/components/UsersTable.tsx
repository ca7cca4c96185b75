import { Link } from 'react-router-dom';
import type { User } from '@kloof/api-client';
import { formatDate, Table } from '@kloof/ui';
import { RoleBadges, VerifiedBadge } from './UserBadges';

/** Users with roles and verified state; each name opens the user's page. */
export function UsersTable({ users, caption }: { users: readonly User[]; caption: string }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">User</th>
          <th scope="col">Roles</th>
          <th scope="col">Status</th>
          <th scope="col">Joined</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <td>
              <Link to={`/manage/user/${user.id}`} css={{ fontWeight: 600 }}>
                {user.username}
              </Link>
              <span
                css={(theme) => ({
                  display: 'block',
                  fontSize: '0.8125rem',
                  color: theme.colors.textMuted,
                  overflowWrap: 'anywhere',
                })}
              >
                {user.email}
              </span>
            </td>
            <td>
              <RoleBadges roles={user.roles} />
            </td>
            <td>
              <VerifiedBadge user={user} />
            </td>
            <td css={{ whiteSpace: 'nowrap' }}>{user.createdAt ? formatDate(user.createdAt) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

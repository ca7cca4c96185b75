import { Link } from 'react-router-dom';
import type { Role, User } from '@kloof/api-client';
import { Button, Table } from '@kloof/ui';
import { hasRole, ROLES } from '../roles';
import type { RoleChange } from './RoleChangeDialog';

/** Who holds which role, with a remove button per role held (never on your own account). */
export function RoleHolders({
  users,
  actorId,
  onChange,
}: {
  users: readonly User[];
  actorId: string;
  onChange: (change: RoleChange) => void;
}) {
  return (
    <Table caption="Role holders">
      <thead>
        <tr>
          <th scope="col">User</th>
          {ROLES.map((role) => (
            <th key={role} scope="col">
              {role}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <td>
              <Link to={`/manage/user/${user.id}`} css={{ fontWeight: 600 }}>
                {user.username}
              </Link>
              {user.id === actorId ? ' (you)' : null}
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
            {ROLES.map((role: Role) => (
              <td key={role}>
                {hasRole(user.roles, role) ? (
                  user.id === actorId ? (
                    'Yes'
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => onChange({ user, role, grant: false })}
                      aria-label={`Remove ${role} from ${user.username}`}
                    >
                      Remove
                    </Button>
                  )
                ) : user.id === actorId ? (
                  '—'
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onChange({ user, role, grant: true })}
                    aria-label={`Grant ${role} to ${user.username}`}
                  >
                    Grant
                  </Button>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

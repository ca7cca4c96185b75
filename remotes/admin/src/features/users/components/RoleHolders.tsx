import type { Role, User } from '@kloof/api-client';
import { Button, Table } from '@kloof/ui';
import { hasRole, ROLES } from '../roles';
import type { RoleChange } from './RoleChangeDialog';
import { UserCell } from './UserCell';

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
    <Table caption="Role holders" columns={['User', ...ROLES]}>
      {users.map((user) => (
        <tr key={user.id}>
          <UserCell user={user} note={user.id === actorId ? ' (you)' : null} />
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
                  variant="secondary"
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
    </Table>
  );
}

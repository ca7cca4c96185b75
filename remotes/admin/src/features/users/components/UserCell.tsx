import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@kloof/api-client';
import { BreakableEmail } from './BreakableEmail';

/** The first cell of a users table: the name, opening the user's page, with the address under it. */
export function UserCell({ user, note = null }: { user: User; note?: ReactNode }) {
  return (
    <td>
      <Link to={`/manage/user/${user.id}`} css={{ fontWeight: 600, overflowWrap: 'break-word' }}>
        {user.username}
      </Link>
      {note}
      <span
        css={(theme) => ({
          display: 'block',
          fontSize: '0.8125rem',
          color: theme.colors.textMuted,
          overflowWrap: 'break-word',
        })}
      >
        <BreakableEmail email={user.email} />
      </span>
    </td>
  );
}

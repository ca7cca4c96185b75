import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@kloof/api-client';

/**
 * An e-mail address that may wrap only before its '@' and its dots (then, if a part alone is
 * still too long, inside it): 'long.name@example.co.za' never breaks mid-word over three lines.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

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

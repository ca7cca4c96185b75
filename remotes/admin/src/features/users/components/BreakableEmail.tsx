import { Fragment } from 'react';

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

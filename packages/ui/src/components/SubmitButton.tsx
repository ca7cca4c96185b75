/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';
import { Button } from './Button';

/** A form's one full-width submit button: busy while sending, with the sending text announced. */
export function SubmitButton({
  sending,
  children,
  sendingLabel,
}: {
  sending: boolean;
  children: ReactNode;
  sendingLabel: string;
}) {
  return (
    <Button type="submit" loading={sending} css={{ width: '100%', marginTop: '0.5rem' }}>
      {sending ? sendingLabel : children}
    </Button>
  );
}

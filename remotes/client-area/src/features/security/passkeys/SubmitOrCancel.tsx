/** @jsxImportSource @emotion/react */
import { Button, SubmitButton } from '@kloof/ui';

interface Props {
  busy: boolean;
  submit: string;
  sending: string;
  onCancel: () => void;
}

/** A passkey form's buttons: the submit (busy while it runs) and a Cancel that leaves everything as it was. */
export function SubmitOrCancel({ busy, submit, sending, onCancel }: Props) {
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
      <SubmitButton sending={busy} sendingLabel={sending}>
        {submit}
      </SubmitButton>
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}

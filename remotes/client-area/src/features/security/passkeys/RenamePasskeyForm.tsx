/** @jsxImportSource @emotion/react */
import { explainApiError, passkeysApi, type Passkey } from '@kloof/api-client';
import { Button, Form, TextField, useForm } from '@kloof/ui';

interface Props {
  passkey: Passkey;
  onDone: (renamed: Passkey | null) => void;
}

/** A new name for one passkey, in place of its row; Cancel (or Escape) keeps the old one. */
export function RenamePasskeyForm({ passkey, onDone }: Props) {
  const form = useForm({
    initial: { name: passkey.name },
    validate: (values) => ({ name: values.name.trim() ? null : 'Enter a name' }),
    explain: explainApiError,
    submit: async ({ name }) => onDone(await passkeysApi.rename(passkey.id, name.trim())),
  });
  return (
    <Form
      form={form}
      aria-label={`Rename ${passkey.name}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone(null);
      }}
      css={{ flex: '1 1 100%' }}
      submit={{ label: 'Save', sending: 'Saving…' }}
      actions={
        <Button variant="ghost" onClick={() => onDone(null)} disabled={form.busy}>
          Cancel
        </Button>
      }
    >
      <TextField label="Name" maxLength={64} required autoFocus autoComplete="off" {...form.field('name')} />
    </Form>
  );
}

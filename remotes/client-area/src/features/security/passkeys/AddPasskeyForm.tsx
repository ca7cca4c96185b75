/** @jsxImportSource @emotion/react */
import { explainApiError, passkeysApi, type Passkey } from '@kloof/api-client';
import { Button, Form, PasswordField, TextField, useForm } from '@kloof/ui';
import { makePasskey } from './make-passkey';

interface Props {
  onAdded: (passkey: Passkey) => void;
  onCancel: () => void;
}

/**
 * Adds a passkey: the current password first (a stolen session alone must not plant one), an
 * optional name, then the browser's prompt.
 */
export function AddPasskeyForm({ onAdded, onCancel }: Props) {
  const form = useForm({
    initial: { currentPassword: '', name: '' },
    validate: (values) => ({ currentPassword: values.currentPassword ? null : 'Enter your current password' }),
    explain: explainApiError,
    submit: async ({ currentPassword, name }) => {
      const start = await passkeysApi.startRegistration(currentPassword);
      const response = await makePasskey(start);
      onAdded(await passkeysApi.add(start.ceremony, response, name.trim() || undefined));
    },
  });
  return (
    <Form
      form={form}
      aria-label="Add a passkey"
      css={{ marginTop: '1rem' }}
      submit={{ label: 'Continue', sending: 'Waiting for your passkey…' }}
      actions={
        <Button variant="ghost" onClick={onCancel} disabled={form.busy}>
          Cancel
        </Button>
      }
    >
      <PasswordField label="Current password" autoFocus {...form.field('currentPassword')} />
      <TextField
        label="Name (optional)"
        hint="To tell your passkeys apart, e.g. Work laptop"
        maxLength={64}
        autoComplete="off"
        {...form.field('name')}
      />
    </Form>
  );
}

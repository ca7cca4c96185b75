/** @jsxImportSource @emotion/react */
import { explainApiError, passkeysApi, type Passkey } from '@kloof/api-client';
import { useFreshProof } from '@kloof/auth';
import { DialogForm, PasswordField, useForm } from '@kloof/ui';
import { askForPasskey } from './ask-for-passkey';

interface Props {
  passkey: Passkey;
  onRemoved: () => void;
  onCancel: () => void;
}

/**
 * Asks for the current password before a passkey goes: from then on it signs in no more. The last
 * one is a second factor taken away: the API also asks for a passkey or a code, in the re-check dialog.
 */
export function RemovePasskeyDialog({ passkey, onRemoved, onCancel }: Props) {
  const { withFreshProof, proofDialog } = useFreshProof({ askForPasskey });
  const form = useForm({
    initial: { currentPassword: '' },
    validate: (values) => ({ currentPassword: values.currentPassword ? null : 'Enter your current password' }),
    explain: explainApiError,
    submit: async ({ currentPassword }) => {
      await withFreshProof(() => passkeysApi.remove(passkey.id, currentPassword));
      onRemoved();
    },
  });
  return (
    <>
      <DialogForm
        title={`Remove ${passkey.name}?`}
        form={form}
        submitLabel={form.busy ? 'Removing…' : 'Remove passkey'}
        danger
        onCancel={onCancel}
        size="sm"
      >
        <p css={(theme) => ({ marginTop: 0, color: theme.colors.textMuted })}>
          You will no longer be able to sign in with it. It may stay in your password manager or on your device until
          you delete it there.
        </p>
        <PasswordField label="Current password" autoFocus {...form.field('currentPassword')} />
      </DialogForm>
      {proofDialog}
    </>
  );
}

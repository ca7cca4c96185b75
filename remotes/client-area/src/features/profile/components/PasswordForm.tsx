import { API_ERRORS, currentUserApi, explainApiError, isEmailAsPassword, PASSWORD_MIN_LENGTH } from '@kloof/api-client';
import { useFreshProof } from '@kloof/auth';
import { PasswordField, toast, useForm } from '@kloof/ui';
import { CardForm } from './CardForm';

const empty = { password: '', passwordConfirm: '' };

/**
 * Change password: the new one and its confirmation. The API asks for a fresh proof (the current
 * password or a code, in the re-check dialog) and signs out the other sessions.
 */
export function PasswordForm({ email }: { email: string }) {
  const { withFreshProof, proofDialog } = useFreshProof();
  const form = useForm({
    initial: empty,
    validate: (values) => ({
      password:
        values.password.length < PASSWORD_MIN_LENGTH
          ? `The new password needs at least ${PASSWORD_MIN_LENGTH} characters.`
          : isEmailAsPassword(values.password, email)
            ? API_ERRORS.password_is_email
            : null,
      // The API's words, so the page and the API never say it two ways.
      passwordConfirm: values.passwordConfirm === values.password ? null : API_ERRORS.passwords_differ,
    }),
    explain: explainApiError,
    submit: async (values) => {
      const { message } = await withFreshProof(() => currentUserApi.changePassword(values));
      toast.success(message);
      form.reset(empty);
    },
  });

  return (
    <>
      <CardForm form={form} id="change-password" title="Change password" submit="Change password">
        <PasswordField
          label="New password"
          isNew
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. You confirm it is you first; other devices are signed out when it changes.`}
          {...form.field('password')}
        />
        <PasswordField label="Confirm new password" isNew {...form.field('passwordConfirm')} />
      </CardForm>
      {proofDialog}
    </>
  );
}

import { API_ERRORS, currentUserApi, explainApiError } from '@kloof/api-client';
import { PasswordField, toast, useForm } from '@kloof/ui';
import { CardForm } from './CardForm';

/** The API's minimum password length. */
const MIN_PASSWORD = 8;

const empty = { currentPassword: '', password: '', passwordConfirm: '' };

/** Change password: current, new and confirmation; the API signs out the other sessions. */
export function PasswordForm() {
  const form = useForm({
    initial: empty,
    validate: (values) => ({
      currentPassword: values.currentPassword ? null : 'Enter your current password.',
      password:
        values.password.length < MIN_PASSWORD
          ? `The new password needs at least ${MIN_PASSWORD} characters.`
          : values.password === values.currentPassword
            ? API_ERRORS.passwordUnchanged
            : null,
      // The API's words, so the page and the API never say it two ways.
      passwordConfirm: values.passwordConfirm === values.password ? null : API_ERRORS.passwordsDiffer,
    }),
    explain: explainApiError,
    submit: async (values) => {
      const { message } = await currentUserApi.changePassword(values);
      toast.success(message);
      form.reset(empty);
    },
  });

  return (
    <CardForm form={form} id="change-password" title="Change password" submit="Change password">
      <PasswordField label="Current password" {...form.field('currentPassword')} />
      <PasswordField
        label="New password"
        isNew
        hint={`At least ${MIN_PASSWORD} characters. Other devices are signed out when it changes.`}
        {...form.field('password')}
      />
      <PasswordField label="Confirm new password" isNew {...form.field('passwordConfirm')} />
    </CardForm>
  );
}

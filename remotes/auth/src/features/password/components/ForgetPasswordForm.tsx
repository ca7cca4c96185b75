import { useNavigate } from 'react-router-dom';
import { authApi, explainApiError } from '@kloof/api-client';
import { EmailField, toast, useForm } from '@kloof/ui';
import { rules } from '../../forms/validation';
import { usePrefilledEmail, withEmail } from '../../forms/prefill';
import { AuthForm } from '../../forms/components/AuthForm';

/** Asks for a reset code by e-mail, then moves on to the reset page. */
export function ForgetPasswordForm() {
  const navigate = useNavigate();
  const form = useForm({
    initial: { email: usePrefilledEmail() },
    validate: (values) => ({ email: rules.email(values.email) }),
    explain: explainApiError,
    submit: async ({ email }) => {
      const { message } = await authApi.forgetPassword(email.trim());
      toast.success(message);
      navigate(withEmail('/auth/resetPassword', email), { state: { email: email.trim() } });
    },
  });

  return (
    <AuthForm form={form} label="Request a reset code" submit="Send reset code" sending="Sending…">
      <EmailField {...form.field('email')} />
    </AuthForm>
  );
}

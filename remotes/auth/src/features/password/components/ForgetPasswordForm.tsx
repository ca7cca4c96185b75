import { useNavigate } from 'react-router-dom';
import { authApi } from '@kloof/api-client';
import { TextField, toast } from '@kloof/ui';
import { useForm } from '../../forms/hooks/use-form';
import { rules } from '../../forms/validation';
import { usePrefilledEmail, withEmail } from '../../forms/prefill';
import { SubmitButton } from '../../forms/components/SubmitButton';

/** Asks for a reset code by e-mail, then moves on to the reset page. */
export function ForgetPasswordForm() {
  const navigate = useNavigate();
  const form = useForm({ email: usePrefilledEmail() }, (values) => ({ email: rules.email(values.email) }));

  const submit = form.onSubmit(async ({ email }) => {
    const { message } = await authApi.forgetPassword(email.trim());
    toast.success(message);
    navigate(withEmail('/auth/resetPassword', email), { state: { email: email.trim() } });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Request a reset code">
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...form.field('email')}
      />
      <SubmitButton sending={form.sending} sendingLabel="Sending…">
        Send reset code
      </SubmitButton>
    </form>
  );
}

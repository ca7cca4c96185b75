import { useNavigate } from 'react-router-dom';
import { authApi, explainApiError } from '@kloof/api-client';
import { Form, TextField, toast, useForm } from '@kloof/ui';
import { rules } from '../../forms/validation';
import { usePrefilledEmail, withEmail } from '../../forms/prefill';
import { SubmitButton } from '../../forms/components/SubmitButton';

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
    <Form
      form={form}
      aria-label="Request a reset code"
      actions={
        <SubmitButton sending={form.busy} sendingLabel="Sending…">
          Send reset code
        </SubmitButton>
      }
    >
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...form.field('email')}
      />
    </Form>
  );
}

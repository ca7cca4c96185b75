import { authApi } from '@kloof/api-client';
import { Button, TextField, toast } from '@kloof/ui';
import { useForm } from '../../forms/hooks/use-form';
import { rules } from '../../forms/validation';

/** Sends a new verification code: to the signed-in user's address, or to one the visitor types. */
export function ResendPanel({ email: fixedEmail, initialEmail = '' }: { email?: string; initialEmail?: string }) {
  const form = useForm({ email: fixedEmail ?? initialEmail }, (values) => ({ email: rules.email(values.email) }));

  const submit = form.onSubmit(async ({ email }) => {
    const { message } = await authApi.resendConfirmation(email.trim());
    toast.success(message);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Send a new verification code" css={{ marginBottom: '1.5rem' }}>
      {fixedEmail ? (
        <p css={{ margin: '0 0 1rem' }}>
          We send the code to <strong>{fixedEmail}</strong>.
        </p>
      ) : (
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.field('email')}
        />
      )}
      <Button type="submit" variant="secondary" loading={form.sending} css={{ width: '100%' }}>
        {form.sending ? 'Sending…' : 'Send a new code'}
      </Button>
    </form>
  );
}

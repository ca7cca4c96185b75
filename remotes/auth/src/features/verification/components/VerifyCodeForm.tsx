import { useNavigate } from 'react-router-dom';
import { authApi } from '@kloof/api-client';
import { authStore } from '@kloof/auth';
import { TextField, toast } from '@kloof/ui';
import { useForm } from '../../forms/hooks/use-form';
import { normalizeOtp, rules, VERIFICATION_CODE_LENGTH } from '../../forms/validation';
import { SubmitButton } from '../../forms/components/SubmitButton';

/**
 * Confirms an account with the mailed code. A signed-in user goes on to the dashboard (now
 * verified); anyone else to sign-in with the address filled in.
 */
export function VerifyCodeForm({ email: fixedEmail, initialEmail = '' }: { email?: string; initialEmail?: string }) {
  const navigate = useNavigate();
  const form = useForm({ email: fixedEmail ?? initialEmail, otp: '' }, (values) => ({
    email: rules.email(values.email),
    otp: rules.otp(VERIFICATION_CODE_LENGTH)(values.otp),
  }));

  const submit = form.onSubmit(async ({ email, otp }) => {
    const address = email.trim();
    const { message, user } = await authApi.confirmAccount({ email: address, otp: normalizeOtp(otp) });
    toast.success(message);
    const session = authStore.getSession();
    if (session.state === 'SIGNED_IN' && session.user && session.user.email === address.toLowerCase()) {
      authStore.setUser({ ...session.user, ...user, verified: true });
      navigate('/dashboard', { replace: true });
      return;
    }
    navigate('/auth/login', { state: { email: address } });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Verify your account">
      {fixedEmail ? (
        <input type="email" name="email" autoComplete="username" value={fixedEmail} readOnly hidden />
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
      <TextField
        label="Verification code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        hint={`The ${VERIFICATION_CODE_LENGTH}-digit code from the e-mail`}
        {...form.field('otp')}
      />
      <SubmitButton sending={form.sending} sendingLabel="Verifying…">
        Verify account
      </SubmitButton>
    </form>
  );
}

import type { Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi, explainApiError } from '@kloof/api-client';
import { authStore } from '@kloof/auth';
import { EmailField, toast, useForm } from '@kloof/ui';
import { normalizeOtp, rules, VERIFICATION_CODE_LENGTH } from '../../forms/validation';
import { AuthForm } from '../../forms/components/AuthForm';
import { CodeField } from '../../forms/components/CodeField';

interface Props {
  /** The signed-in user's address: not typed. */
  email?: string;
  initialEmail?: string;
  /** The code input, for the page to focus once a new code is sent. */
  codeRef?: Ref<HTMLInputElement>;
  /** Focus the code at once: the address is known and the code is what is left to type. */
  focusCode?: boolean;
}

/**
 * Confirms an account with the mailed code. A signed-in user goes on to the dashboard (now
 * verified); anyone else to sign-in with the address filled in.
 */
export function VerifyCodeForm({ email: fixedEmail, initialEmail = '', codeRef, focusCode = false }: Props) {
  const navigate = useNavigate();
  const form = useForm({
    initial: { email: fixedEmail ?? initialEmail, otp: '' },
    validate: (values) => ({
      email: rules.email(values.email),
      otp: rules.otp(VERIFICATION_CODE_LENGTH)(values.otp),
    }),
    explain: explainApiError,
    submit: async ({ email, otp }) => {
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
    },
  });

  return (
    <AuthForm form={form} label="Verify your account" submit="Verify account" sending="Verifying…">
      {fixedEmail ? (
        <input type="email" name="email" autoComplete="username" value={fixedEmail} readOnly hidden />
      ) : (
        <EmailField {...form.field('email')} />
      )}
      <CodeField
        label="Verification code"
        length={VERIFICATION_CODE_LENGTH}
        ref={codeRef}
        autoFocus={focusCode}
        {...form.field('otp')}
      />
    </AuthForm>
  );
}

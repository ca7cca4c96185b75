import { useNavigate } from 'react-router-dom';
import { authApi, explainApiError } from '@kloof/api-client';
import { EmailField, ErrorNotice, PasswordField, toast, useForm } from '@kloof/ui';
import { check, normalizeOtp, RESET_CODE_LENGTH, rules } from '../../forms/validation';
import { AuthForm } from '../../forms/components/AuthForm';
import { CodeField } from '../../forms/components/CodeField';
import { useOtpCheck } from '../hooks/use-otp-check';

/**
 * A new password with the reset code (typed in, or from the link's path); success goes to sign-in.
 * A code is only valid with the address it was sent to: the link and the previous step hand it
 * over, otherwise the form asks for it.
 */
export function ResetPasswordForm({ otp, email }: { otp?: string; email: string }) {
  const navigate = useNavigate();
  const linkCheck = useOtpCheck(otp, email);
  const form = useForm({
    initial: { email, otp: otp ?? '', password: '', passwordConfirm: '' },
    validate: (values) => ({
      email: rules.email(values.email),
      otp: rules.otp(RESET_CODE_LENGTH)(values.otp),
      password: check(values.password, rules.newPassword, rules.notEmail(values.email)),
      passwordConfirm: rules.repeated(values.password, 'Repeat the new password')(values.passwordConfirm),
    }),
    explain: explainApiError,
    submit: async ({ email: address, otp: code, password, passwordConfirm }) => {
      const { message } = await authApi.resetPassword({
        otp: normalizeOtp(code),
        password,
        passwordConfirm,
        email: address.trim(),
      });
      toast.success(message);
      navigate('/auth/login', { state: { email: address.trim() } });
    },
  });

  return (
    <AuthForm form={form} label="Reset your password" submit="Set new password" sending="Saving…">
      {linkCheck.status === 'invalid' ? (
        <div css={{ marginBottom: '1rem' }}>
          <ErrorNotice title="This reset link cannot be used">
            {linkCheck.message}. Request a new code, or type the code from your newest e-mail below.
          </ErrorNotice>
        </div>
      ) : null}
      {/* The account's address, for password managers to save the new password against. */}
      {email ? (
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      ) : (
        <EmailField autoComplete="username" {...form.field('email')} />
      )}
      <CodeField label="Reset code" length={RESET_CODE_LENGTH} {...form.field('otp')} />
      <PasswordField label="New password" isNew hint="At least 8 characters" {...form.field('password')} />
      <PasswordField label="Repeat new password" isNew {...form.field('passwordConfirm')} />
    </AuthForm>
  );
}

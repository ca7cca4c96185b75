import { useAuth } from '@kloof/auth';
import { AuthCard } from '../features/forms/components/AuthCard';
import { TextLink } from '../features/forms/components/TextLink';
import { usePrefilledEmail, withEmail } from '../features/forms/prefill';
import { VerifyCodeForm } from '../features/verification/components/VerifyCodeForm';

/** /auth/account-verification: enter the mailed code; the address comes prefilled from the sign-up. */
export default function AccountVerification() {
  const prefilled = usePrefilledEmail();
  const { user } = useAuth();
  const email = prefilled || user?.email || '';
  return (
    <AuthCard
      title="Verify your account"
      lead="Check your e-mail. If the address is new to us, the message holds a code to enter below; if it already has an account, the message says so and you can sign in instead."
      footer={
        <span>
          No code? <TextLink to={withEmail('/auth/resend-verification', email)}>Send a new one</TextLink>
        </span>
      }
    >
      {/* With the address known, the code is the one thing left to type. */}
      <VerifyCodeForm key={email} initialEmail={email} focusCode={Boolean(email)} />
    </AuthCard>
  );
}

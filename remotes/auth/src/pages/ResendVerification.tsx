import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '@kloof/auth';
import { ButtonLink, Spinner } from '@kloof/ui';
import { AuthCard } from '../features/forms/components/AuthCard';
import { TextLink } from '../features/forms/components/TextLink';
import { usePrefilledEmail, withEmail } from '../features/forms/prefill';
import { ResendPanel } from '../features/verification/components/ResendPanel';
import { VerifyCodeForm } from '../features/verification/components/VerifyCodeForm';
import { SwitchAccount } from '../features/verification/components/SwitchAccount';

/**
 * /auth/resend-verification: where unverified users are sent when a verified account is
 * required. A signed-in user gets a new code and can enter it right here.
 */
export default function ResendVerification() {
  const { state, user } = useAuth();
  const prefilled = usePrefilledEmail();
  const navigate = useNavigate();
  const code = useRef<HTMLInputElement>(null);

  if (state === 'UNKNOWN') return <Spinner label="Checking your session" />;
  if (state === 'SIGNED_IN' && user?.verified) {
    return (
      <AuthCard title="Your account is verified" lead="There is nothing left to do here.">
        <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
      </AuthCard>
    );
  }

  if (state === 'SIGNED_IN' && user) {
    return (
      <AuthCard
        title="Verify your e-mail address"
        lead="Your account is not verified yet. Enter the code from our e-mail, or ask for a new one."
        footer={<SwitchAccount />}
      >
        {/* The code is what is left to type once it is sent: the cursor goes there. */}
        <ResendPanel email={user.email} onSent={() => code.current?.focus()} />
        <VerifyCodeForm email={user.email} codeRef={code} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify your e-mail address"
      lead="Enter the address you signed up with and we will send you a new verification code."
      footer={
        <span>
          Have a code? <TextLink to={withEmail('/auth/account-verification', prefilled)}>Enter it here</TextLink>
        </span>
      }
    >
      <ResendPanel
        initialEmail={prefilled}
        onSent={(email) => navigate(withEmail('/auth/account-verification', email), { state: { email } })}
      />
    </AuthCard>
  );
}

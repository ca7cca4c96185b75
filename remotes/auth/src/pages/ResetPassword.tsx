import { useParams } from 'react-router-dom';
import { AuthCard } from '../features/forms/components/AuthCard';
import { TextLink } from '../features/forms/components/TextLink';
import { usePrefilledEmail, withEmail } from '../features/forms/prefill';
import { ResetPasswordForm } from '../features/password/components/ResetPasswordForm';

/** /auth/resetPassword and /auth/resetPassword/{otp}: the same page, the code optionally in the path. */
export default function ResetPassword() {
  const { otp } = useParams();
  const email = usePrefilledEmail();
  return (
    <AuthCard
      title="Reset your password"
      lead={otp ? 'Choose a new password.' : 'Enter the code from the e-mail and choose a new password.'}
      footer={
        <span>
          No code? <TextLink to={withEmail('/auth/forgetPassword', email)}>Send a new one</TextLink>
        </span>
      }
    >
      <ResetPasswordForm key={otp ?? ''} otp={otp} email={email} />
    </AuthCard>
  );
}

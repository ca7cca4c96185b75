import { AuthCard } from '../features/forms/components/AuthCard';
import { TextLink } from '../features/forms/components/TextLink';
import { ForgetPasswordForm } from '../features/password/components/ForgetPasswordForm';

/** /auth/forgetPassword: request a password reset. */
export default function ForgetPassword() {
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter your e-mail address and we will send you a code to reset it."
      footer={
        <span>
          Remembered it? <TextLink to="/auth/login">Sign in</TextLink>
        </span>
      }
    >
      <ForgetPasswordForm />
    </AuthCard>
  );
}

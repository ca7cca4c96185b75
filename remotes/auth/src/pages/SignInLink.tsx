import { AuthCard } from '../features/forms/components/AuthCard';
import { TextLink } from '../features/forms/components/TextLink';
import { SignInLinkForm } from '../features/sign-in-link/SignInLinkForm';

/** /auth/sign-in-link#<token>: the link mailed while sign-in to the account was paused. */
export default function SignInLink() {
  return (
    <AuthCard
      title="Sign in on this device"
      lead="Sign-in to your account was paused after many failed attempts. Allow this device, then sign in with your password."
      footer={
        <span>
          <TextLink to="/auth/login">Back to sign-in</TextLink>
        </span>
      }
    >
      <SignInLinkForm />
    </AuthCard>
  );
}

import { AuthCard } from '../features/forms/components/AuthCard';
import { TextLink } from '../features/forms/components/TextLink';
import { NotMeForm } from '../features/not-me/NotMeForm';

/** /auth/not-me#<token>: the "this was not me" link of a new-sign-in or security-change mail. */
export default function NotMe() {
  return (
    <AuthCard
      title="This was not me"
      lead="Someone else may be using your account. We will sign it out on every device, then you choose a new password."
      footer={
        <span>
          <TextLink to="/auth/login">Back to sign-in</TextLink>
        </span>
      }
    >
      <NotMeForm />
    </AuthCard>
  );
}

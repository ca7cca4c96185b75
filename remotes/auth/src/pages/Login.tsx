import { AuthCard } from '../features/forms/components/AuthCard';
import { TextLink } from '../features/forms/components/TextLink';
import { LoginForm } from '../features/login/components/LoginForm';

/** /auth/login: sign-in. */
export default function Login() {
  return (
    <AuthCard
      title="Sign in"
      lead="Sign in to your client area."
      footer={
        <>
          <span>
            <TextLink to="/auth/forgetPassword">Forgot your password?</TextLink>
          </span>
          <span>
            New here? <TextLink to="/auth/register">Create an account</TextLink>
          </span>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}

import { useState } from 'react';
import { AuthCard } from '../features/forms/components/AuthCard';
import { TextLink } from '../features/forms/components/TextLink';
import { LoginForm } from '../features/login/components/LoginForm';

/** /auth/login: sign-in; the second step (an authenticator code or a passkey) has a heading of its own. */
export default function Login() {
  const [secondStep, setSecondStep] = useState(false);
  return (
    <AuthCard
      title={secondStep ? 'Two-step verification' : 'Sign in'}
      lead={secondStep ? 'One more step: show it is you with your second factor.' : 'Sign in to your client area.'}
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
      <LoginForm onSecondStep={setSecondStep} />
    </AuthCard>
  );
}

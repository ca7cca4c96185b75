import { AuthCard } from '../features/forms/components/AuthCard';
import { TextLink } from '../features/forms/components/TextLink';
import { RegisterForm } from '../features/register/components/RegisterForm';

/** /auth/register: a contact-us style registration page. */
export default function Register() {
  return (
    <AuthCard
      title="Create your account"
      lead="Tell us who you are and what you need. We will e-mail you a code to verify your address."
      footer={
        <span>
          Already have an account? <TextLink to="/auth/login">Sign in</TextLink>
        </span>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}

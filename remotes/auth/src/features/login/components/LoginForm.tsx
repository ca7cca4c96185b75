import { useLocation } from 'react-router-dom';
import { authApi } from '@kloof/api-client';
import { authStore, landingAfterSignIn, pathBefore } from '@kloof/auth';
import { TextField, toast } from '@kloof/ui';
import { useForm } from '../../forms/hooks/use-form';
import { rules } from '../../forms/validation';
import { usePrefilledEmail } from '../../forms/prefill';
import { SubmitButton } from '../../forms/components/SubmitButton';

/** Where a successful sign-in lands when no guard remembered an origin. */
export const DEFAULT_LANDING = '/dashboard';

/** Sign-in: e-mail and password; success lands on the remembered origin, the page before, or the dashboard. */
export function LoginForm() {
  const location = useLocation();
  const form = useForm({ email: usePrefilledEmail(), password: '' }, (values) => ({
    email: rules.email(values.email),
    password: rules.required('Enter your password')(values.password),
  }));

  const submit = form.onSubmit(async ({ email, password }) => {
    const { user, ...tokens } = await authApi.login({ email: email.trim(), password }, { settings: true });
    // The guest-only guard of this page sends the user on as soon as the store says SIGNED_IN.
    const landing = landingAfterSignIn(location.state, pathBefore(location)) ?? DEFAULT_LANDING;
    authStore.login(tokens, user, { landing });
    toast.success(`Welcome back, ${user.username}`);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        {...form.field('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...form.field('password')}
      />
      <SubmitButton sending={form.sending} sendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}

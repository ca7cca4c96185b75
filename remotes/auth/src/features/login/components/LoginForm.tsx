import { useLocation } from 'react-router-dom';
import { authApi, explainApiError } from '@kloof/api-client';
import { authStore, landingAfterSignIn, pathBefore } from '@kloof/auth';
import { Form, TextField, toast, useForm } from '@kloof/ui';
import { rules } from '../../forms/validation';
import { usePrefilledEmail } from '../../forms/prefill';
import { SubmitButton } from '../../forms/components/SubmitButton';

/** Where a successful sign-in lands when no guard remembered an origin. */
export const DEFAULT_LANDING = '/dashboard';

/** Sign-in: e-mail and password; success lands on the remembered origin, the page before, or the dashboard. */
export function LoginForm() {
  const location = useLocation();
  const form = useForm({
    initial: { email: usePrefilledEmail(), password: '' },
    validate: (values) => ({
      email: rules.email(values.email),
      password: rules.required('Enter your password')(values.password),
    }),
    explain: explainApiError,
    submit: async ({ email, password }) => {
      const { user, ...tokens } = await authApi.login({ email: email.trim(), password }, { settings: true });
      // The guest-only guard of this page sends the user on as soon as the store says SIGNED_IN.
      const landing = landingAfterSignIn(location.state, pathBefore(location)) ?? DEFAULT_LANDING;
      authStore.login(tokens, user, { landing });
      toast.success(`Welcome back, ${user.username}`);
    },
  });

  return (
    <Form
      form={form}
      aria-label="Sign in"
      actions={
        <SubmitButton sending={form.busy} sendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      }
    >
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
    </Form>
  );
}

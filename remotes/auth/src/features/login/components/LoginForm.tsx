import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { authApi, explainApiError, type LoginResponse } from '@kloof/api-client';
import { authStore, landingAfterSignIn, pathBefore } from '@kloof/auth';
import { EmailField, PasswordField, toast, useForm } from '@kloof/ui';
import { rules } from '../../forms/validation';
import { usePrefilledEmail } from '../../forms/prefill';
import { AuthForm } from '../../forms/components/AuthForm';
import { PasskeySignIn } from '../../passkeys/PasskeySignIn';
import { SecondFactorForm } from './SecondFactorForm';

/** Where a successful sign-in lands with no origin to return to (spec §2, guest-only: '/' if there is none). */
export const DEFAULT_LANDING = '/';
/** The sign-in answer came without the account it signed in. */
export const NO_ACCOUNT_IN_ANSWER = 'The server did not say which account signed in. Please try again.';

/**
 * Sign-in: e-mail and password, then a code (or a passkey) when the account has an authenticator
 * app on; or a passkey alone. Success lands on the remembered origin, the page before, or the
 * home page.
 */
export function LoginForm({ onSecondStep }: { onSecondStep?: (secondStep: boolean) => void } = {}) {
  const location = useLocation();
  const [challenge, setShownChallenge] = useState<{ challenge: string; passkey: boolean } | null>(null);
  // The page's heading follows the step.
  const setChallenge = (next: { challenge: string; passkey: boolean } | null): void => {
    setShownChallenge(next);
    onSecondStep?.(next !== null);
  };
  const signedIn = ({ user, deletionCancelled, ...tokens }: LoginResponse) => {
    // The guest-only guard of this page sends the user on as soon as the store says SIGNED_IN.
    const landing = landingAfterSignIn(location.state, pathBefore(location)) ?? DEFAULT_LANDING;
    authStore.login(tokens, user ?? null, { landing });
    // An answer naming no account signs nobody in (the spec: SIGNED_OUT); the form says so.
    if (!user) throw new Error(NO_ACCOUNT_IN_ANSWER);
    // Not 'Welcome back': the first sign-in ever lands here too, and nothing tells the two apart.
    toast.success(`Welcome, ${user.username}`);
    // A sign-in during a deletion's grace kept the account; it stays said until closed (a mail says it too).
    if (deletionCancelled)
      toast.info('Your account will not be deleted: signing in cancelled the deletion you asked for.', {
        duration: Infinity,
      });
  };
  const form = useForm({
    initial: { email: usePrefilledEmail(), password: '' },
    validate: (values) => ({
      email: rules.email(values.email),
      password: rules.required('Enter your password')(values.password),
    }),
    explain: explainApiError,
    submit: async ({ email, password }) => {
      const answer = await authApi.login({ email: email.trim(), password }, { settings: true });
      if ('challenge' in answer) setChallenge({ challenge: answer.challenge, passkey: answer.passkey });
      else signedIn(answer);
    },
  });

  if (challenge)
    return (
      <SecondFactorForm
        challenge={challenge.challenge}
        passkey={challenge.passkey}
        onSignedIn={signedIn}
        onRestart={() => {
          setChallenge(null);
          form.reset({ email: form.values.email, password: '' });
        }}
      />
    );
  return (
    <>
      <AuthForm form={form} label="Sign in" submit="Sign in" sending="Signing in…">
        <EmailField autoComplete="username" {...form.field('email')} />
        <PasswordField label="Password" {...form.field('password')} />
      </AuthForm>
      <PasskeySignIn onSignedIn={signedIn} />
    </>
  );
}

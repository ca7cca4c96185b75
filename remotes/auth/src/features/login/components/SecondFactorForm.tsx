import { useState } from 'react';
import { authApi, browserHasPasskeys, explainApiError, type LoginResponse } from '@kloof/api-client';
import { Button, FormError, TextField, useForm } from '@kloof/ui';
import { askForPasskey } from '../../passkeys/ask-for-passkey';
import { usePasskeyStep } from '../../passkeys/use-passkey-step';
import { rules } from '../../forms/validation';
import { AuthForm } from '../../forms/components/AuthForm';

interface Props {
  /** The challenge the password step answered with. */
  challenge: string;
  /** The account has a passkey, which may stand in for the code. */
  passkey: boolean;
  onSignedIn: (answer: LoginResponse) => void;
  /** Back to the password (e.g. once the challenge has expired). */
  onRestart: () => void;
}

/** The second step of a sign-in with an authenticator app: its 6-digit code, a recovery code, or a passkey. */
export function SecondFactorForm({ challenge, passkey, onSignedIn, onRestart }: Props) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    initial: { code: '' },
    validate: (values) => ({
      code: rules.required(recovery ? 'Enter a recovery code' : 'Enter the code')(values.code),
    }),
    explain: explainApiError,
    submit: async ({ code }) => {
      onSignedIn(await authApi.loginSecondFactor(challenge, code.trim(), { settings: true }));
    },
  });
  const withPasskey = usePasskeyStep(async () => {
    const start = await authApi.startPasskeySecondFactor(challenge);
    const response = await askForPasskey(start);
    onSignedIn(await authApi.loginSecondFactorPasskey(challenge, start.ceremony, response, { settings: true }));
  });
  const switchTo = (useRecovery: boolean) => {
    setRecovery(useRecovery);
    form.reset({ code: '' });
  };

  return (
    <AuthForm form={form} label="Two-step verification" submit="Verify" sending="Verifying…">
      {recovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          hint="One of the recovery codes you saved when you set up the app"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          {...form.field('code')}
        />
      ) : (
        <TextField
          key="totp"
          label="Authentication code"
          hint="Enter the 6-digit code from your authenticator app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          autoFocus
          {...form.field('code')}
        />
      )}
      <Button type="button" variant="ghost" onClick={() => switchTo(!recovery)}>
        {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
      </Button>
      {passkey && browserHasPasskeys() ? (
        <Button type="button" variant="ghost" loading={withPasskey.busy} onClick={withPasskey.run}>
          {withPasskey.busy ? 'Waiting for your passkey…' : 'Use a passkey'}
        </Button>
      ) : null}
      <FormError>{withPasskey.error}</FormError>
      <Button type="button" variant="ghost" onClick={onRestart}>
        Start again
      </Button>
    </AuthForm>
  );
}

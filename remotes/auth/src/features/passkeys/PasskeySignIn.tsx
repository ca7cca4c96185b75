import { useSyncExternalStore } from 'react';
import { authApi, browserHasPasskeys, type LoginResponse } from '@kloof/api-client';
import { Button, FormError } from '@kloof/ui';
import { askForPasskey } from './ask-for-passkey';
import { usePasskeyStep } from './use-passkey-step';

/**
 * "Sign in with a passkey": no e-mail, no password; the browser offers the passkeys it holds for
 * this site and checks the person. Shown only where the browser can use passkeys.
 */
const unchanging = () => () => undefined;

export function PasskeySignIn({ onSignedIn }: { onSignedIn: (answer: LoginResponse) => void }) {
  // Prerendered with it (every current browser has passkeys), so hydration moves nothing; taken
  // away after hydration only in a browser without them.
  const available = useSyncExternalStore(unchanging, browserHasPasskeys, () => true);
  const step = usePasskeyStep(async () => {
    const start = await authApi.startPasskeySignIn();
    const response = await askForPasskey(start);
    onSignedIn(await authApi.loginWithPasskey(start.ceremony, response, { settings: true }));
  });
  if (!available) return null;
  return (
    <div css={{ marginTop: '1.25rem', display: 'grid', gap: '0.75rem' }}>
      <p
        aria-hidden="true"
        css={(theme) => ({
          margin: 0,
          display: 'flex',
          alignItems: 'center',
          gap: '0.75rem',
          color: theme.colors.textMuted,
          fontSize: '0.875rem',
          '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${theme.colors.border}` },
        })}
      >
        or
      </p>
      <Button variant="secondary" loading={step.busy} onClick={step.run} css={{ width: '100%' }}>
        {step.busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      <FormError>{step.error}</FormError>
    </div>
  );
}

/** @jsxImportSource @emotion/react */
import { useState } from 'react';
import { errorMessage, explainApiError, totpApi, type TotpEnrolment } from '@kloof/api-client';
import { isProofCancelled, useFreshProof } from '@kloof/auth';
import {
  Button,
  ConfirmDialog,
  Form,
  ResourceState,
  SubmitButton,
  TextField,
  toast,
  useForm,
  useResource,
} from '@kloof/ui';
import { askForPasskey } from '../passkeys/ask-for-passkey';

const codeInput = { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6, required: true } as const;

/** Offers the recovery codes as a text file. */
function download(codes: string[]) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: 'kloof-recovery-codes.txt' });
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Settings > Security: set up an authenticator app (QR and typed-out key, a code, recovery codes
 * once), get new recovery codes, or turn it off. Setting up, new codes and turning off each need a
 * fresh proof: the API asks, the re-check dialog opens, the action goes on.
 */
export function AuthenticatorCard() {
  const status = useResource(() => totpApi.status(), []);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [offError, setOffError] = useState<string | null>(null);
  const [renewing, setRenewing] = useState(false);
  // Turning it off takes a code, a recovery code or a passkey (the API says which it has).
  const { withFreshProof, proofDialog } = useFreshProof({ askForPasskey });

  const confirm = useForm({
    initial: { code: '' },
    explain: explainApiError,
    submit: async ({ code }) => {
      setRecoveryCodes(await totpApi.confirm(code.trim()));
      setEnrolment(null);
      status.reload();
    },
  });
  const turnOff = async () => {
    setOffError(null);
    try {
      await withFreshProof(() => totpApi.disable());
      setConfirmingOff(false);
      toast.success('The authenticator app is turned off.');
      status.reload();
    } catch (error) {
      if (!isProofCancelled(error)) setOffError(errorMessage(error));
    }
  };
  const renewCodes = async () => {
    setRenewing(true);
    try {
      setRecoveryCodes(await withFreshProof(() => totpApi.regenerateRecoveryCodes()));
      status.reload();
    } catch (error) {
      if (!isProofCancelled(error)) toast.error(errorMessage(error));
    } finally {
      setRenewing(false);
    }
  };
  const setUp = async () => {
    try {
      setEnrolment(await withFreshProof(() => totpApi.enrol()));
      confirm.reset();
    } catch (error) {
      if (!isProofCancelled(error)) toast.error(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="totp-heading" css={{ marginTop: '1.5rem' }}>
      <h3 id="totp-heading" css={{ margin: '0 0 0.75rem', fontSize: '1rem', fontWeight: 600 }}>
        Authenticator app
      </h3>
      {recoveryCodes && (
        <div role="status">
          <p>
            Save these recovery codes: each signs you in once if you lose your phone. They are shown only now, and any
            codes you had before no longer work.
          </p>
          <ul aria-label="Recovery codes" css={{ fontFamily: 'monospace', columns: 2 }}>
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Button variant="secondary" onClick={() => download(recoveryCodes)}>
            Download
          </Button>{' '}
          <Button variant="ghost" onClick={() => setRecoveryCodes(null)}>
            I have saved them
          </Button>
        </div>
      )}
      <ResourceState resource={status} what="your authenticator app settings" errorText={errorMessage}>
        {(state) =>
          state.enabled ? (
            <>
              <p>On. Sign-in asks for a code from your app. {state.recoveryCodesLeft} recovery codes left.</p>
              <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                <Button variant="secondary" onClick={() => void renewCodes()} loading={renewing}>
                  New recovery codes
                </Button>
                <Button variant="danger" onClick={() => setConfirmingOff(true)}>
                  Turn off
                </Button>
              </div>
            </>
          ) : enrolment ? (
            <Form
              form={confirm}
              aria-label="Set up the authenticator app"
              actions={
                <SubmitButton sending={confirm.busy} sendingLabel="Checking…">
                  Turn on
                </SubmitButton>
              }
            >
              <p>Scan this QR code with your authenticator app, or type the key in by hand.</p>
              <img src={enrolment.qrDataUrl} alt="QR code for your authenticator app" width={180} height={180} />
              <p>
                Key: <code data-testid="totp-secret">{enrolment.secret}</code>
              </p>
              <TextField
                label="Authentication code"
                hint="Enter the 6-digit code from your authenticator app"
                {...codeInput}
                {...confirm.field('code')}
              />
            </Form>
          ) : (
            <>
              <p>Off. Add a code from an app on your phone to each sign-in.</p>
              <Button onClick={() => void setUp()}>Set up</Button>
            </>
          )
        }
      </ResourceState>
      {confirmingOff && (
        <ConfirmDialog
          title="Turn off the authenticator app?"
          confirmLabel="Turn off"
          onConfirm={turnOff}
          onCancel={() => {
            setConfirmingOff(false);
            setOffError(null);
          }}
          error={offError}
        >
          <p css={{ margin: 0 }}>
            Sign-in will ask for your password only, and your recovery codes stop working. You can set it up again at
            any time.
          </p>
        </ConfirmDialog>
      )}
      {proofDialog}
    </section>
  );
}

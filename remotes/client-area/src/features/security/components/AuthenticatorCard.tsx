/** @jsxImportSource @emotion/react */
import { useState } from 'react';
import { errorMessage, explainApiError, totpApi, type TotpEnrolment } from '@kloof/api-client';
import { Button, Form, PasswordField, ResourceState, TextField, toast, useForm, useResource } from '@kloof/ui';

const codeInput = { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6, required: true } as const;

/** Offers the recovery codes as a text file. */
function download(codes: string[]) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: 'kloof-recovery-codes.txt' });
  a.click();
  URL.revokeObjectURL(url);
}

/** Settings > Security: set up an authenticator app (QR and typed-out key, a code, recovery codes once) or turn it off. */
export function AuthenticatorCard() {
  const status = useResource(() => totpApi.status(), []);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const confirm = useForm({
    initial: { code: '' },
    explain: explainApiError,
    submit: async ({ code }) => {
      setRecoveryCodes(await totpApi.confirm(code.trim()));
      setEnrolment(null);
      status.reload();
    },
  });
  const turnOff = useForm({
    initial: { currentPassword: '', code: '' },
    explain: explainApiError,
    submit: async ({ currentPassword, code }) => {
      await totpApi.disable(currentPassword, code.trim());
      toast.success('The authenticator app is turned off.');
      turnOff.reset();
      status.reload();
    },
  });
  const setUp = async () => {
    try {
      setEnrolment(await totpApi.enrol());
      confirm.reset();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="totp-heading" css={{ marginTop: '1.5rem' }}>
      <h3 id="totp-heading" css={{ margin: '0 0 0.75rem', fontSize: '1rem', fontWeight: 600 }}>
        Authenticator app
      </h3>
      {recoveryCodes && (
        <div role="status">
          <p>Save these recovery codes: each signs you in once if you lose your phone. They are shown only now.</p>
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
      <ResourceState
        resource={status}
        loadingLabel="Loading your authenticator app settings"
        errorTitle="Your authenticator app settings could not be loaded"
        errorText={errorMessage}
      >
        {(state) =>
          state.enabled ? (
            <Form
              form={turnOff}
              aria-label="Turn off the authenticator app"
              submit={{ label: 'Turn off', sending: 'Turning off…' }}
            >
              <p>On. Sign-in asks for a code from your app. {state.recoveryCodesLeft} recovery codes left.</p>
              <PasswordField label="Current password" {...turnOff.field('currentPassword')} />
              <TextField label="Authentication code" {...codeInput} {...turnOff.field('code')} />
            </Form>
          ) : enrolment ? (
            <Form
              form={confirm}
              aria-label="Set up the authenticator app"
              submit={{ label: 'Turn on', sending: 'Checking…' }}
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
    </section>
  );
}

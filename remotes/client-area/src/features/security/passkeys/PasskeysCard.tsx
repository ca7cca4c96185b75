/** @jsxImportSource @emotion/react */
import { useState } from 'react';
import { browserHasPasskeys, errorMessage, passkeysApi, type Passkey } from '@kloof/api-client';
import { Button, ResourceState, plainList, toast, useResource } from '@kloof/ui';
import { AddPasskeyForm } from './AddPasskeyForm';
import { PasskeyItem } from './PasskeyItem';
import { RemovePasskeyDialog } from './RemovePasskeyDialog';

/**
 * Settings > Security: the account's passkeys (sign in with face, finger or screen lock instead
 * of a password), each with Rename and Remove, and "Add a passkey".
 */
export function PasskeysCard() {
  const passkeys = useResource(() => passkeysApi.list(), []);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const canAdd = browserHasPasskeys();

  return (
    <section aria-labelledby="passkeys-heading" css={{ marginTop: '1.5rem' }}>
      <h3 id="passkeys-heading" css={{ margin: '0 0 0.5rem', fontSize: '1rem', fontWeight: 600 }}>
        Passkeys
      </h3>
      <p css={{ margin: '0 0 0.75rem' }}>
        Sign in with your face, fingerprint or screen lock instead of a password. A passkey also stands in for a code
        from your authenticator app.
      </p>
      <ResourceState
        resource={passkeys}
        loadingLabel="Loading your passkeys"
        errorTitle="Your passkeys could not be loaded"
        errorText={errorMessage}
      >
        {(items) =>
          items.length === 0 ? (
            <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>No passkeys yet.</p>
          ) : (
            <ul aria-label="Your passkeys" css={{ ...plainList, display: 'grid', gap: '0.75rem' }}>
              {items.map((passkey) => (
                <PasskeyItem
                  key={passkey.id}
                  passkey={passkey}
                  onRenamed={(renamed) => {
                    toast.success(`Renamed to ${renamed.name}.`);
                    passkeys.reload();
                  }}
                  onRemove={setRemoving}
                />
              ))}
            </ul>
          )
        }
      </ResourceState>
      {!canAdd ? (
        <p css={(theme) => ({ marginTop: '1rem', color: theme.colors.textMuted })}>This browser cannot use passkeys.</p>
      ) : adding ? (
        <AddPasskeyForm
          onAdded={(added) => {
            setAdding(false);
            toast.success(`Passkey added: ${added.name}.`);
            passkeys.reload();
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <div css={{ marginTop: '1rem' }}>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        </div>
      )}
      {removing ? (
        <RemovePasskeyDialog
          passkey={removing}
          onRemoved={() => {
            toast.success(`Removed ${removing.name}. It signs in no more.`);
            setRemoving(null);
            passkeys.reload();
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

/** @jsxImportSource @emotion/react */
import { useEffect, useRef, useState } from 'react';
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
  // After adding, cancelling or removing, the focus goes to "Add a passkey" (the form or the row it
  // was in is gone), once the list shows the change.
  const addButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (adding || passkeys.loading || !refocus.current) return;
    refocus.current = false;
    addButton.current?.focus();
  }, [adding, passkeys.loading]);
  const backToAdd = () => {
    refocus.current = true;
    setAdding(false);
  };

  return (
    <section aria-labelledby="passkeys-heading" css={{ marginTop: '1.5rem' }}>
      <h3 id="passkeys-heading" css={{ margin: '0 0 0.5rem', fontSize: '1rem', fontWeight: 600 }}>
        Passkeys
      </h3>
      <p css={{ margin: '0 0 0.75rem' }}>
        Sign in with your face, fingerprint or screen lock instead of a password. A passkey also stands in for a code
        from your authenticator app.
      </p>
      <ResourceState resource={passkeys} what="your passkeys" errorText={errorMessage}>
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
            backToAdd();
            toast.success(`Passkey added: ${added.name}.`);
            passkeys.reload();
          }}
          onCancel={backToAdd}
        />
      ) : (
        <div css={{ marginTop: '1rem' }}>
          <Button ref={addButton} variant="secondary" onClick={() => setAdding(true)}>
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
            refocus.current = true;
            passkeys.reload();
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

/** @jsxImportSource @emotion/react */
import { useEffect, useRef, useState } from 'react';
import type { Passkey } from '@kloof/api-client';
import { Badge, Button, formatDateTime, itemRow } from '@kloof/ui';
import { RenamePasskeyForm } from './RenamePasskeyForm';

interface Props {
  passkey: Passkey;
  onRenamed: (passkey: Passkey) => void;
  onRemove: (passkey: Passkey) => void;
}

/** One passkey: its name, when it was added and last used, whether it is synced; Rename and Remove. */
export function PasskeyItem({ passkey, onRenamed, onRemove }: Props) {
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Once the rename form has gone (saved or cancelled), the focus goes back to its Rename button.
  const renamed = useRef(false);
  useEffect(() => {
    if (renaming || !renamed.current) return;
    renamed.current = false;
    renameButton.current?.focus();
  }, [renaming]);
  const doneRenaming = (passkeyRenamed: Passkey | null) => {
    renamed.current = true;
    setRenaming(false);
    if (passkeyRenamed) onRenamed(passkeyRenamed);
  };
  return (
    <li css={itemRow}>
      {renaming ? (
        <RenamePasskeyForm passkey={passkey} onDone={doneRenaming} />
      ) : (
        <>
          <div css={{ minWidth: 0, flex: '1 1 14rem', overflowWrap: 'anywhere' }}>
            <p css={{ margin: 0, fontWeight: 600, display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
              {passkey.name}
              {passkey.synced ? <Badge tone="primary">Synced</Badge> : null}
            </p>
            <p css={(theme) => ({ margin: '0.25rem 0 0', color: theme.colors.textMuted, fontSize: '0.9375rem' })}>
              Added {formatDateTime(passkey.createdAt)} · last used{' '}
              {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
            </p>
          </div>
          <div css={{ display: 'flex', gap: '0.5rem' }}>
            <Button
              ref={renameButton}
              variant="secondary"
              size="sm"
              aria-label={`Rename ${passkey.name}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Remove ${passkey.name}`}
              onClick={() => onRemove(passkey)}
            >
              Remove
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** @jsxImportSource @emotion/react */
import { useRef, useState } from 'react';
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
  const doneRenaming = (renamed: Passkey | null) => {
    setRenaming(false);
    if (renamed) onRenamed(renamed);
    // Back where the person was, once the button is there again.
    requestAnimationFrame(() => renameButton.current?.focus());
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

/** @jsxImportSource @emotion/react */
import { useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog, DialogActions } from './Dialog';
import { FormError } from '../form/Form';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs the action; the dialog stays open with the button busy until it settles. */
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
  /** Error text of a failed attempt, shown inside the dialog. */
  error?: string | null;
}

/** Asks before a destructive action (delete): Cancel has the focus, so Enter never deletes by accident. */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel, error }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onCancel} size="sm">
      <div css={(theme) => ({ color: theme.colors.textMuted })}>{children}</div>
      <FormError>{error ?? null}</FormError>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
